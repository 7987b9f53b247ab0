/** Regions (spec §7): bare arrays of {id, name}; provinces, then cities and districts by parent. */
import { api } from '@portal/shared-core';
import type { Region } from '@portal/shared-contract';
import { regionKeys } from '../query/query-keys';

export type { Region };

/** 1 province, 2 city, 3 district. */
export type RegionLevel = 1 | 2 | 3;

export async function fetchRegions(level: RegionLevel, parentid?: number): Promise<Region[]> {
  const params = level === 1 ? { type: 1, status: 0 } : { type: level, parentid };
  const regions = await api.get<Region[]>('Api/city/list/', params);
  return Array.isArray(regions) ? regions : [];
}

/**
 * The query of one level of regions: provinces for the empty path, else the children of the last
 * region of `path` (`[province]` → its cities). Regions never change while the portal runs.
 */
export function regionsQuery(path: readonly number[]) {
  const level = (path.length + 1) as RegionLevel;
  const parentid = path.length > 0 ? path[path.length - 1] : undefined;
  return {
    queryKey: regionKeys.level(level === 1 ? { type: 1, status: 0 } : { type: level, parentid }),
    queryFn: () => fetchRegions(level, parentid),
    staleTime: Infinity,
  };
}
