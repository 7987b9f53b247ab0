import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../app-context';
import { guarded, type ActorResolver } from '../../../http/auth';
import { badRequest } from '../../../http/errors';
import { integer, requestInput } from '../../../http/input';
import { apiPath } from '../../../http/url';

export type RegionOption = { id: number; name: string };

/**
 * GET /Api/city/list/?type=1&status=0 (provinces), type=2&parentid= (cities), type=3&parentid=
 * (districts): bare arrays [{id, name}] sorted by division code, from the indexed regions table.
 * A municipality's only city is 市辖区 (see region-seed.ts).
 */
export function registerRegionRoutes(app: FastifyInstance, ctx: AppContext, resolve: ActorResolver): void {
  app.get(apiPath('/Api/city/list/'), { preHandler: guarded(resolve) }, async (request): Promise<RegionOption[]> => {
    const input = requestInput(request);
    const level = integer(input, 'type', undefined, { min: 1, max: 3, message: '地区级别参数不正确（type 只能是1、2或3）' });
    if (level === undefined) throw badRequest('地区级别参数不正确（type 只能是1、2或3）');
    const status = integer(input, 'status', undefined, { min: 0, max: 1, message: '地区状态参数不正确' });
    let parentId = 0;
    if (level > 1) {
      const given = integer(input, 'parentid', undefined, { min: 1, message: '上级地区参数不正确' });
      if (given === undefined) throw badRequest(level === 2 ? '请先选择省份' : '请先选择城市');
      parentId = given;
    }
    let query = ctx.db.selectFrom('regions').select(['id', 'name']).where('level', '=', level).where('parent_id', '=', parentId);
    if (status !== undefined) query = query.where('status', '=', status);
    const rows = await query.orderBy('id').execute();
    if (rows.length === 0 && level > 1) {
      // An empty answer for a parent that does not exist (at the level above) is a bad request.
      const parent = await ctx.db.selectFrom('regions').select('id').where('id', '=', parentId).where('level', '=', level - 1).executeTakeFirst();
      if (!parent) throw badRequest('上级地区不存在');
    }
    return rows;
  });
}
