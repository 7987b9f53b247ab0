/**
 * `/mf/registry.json`: which build of each remote users get (never cached). An entry may carry
 * `lastGood` (the build to fall back to when the current one fails to load) and `bad` (builds that
 * failed that way); registries written before those fields read the same as before.
 */
import { REMOTE_AREAS, type RemoteArea } from '@portal/shared-core';

export type RegistryBuild = { name: string; version: string; entry: string };
export type RegistryEntry = RegistryBuild & { lastGood?: RegistryBuild; bad?: string[] };
export type Registry = { remotes: Partial<Record<RemoteArea, RegistryEntry>> };

export const REGISTRY_URL = '/mf/registry.json';

function isBuild(value: unknown): value is RegistryBuild {
  const v = value as Partial<RegistryBuild> | null;
  return typeof v === 'object' && v !== null && typeof v.name === 'string' && typeof v.entry === 'string';
}

const buildOf = (b: RegistryBuild): RegistryBuild => ({ name: b.name, version: String(b.version ?? ''), entry: b.entry });

/** Reads the registry; entries that are malformed or for unknown areas are left out (a malformed lastGood or bad only is dropped). */
export async function fetchRegistry(fetchImpl: typeof fetch = fetch): Promise<Registry> {
  const response = await fetchImpl(REGISTRY_URL, { cache: 'no-store' });
  if (!response.ok) throw new Error(`registry: HTTP ${response.status}`);
  const body = (await response.json()) as { remotes?: Record<string, unknown> };
  const remotes: Registry['remotes'] = {};
  for (const area of REMOTE_AREAS) {
    const entry = body.remotes?.[area];
    if (!isBuild(entry)) continue;
    const { lastGood, bad } = entry as { lastGood?: unknown; bad?: unknown };
    const badList = Array.isArray(bad) ? bad.filter((b): b is string => typeof b === 'string') : [];
    remotes[area] = {
      ...buildOf(entry),
      ...(isBuild(lastGood) && !badList.includes(String(lastGood.version)) ? { lastGood: buildOf(lastGood) } : {}),
      ...(badList.length > 0 ? { bad: badList } : {}),
    };
  }
  return { remotes };
}
