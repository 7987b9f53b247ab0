/**
 * Release and rollback of one remote. Neither builds anything: a release copies an existing
 * `<remote>/dist` into an immutable folder under MF_DIR and points the registry at it; a rollback
 * points the registry at a folder released before. Only that remote's registry entry changes.
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { appendEvent, emptyHistory, parseHistory, previousRelease, type History, type HistoryEvent } from './history';
import { readJsonFile, writeJsonFileAtomic } from './json-file';
import type { Locations } from './locations';
import { emptyRegistry, manifestUrl, parseRegistry, withRemoteEntry, type Registry } from './registry';
import { contentHash, copyImmutable, exists, isSafeFolderName, releaseFolderName } from './release-folder';
import type { RemoteDescriptor } from './remotes';
import { describeMismatches, findSharedMismatches } from './shared-compat';
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

async function assertCompatibleWithShell(locations: Locations, remote: RemoteDescriptor, buildDir: string): Promise<void> {
  const manifestFile = path.join(buildDir, 'mf-manifest.json');
  const manifest = await readJsonFile(manifestFile);
  if (manifest === undefined) throw new DeliveryError(`${remote.packageName}: ${manifestFile} is missing (build the remote first: pnpm --filter ${remote.packageName} run build)`);
  const { requirements } = await loadShellRequirements(locations.repoRoot);
  const mismatches = findSharedMismatches(sharedListOf(manifest, manifestFile), requirements);
  if (mismatches.length > 0) throw new DeliveryError(describeMismatches(remote.packageName, mismatches));
}

async function pointRegistryAt(
  locations: Locations,
  remote: RemoteDescriptor,
  folder: string,
  version: string,
  action: HistoryEvent['action'],
  now: Date,
): Promise<DeliveryResult> {
  const entry = manifestUrl(remote.packageDir, folder);
  const registry = await readRegistry(locations.mfDir);
  const previousFolder = registry.remotes[remote.area]?.version;
  await writeJsonFileAtomic(registryFile(locations.mfDir), withRemoteEntry(registry, remote.area, { name: remote.mfName, version: folder, entry }));
  const history = appendEvent(await readHistory(locations.mfDir), {
    area: remote.area, action, folder, version, entry, previousFolder, at: now.toISOString(),
  });
  await writeJsonFileAtomic(historyFile(locations.mfDir), history);
  return { remote, folder, entry, previousFolder };
}

export type ReleaseOptions = { version?: string; now?: Date };

export async function releaseRemote(locations: Locations, remote: RemoteDescriptor, options: ReleaseOptions = {}): Promise<DeliveryResult> {
  const distDir = path.join(locations.repoRoot, remote.packageDir, 'dist');
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
  return pointRegistryAt(locations, remote, folder, version, 'release', now);
}

export type RollbackOptions = { to?: string; now?: Date };

export async function rollbackRemote(locations: Locations, remote: RemoteDescriptor, options: RollbackOptions = {}): Promise<DeliveryResult> {
  const history = await readHistory(locations.mfDir);
  const current = (await readRegistry(locations.mfDir)).remotes[remote.area]?.version;
  let folder: string;
  let version: string;
  if (options.to !== undefined) {
    if (!isSafeFolderName(options.to)) throw new DeliveryError(`Invalid release folder name "${options.to}"`);
    folder = options.to;
    const known = history.events.find((e) => e.area === remote.area && e.folder === folder);
    version = known?.version ?? folder.split('-')[0] ?? folder;
  } else {
    const previous = previousRelease(history, remote.area, current);
    if (!previous) throw new DeliveryError(`${remote.packageName}: no earlier release to roll back to (current: ${current ?? 'none'})`);
    folder = previous.folder;
    version = previous.version;
  }
  if (folder === current) throw new DeliveryError(`${remote.packageName}: users already get ${folder}`);
  const releaseDir = path.join(locations.mfDir, remote.packageDir, folder);
  if (!(await exists(path.join(releaseDir, 'mf-manifest.json')))) {
    throw new DeliveryError(`${remote.packageName}: release folder ${releaseDir} does not exist or has no mf-manifest.json`);
  }
  await assertCompatibleWithShell(locations, remote, releaseDir);
  return pointRegistryAt(locations, remote, folder, version, 'rollback', options.now ?? new Date());
}

async function packageVersion(packageDir: string): Promise<string> {
  const pkg = JSON.parse(await fs.readFile(path.join(packageDir, 'package.json'), 'utf8')) as { version?: string };
  return pkg.version ?? '0.0.0';
}
