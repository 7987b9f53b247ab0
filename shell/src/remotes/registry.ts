/** `/mf/registry.json`: which build of each remote users get (never cached). */
import { REMOTE_AREAS, type RemoteArea } from '@portal/shared-core';

export type RegistryEntry = { name: string; version: string; entry: string };
export type Registry = { remotes: Partial<Record<RemoteArea, RegistryEntry>> };

export const REGISTRY_URL = '/mf/registry.json';

function isEntry(value: unknown): value is RegistryEntry {
  const v = value as Partial<RegistryEntry> | null;
  return typeof v === 'object' && v !== null && typeof v.name === 'string' && typeof v.entry === 'string';
}

/** Reads the registry; entries that are malformed or for unknown areas are left out. */
export async function fetchRegistry(fetchImpl: typeof fetch = fetch): Promise<Registry> {
  const response = await fetchImpl(REGISTRY_URL, { cache: 'no-store' });
  if (!response.ok) throw new Error(`registry: HTTP ${response.status}`);
  const body = (await response.json()) as { remotes?: Record<string, unknown> };
  const remotes: Registry['remotes'] = {};
  for (const area of REMOTE_AREAS) {
    const entry = body.remotes?.[area];
    if (isEntry(entry)) remotes[area] = { name: entry.name, version: String(entry.version ?? ''), entry: entry.entry };
  }
  return { remotes };
}
