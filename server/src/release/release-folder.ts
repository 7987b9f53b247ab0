/**
 * Release folders: `<version>-<UTC timestamp>-<short content hash>`, immutable once written.
 */
import { createHash } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';

/** `20261121T101500` for 2026-11-21 10:15:00 UTC. */
export function utcStamp(date: Date): string {
  return date
    .toISOString()
    .replace(/\.\d{3}Z$/, '')
    .replace(/[-:]/g, '');
}

export function releaseFolderName(version: string, date: Date, contentHash: string): string {
  if (!/^[0-9A-Za-z.+_-]+$/.test(version)) throw new Error(`Invalid version "${version}" (letters, digits, . + _ - only)`);
  return `${version}-${utcStamp(date)}-${contentHash.slice(0, 8)}`;
}

/** A folder name that is safe to use under MF_DIR (no path separators, no `..`). */
export function isSafeFolderName(folder: string): boolean {
  return /^[0-9A-Za-z.+_-]+$/.test(folder) && folder !== '.' && folder !== '..';
}

async function listFiles(dir: string, prefix = ''): Promise<string[]> {
  const entries = await fs.readdir(dir, { withFileTypes: true });
  const files: string[] = [];
  for (const entry of entries) {
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) files.push(...(await listFiles(path.join(dir, entry.name), relative)));
    else if (entry.isFile()) files.push(relative);
  }
  return files;
}

/** SHA-256 (hex) over the sorted relative paths and contents of every file in `dir`. */
export async function contentHash(dir: string): Promise<string> {
  const hash = createHash('sha256');
  for (const file of (await listFiles(dir)).sort()) {
    hash.update(file).update('\0');
    hash.update(await fs.readFile(path.join(dir, file))).update('\0');
  }
  return hash.digest('hex');
}

/**
 * Copies `source` to `target`, which must not exist: the copy is written next to it under a
 * temporary name and renamed into place, so a half-copied release is never visible.
 */
export async function copyImmutable(source: string, target: string): Promise<void> {
  if (await exists(target)) throw new Error(`Release folder ${target} already exists; release folders are never overwritten`);
  const temp = `${target}.tmp-${process.pid}-${Date.now()}`;
  await fs.mkdir(path.dirname(target), { recursive: true });
  try {
    await fs.cp(source, temp, { recursive: true, errorOnExist: true, force: false });
    await fs.rename(temp, target);
  } catch (error) {
    await fs.rm(temp, { recursive: true, force: true });
    throw error;
  }
}

export async function exists(file: string): Promise<boolean> {
  try {
    await fs.access(file);
    return true;
  } catch {
    return false;
  }
}
