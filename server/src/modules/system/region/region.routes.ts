import { RegionListReply } from '@portal/shared-contract';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../app-context';
import type { ActorResolver } from '../../../http/auth';
import { Fields, Id, Integer } from '../../../http/input-fields';
import { defineRoute, mountRoutes } from '../../../http/route';
import { listRegions } from './region.service';

const MSG_LEVEL = '地区级别参数不正确（type 只能是1、2或3）';

/**
 * GET /Api/city/list/?type=1&status=0 (provinces), type=2&parentid= (cities), type=3&parentid=
 * (districts): bare arrays [{id, name}] sorted by division code, from the indexed regions table.
 * A municipality's only city is 市辖区 (see region-seed.ts).
 */
export function registerRegionRoutes(app: FastifyInstance, ctx: AppContext, resolve: ActorResolver): void {
  mountRoutes(app, resolve, [
    defineRoute({
      method: 'GET',
      url: '/Api/city/list/',
      summary: '省、市、区县列表（type=1 省份；type=2/3 需 parentid）',
      tag: 'system',
      access: 'login',
      record: 'none',
      input: Fields({
        type: Integer('地区级别', { min: 1, max: 3 }, { messages: { missing: MSG_LEVEL, invalid: MSG_LEVEL } }),
        status: Type.Optional(Integer('地区状态', { min: 0, max: 1 }, { messages: { invalid: '地区状态参数不正确' } })),
        parentid: Type.Optional(Id('上级地区', { messages: { invalid: '上级地区参数不正确' } })),
      }),
      reply: RegionListReply,
      handler: async ({ input }) => listRegions(ctx, input),
    }),
  ]);
}
