/** Regions (spec §7): bare arrays of {id, name}; provinces, then cities and districts by parent. */
import { api } from '@portal/shared-core';

export type Region = { id: number; name: string };

/** 1 province, 2 city, 3 district. */
export type RegionLevel = 1 | 2 | 3;

export async function fetchRegions(level: RegionLevel, parentid?: number): Promise<Region[]> {
  const params = level === 1 ? { type: 1, status: 0 } : { type: level, parentid };
  const regions = await api.get<Region[]>('Api/city/list/', params);
  return Array.isArray(regions) ? regions : [];
}
