/**
 * `<MF_DIR>/registry.json`: which build of each remote users get. The shell fetches it on every page
 * load (served no-store), so rewriting one entry is the whole of a release or a rollback.
 *
 * Self-healing delivery (issue #13 §5): an entry may also carry `lastGood`, the build users got before
 * the current one that was current and not marked bad (the shell falls back to it when the current
 * build fails to load), and `bad`, the release folders that failed that way (never a fallback, never
 * made current again by the server). Both are optional: a registry written before them still reads.
 */
import type { RemoteArea } from './remotes';

/** A build of a remote: its container name, release folder and manifest URL. */
export type RegistryBuild = {
  /** Module Federation container name, e.g. `remote_crm`. */
  name: string;
  /** The release folder, e.g. `0.1.0-20261121T101500-ab12cd34`. */
  version: string;
  /** Manifest URL (relative to the portal or absolute). */
  entry: string;
};

export type RegistryEntry = RegistryBuild & {
  /** The last build that was current and not marked bad, other than this one. */
  lastGood?: RegistryBuild;
  /** Release folders that failed to load in users' browsers (reported by the shell). */
  bad?: string[];
};

export type Registry = { remotes: Partial<Record<RemoteArea, RegistryEntry>> };

export function emptyRegistry(): Registry {
  return { remotes: {} };
}

function isBuild(value: unknown): value is RegistryBuild {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.name === 'string' && typeof v.version === 'string' && typeof v.entry === 'string';
}

function isEntry(value: unknown): value is RegistryEntry {
  if (!isBuild(value)) return false;
  const v = value as Record<string, unknown>;
  if (v.lastGood !== undefined && !isBuild(v.lastGood)) return false;
  return v.bad === undefined || (Array.isArray(v.bad) && v.bad.every((b) => typeof b === 'string'));
}

/** Validates parsed JSON; unknown keys are kept, malformed entries make it throw. */
export function parseRegistry(json: unknown): Registry {
  if (typeof json !== 'object' || json === null) throw new Error('registry.json is not an object');
  const remotes = (json as { remotes?: unknown }).remotes ?? {};
  if (typeof remotes !== 'object' || remotes === null) throw new Error('registry.json: "remotes" is not an object');
  for (const [area, entry] of Object.entries(remotes)) {
    if (!isEntry(entry)) throw new Error(`registry.json: entry "${area}" needs name, version and entry strings (lastGood likewise, bad a list of folders)`);
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

const buildOf = (b: RegistryBuild): RegistryBuild => ({ name: b.name, version: b.version, entry: b.entry });

/**
 * The entry that replaces `previous` when users are pointed at `next`: `bad` is carried over, and
 * `lastGood` is the replaced build unless it is marked bad, is `next` itself or no longer runs in the
 * shell, else the replaced entry's own last-good (same conditions), else `olderGood` (the caller's
 * pick from the history).
 */
export function nextEntry(
  previous: RegistryEntry | undefined,
  next: RegistryBuild,
  olderGood?: RegistryBuild,
  /** False for a folder that no longer runs in the current shell (delivery.ts checks each candidate). */
  runsInShell: (folder: string) => boolean = () => true,
): RegistryEntry {
  const bad = previous?.bad ?? [];
  const usable = (b: RegistryBuild | undefined): b is RegistryBuild =>
    b !== undefined && b.version !== next.version && !bad.includes(b.version) && runsInShell(b.version);
  const lastGood = [previous, previous?.lastGood, olderGood].find(usable);
  return { ...buildOf(next), ...(lastGood ? { lastGood: buildOf(lastGood) } : {}), ...(bad.length > 0 ? { bad: [...bad] } : {}) };
}

/** The entry with `folder` marked bad (a no-op when it already is). */
export function markBad(entry: RegistryEntry, folder: string): RegistryEntry {
  const bad = entry.bad ?? [];
  return bad.includes(folder) ? entry : { ...entry, bad: [...bad, folder] };
}

export function isBad(entry: RegistryEntry | undefined, folder: string): boolean {
  return (entry?.bad ?? []).includes(folder);
}
