/** 省、市、区县 from the indexed regions table, sorted by division code (region-seed.ts). */
import type { Region } from '@portal/shared-contract';
import type { AppContext } from '../../../app-context';
import { badRequest } from '../../../http/errors';

export type RegionOption = Region;

/** Provinces (type 1), or the cities (2) or districts (3) of `parentid`; `status` narrows. */
export async function listRegions(ctx: AppContext, input: { type: number; status?: number; parentid?: number }): Promise<RegionOption[]> {
  const level = input.type;
  let parentId = 0;
  if (level > 1) {
    if (input.parentid === undefined) throw badRequest(level === 2 ? '请先选择省份' : '请先选择城市');
    parentId = input.parentid;
  }
  let query = ctx.db.selectFrom('regions').select(['id', 'name']).where('level', '=', level).where('parent_id', '=', parentId);
  if (input.status !== undefined) query = query.where('status', '=', input.status);
  const rows = await query.orderBy('id').execute();
  if (rows.length === 0 && level > 1) {
    // An empty answer for a parent that does not exist (at the level above) is a bad request.
    const parent = await ctx.db
      .selectFrom('regions')
      .select('id')
      .where('id', '=', parentId)
      .where('level', '=', level - 1)
      .executeTakeFirst();
    if (!parent) throw badRequest('上级地区不存在');
  }
  return rows;
}
