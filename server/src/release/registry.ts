/**
 * `<MF_DIR>/registry.json`: which build of each remote users get. The shell fetches it on every page
 * load (served no-store), so rewriting one entry is the whole of a release or a rollback.
 */
import type { RemoteArea } from './remotes';

export type RegistryEntry = {
  /** Module Federation container name, e.g. `remote_crm`. */
  name: string;
  /** The release folder, e.g. `0.1.0-20261121T101500-ab12cd34`. */
  version: string;
  /** Manifest URL (relative to the portal or absolute). */
  entry: string;
};

export type Registry = { remotes: Partial<Record<RemoteArea, RegistryEntry>> };

export function emptyRegistry(): Registry {
  return { remotes: {} };
}

function isEntry(value: unknown): value is RegistryEntry {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.name === 'string' && typeof v.version === 'string' && typeof v.entry === 'string';
}

/** Validates parsed JSON; unknown keys are kept, malformed entries make it throw. */
export function parseRegistry(json: unknown): Registry {
  if (typeof json !== 'object' || json === null) throw new Error('registry.json is not an object');
  const remotes = (json as { remotes?: unknown }).remotes ?? {};
  if (typeof remotes !== 'object' || remotes === null) throw new Error('registry.json: "remotes" is not an object');
  for (const [area, entry] of Object.entries(remotes)) {
    if (!isEntry(entry)) throw new Error(`registry.json: entry "${area}" needs name, version and entry strings`);
  }
  return { ...(json as object), remotes: remotes as Registry['remotes'] };
}

/** A new registry where only `area` changed. */
export function withRemoteEntry(registry: Registry, area: RemoteArea, entry: RegistryEntry): Registry {
  return { ...registry, remotes: { ...registry.remotes, [area]: entry } };
}

/** The manifest URL the shell uses for a release folder. */
export function manifestUrl(packageDir: string, folder: string): string {
  return `/mf/${packageDir}/${folder}/mf-manifest.json`;
}
