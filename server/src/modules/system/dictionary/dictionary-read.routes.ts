import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../app-context';
import type { ActorResolver } from '../../../http/auth';
import { Fields, Text } from '../../../http/input-fields';
import { defineRoute, mountRoutes } from '../../../http/route';
import { dictionaryOptions, type DictionaryOption } from './dictionary.service';

/**
 * Reading the data dictionary: `GET api/Status/json?types=` for every logged-in user (the choices of a
 * `statusSelect` field). The administration of types and values belongs to the system area.
 */
export function registerDictionaryReadRoutes(app: FastifyInstance, ctx: AppContext, resolve: ActorResolver): void {
  mountRoutes(app, resolve, [
    defineRoute({
      method: 'GET',
      url: '/api/Status/json',
      summary: '数据字典：某一类型的启用值（statusSelect 选项）',
      tag: 'system',
      access: 'login',
      record: 'none',
      input: Fields({ types: Text('字典类型', 50, { pattern: '^[A-Za-z0-9_]*$' }) }),
      handler: async ({ input }): Promise<DictionaryOption[]> =>
        dictionaryOptions(ctx.db, input.types),
    }),
  ]);
}
