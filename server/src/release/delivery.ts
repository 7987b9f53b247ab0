/**
 * Release and rollback of one remote. Neither builds anything: a release copies an existing
 * `<remote>/dist` into an immutable folder under MF_DIR and points the registry at it; a rollback
 * points the registry at a folder released before. Only that remote's registry entry changes.
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { appendEvent, emptyHistory, latestGoodFolder, parseHistory, previousRelease, type History, type HistoryEvent } from './history';
import { readJsonFile, writeJsonFileAtomic } from './json-file';
import type { Locations } from './locations';
import { emptyRegistry, isBad, manifestUrl, markBad, nextEntry, parseRegistry, withRemoteEntry, type Registry, type RegistryEntry } from './registry';
import { contentHash, copyImmutable, exists, isSafeFolderName, releaseFolderName } from './release-folder';
import type { RemoteDescriptor } from './remotes';
import { describeMismatches, describeUnprovided, findSharedMismatches, findUnprovided } from './shared-compat';
import { describeMissingExports, describeUnrecorded, findMissingExports, readSharedExports } from './shared-exports';
import { loadShellRequirements, sharedListOf } from './shell-requirements';

/** A refusal the CLI reports as a one-line (or few-line) message with exit code 1. */
export class DeliveryError extends Error {}

export type DeliveryResult = { remote: RemoteDescriptor; folder: string; entry: string; previousFolder?: string };

const registryFile = (mfDir: string) => path.join(mfDir, 'registry.json');
const historyFile = (mfDir: string) => path.join(mfDir, 'history.json');

export async function readRegistry(mfDir: string): Promise<Registry> {
  const json = await readJsonFile(registryFile(mfDir));
  return json === undefined ? emptyRegistry() : parseRegistry(json);
}

export async function readHistory(mfDir: string): Promise<History> {
  const json = await readJsonFile(historyFile(mfDir));
  return json === undefined ? emptyHistory() : parseHistory(json);
}

type Shell = Awaited<ReturnType<typeof loadShellRequirements>>;

async function assertCompatibleWithShell(locations: Locations, remote: RemoteDescriptor, buildDir: string, shell?: Shell): Promise<void> {
  const manifestFile = path.join(buildDir, 'mf-manifest.json');
  // A build whose files do not parse is the build's fault: refused like any other incompatible build.
  const asDeliveryError = (error: Error): never => {
    throw new DeliveryError(`${remote.packageName}: ${error.message}`);
  };
  const manifest = await readJsonFile(manifestFile).catch(asDeliveryError);
  if (manifest === undefined)
    throw new DeliveryError(`${remote.packageName}: ${manifestFile} is missing (build the remote first: pnpm --filter ${remote.packageName} run build)`);
  const { requirements, provides, exports } = shell ?? (await loadShellRequirements(locations.repoRoot));
  const shared = sharedListOf(manifest, manifestFile);
  const unprovided = findUnprovided(shared, provides);
  if (unprovided.length > 0) throw new DeliveryError(describeUnprovided(remote.packageName, unprovided));
  // Keys the shell shares as a facade (antd, react-router-dom): the remote may use only the facade's
  // names, and its build must have recorded them (a build from before a facade has no record of its key).
  const record = await readSharedExports(buildDir).catch(asDeliveryError);
  const facadeKeys = shared.map((s) => s.name).filter((name) => Object.hasOwn(exports, name));
  const unrecorded = facadeKeys.filter((key) => !record || !Object.hasOwn(record.uses, key));
  if (unrecorded.length > 0) throw new DeliveryError(describeUnrecorded(remote.packageName, unrecorded, record !== undefined));
  if (record) {
    const missing = findMissingExports(record.uses, exports);
    if (missing.length > 0) throw new DeliveryError(describeMissingExports(remote.packageName, missing));
  }
  const mismatches = findSharedMismatches(shared, requirements);
  if (mismatches.length > 0) throw new DeliveryError(describeMismatches(remote.packageName, mismatches));
}

/** Whether a released folder of the remote passes the release checks against the current shell. */
async function runsInShell(locations: Locations, remote: RemoteDescriptor, folder: string, shell: Shell): Promise<boolean> {
  try {
    await assertCompatibleWithShell(locations, remote, path.join(locations.mfDir, remote.packageDir, folder), shell);
    return true;
  } catch (error) {
    if (error instanceof DeliveryError) return false;
    throw error;
  }
}

/** Who and why, recorded in the history (the command line records neither). */
export type EventAuthor = { by?: string; note?: string };

/**
 * Registry and history changes of one process run one at a time (the server may get several
 * reports at once); each file is still replaced atomically, so readers see the old or the new one.
 */
let registryQueue: Promise<unknown> = Promise.resolve();
export function serialised<T>(task: () => Promise<T>): Promise<T> {
  const run = registryQueue.then(task, task);
  registryQueue = run.catch(() => undefined);
  return run;
}

/** The history event the registry's new entry falls back to when nothing better is known. */
function olderGoodBuild(history: History, remote: RemoteDescriptor, folder: string, bad: readonly string[]) {
  const event = latestGoodFolder(history, remote.area, folder, bad);
  return event ? { name: remote.mfName, version: event.folder, entry: event.entry } : undefined;
}

async function pointRegistryAt(
  locations: Locations,
  remote: RemoteDescriptor,
  folder: string,
  version: string,
  action: HistoryEvent['action'],
  now: Date,
  author: EventAuthor = {},
  change: (entry: RegistryEntry | undefined) => RegistryEntry | undefined = (entry) => entry,
): Promise<DeliveryResult> {
  const entry = manifestUrl(remote.packageDir, folder);
  const registry = await readRegistry(locations.mfDir);
  const replaced = change(registry.remotes[remote.area]);
  const previousFolder = registry.remotes[remote.area]?.version;
  let history = await readHistory(locations.mfDir);
  const olderGood = olderGoodBuild(history, remote, folder, replaced?.bad ?? []);
  // A fallback must run in the shell users have now: after the shell is redeployed (another antd part
  // layout, a newer React) an older build may not, and falling back to it would fail too.
  const candidates = new Set([replaced, replaced?.lastGood, olderGood].flatMap((build) => (build && build.version !== folder ? [build.version] : [])));
  const shell = await loadShellRequirements(locations.repoRoot);
  const notInShell = new Set<string>();
  for (const candidate of candidates) if (!(await runsInShell(locations, remote, candidate, shell))) notInShell.add(candidate);
  const next = nextEntry(replaced, { name: remote.mfName, version: folder, entry }, olderGood, (version) => !notInShell.has(version));
  await writeJsonFileAtomic(registryFile(locations.mfDir), withRemoteEntry(registry, remote.area, next));
  history = appendEvent(history, { area: remote.area, action, folder, version, entry, previousFolder, at: now.toISOString(), ...author });
  await writeJsonFileAtomic(historyFile(locations.mfDir), history);
  return { remote, folder, entry, previousFolder };
}

export type ReleaseOptions = { version?: string; now?: Date; /** Release this folder instead of `<remote>/dist`. */ distDir?: string };

export async function releaseRemote(locations: Locations, remote: RemoteDescriptor, options: ReleaseOptions = {}): Promise<DeliveryResult> {
  const distDir = options.distDir ? path.resolve(options.distDir) : path.join(locations.repoRoot, remote.packageDir, 'dist');
  await assertCompatibleWithShell(locations, remote, distDir);
  const version = options.version ?? (await packageVersion(path.join(locations.repoRoot, remote.packageDir)));
  const now = options.now ?? new Date();
  let folder: string;
  try {
    folder = releaseFolderName(version, now, await contentHash(distDir));
  } catch (error) {
    throw new DeliveryError((error as Error).message);
  }
  const target = path.join(locations.mfDir, remote.packageDir, folder);
  if (await exists(target)) throw new DeliveryError(`${remote.packageName}: release folder ${target} already exists; release folders are never overwritten`);
  await copyImmutable(distDir, target);
  return serialised(() => pointRegistryAt(locations, remote, folder, version, 'release', now));
}

export type RollbackOptions = { to?: string; now?: Date } & EventAuthor;

export async function rollbackRemote(locations: Locations, remote: RemoteDescriptor, options: RollbackOptions = {}): Promise<DeliveryResult> {
  return serialised(async () => {
    const history = await readHistory(locations.mfDir);
    const currentEntry = (await readRegistry(locations.mfDir)).remotes[remote.area];
    const current = currentEntry?.version;
    let folder: string;
    let version: string;
    if (options.to !== undefined) {
      if (!isSafeFolderName(options.to)) throw new DeliveryError(`Invalid release folder name "${options.to}"`);
      folder = options.to;
      const known = history.events.find((e) => e.area === remote.area && e.folder === folder && e.action !== 'mark-bad');
      version = known?.version ?? folder.split('-')[0] ?? folder;
    } else {
      const previous = previousRelease(history, remote.area, current, currentEntry?.bad);
      if (!previous) throw new DeliveryError(`${remote.packageName}: no earlier release to roll back to (current: ${current ?? 'none'})`);
      folder = previous.folder;
      version = previous.version;
    }
    if (folder === current) throw new DeliveryError(`${remote.packageName}: users already get ${folder}`);
    if (isBad(currentEntry, folder)) throw new DeliveryError(`${remote.packageName}: release ${folder} is marked bad (it failed to load in a browser)`);
    const releaseDir = path.join(locations.mfDir, remote.packageDir, folder);
    if (!(await exists(path.join(releaseDir, 'mf-manifest.json')))) {
      throw new DeliveryError(`${remote.packageName}: release folder ${releaseDir} does not exist or has no mf-manifest.json`);
    }
    await assertCompatibleWithShell(locations, remote, releaseDir);
    return pointRegistryAt(locations, remote, folder, version, 'rollback', options.now ?? new Date(), { by: options.by, note: options.note });
  });
}

/** What a failure report changed: `marked` (the folder is now bad), `rolledBack` (users now get the last good build). */
export type FailureOutcome =
  | { status: 'marked'; markedBad: string; rolledBack?: DeliveryResult }
  | { status: 'ignored'; reason: 'unknown-remote' | 'unknown-folder' | 'last-good' | 'already-bad' };

/**
 * A browser could not load `folder` of `remote` (its manifest, entry or `routes` module failed) and
 * fell back to the last good build. Marks the folder bad and, when users still get it, points the
 * registry at the last good build, so later page loads skip the broken one. Never marks the
 * last-good build or a folder this remote never had; a folder already bad changes nothing.
 */
export async function reportFailedBuild(
  locations: Locations,
  remote: RemoteDescriptor,
  folder: string,
  options: { now?: Date; by?: string; note?: string } = {},
): Promise<FailureOutcome> {
  return serialised(async () => {
    const registry = await readRegistry(locations.mfDir);
    const entry = registry.remotes[remote.area];
    if (!entry) return { status: 'ignored', reason: 'unknown-remote' };
    if (!isSafeFolderName(folder)) return { status: 'ignored', reason: 'unknown-folder' };
    if (entry.lastGood?.version === folder) return { status: 'ignored', reason: 'last-good' };
    if (isBad(entry, folder)) return { status: 'ignored', reason: 'already-bad' };
    const history = await readHistory(locations.mfDir);
    const known = folder === entry.version || history.events.some((e) => e.area === remote.area && e.folder === folder);
    if (!known) return { status: 'ignored', reason: 'unknown-folder' };
    const now = options.now ?? new Date();
    const author = { by: options.by, note: options.note };
    const marked = markBad(entry, folder);
    const badEvent: HistoryEvent = {
      area: remote.area,
      action: 'mark-bad',
      folder,
      version: folder.split('-')[0] ?? folder,
      entry: manifestUrl(remote.packageDir, folder),
      previousFolder: entry.version,
      at: now.toISOString(),
      ...author,
    };
    const lastGood = entry.lastGood;
    const lastGoodUsable = lastGood !== undefined && (await exists(path.join(locations.mfDir, remote.packageDir, lastGood.version, 'mf-manifest.json')));
    if (folder !== entry.version || !lastGood || !lastGoodUsable) {
      await writeJsonFileAtomic(registryFile(locations.mfDir), withRemoteEntry(registry, remote.area, marked));
      await writeJsonFileAtomic(historyFile(locations.mfDir), appendEvent(history, badEvent));
      return { status: 'marked', markedBad: folder };
    }
    await writeJsonFileAtomic(historyFile(locations.mfDir), appendEvent(history, badEvent));
    const knownVersion = history.events.find((e) => e.area === remote.area && e.folder === lastGood.version && e.action !== 'mark-bad')?.version;
    const rolledBack = await pointRegistryAt(
      locations,
      remote,
      lastGood.version,
      knownVersion ?? lastGood.version.split('-')[0] ?? lastGood.version,
      'rollback',
      now,
      { by: '自动', note: options.note },
      () => marked,
    );
    return { status: 'marked', markedBad: folder, rolledBack };
  });
}

async function packageVersion(packageDir: string): Promise<string> {
  const pkg = JSON.parse(await fs.readFile(path.join(packageDir, 'package.json'), 'utf8')) as { version?: string };
  return pkg.version ?? '0.0.0';
}
