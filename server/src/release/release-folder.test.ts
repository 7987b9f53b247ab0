import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { contentHash, copyImmutable, isSafeFolderName, releaseFolderName, utcStamp } from './release-folder';

describe('release folder names', () => {
  const date = new Date(Date.UTC(2026, 10, 21, 10, 15, 0));

  it('is <version>-<UTC stamp>-<8-char hash>', () => {
    expect(utcStamp(date)).toBe('20261121T101500');
    expect(releaseFolderName('0.1.0', date, 'ab12cd34ef56')).toBe('0.1.0-20261121T101500-ab12cd34');
  });

  it('refuses versions that would escape the folder', () => {
    expect(() => releaseFolderName('../x', date, 'ab')).toThrow('Invalid version');
    expect(isSafeFolderName('0.1.0-20261121T101500-ab12cd34')).toBe(true);
    expect(isSafeFolderName('../etc')).toBe(false);
    expect(isSafeFolderName('..')).toBe(false);
  });
});

describe('contentHash and copyImmutable', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'release-folder-'));
    await fs.mkdir(path.join(dir, 'src', 'js'), { recursive: true });
    await fs.writeFile(path.join(dir, 'src', 'mf-manifest.json'), '{}');
    await fs.writeFile(path.join(dir, 'src', 'js', 'a.js'), 'console.log(1)');
  });
  afterEach(() => fs.rm(dir, { recursive: true, force: true }));

  it('changes when a file changes and is stable otherwise', async () => {
    const first = await contentHash(path.join(dir, 'src'));
    expect(await contentHash(path.join(dir, 'src'))).toBe(first);
    await fs.writeFile(path.join(dir, 'src', 'js', 'a.js'), 'console.log(2)');
    expect(await contentHash(path.join(dir, 'src'))).not.toBe(first);
  });

  it('copies the whole tree and never overwrites an existing folder', async () => {
    const target = path.join(dir, 'mf', 'remote-crm', 'v1');
    await copyImmutable(path.join(dir, 'src'), target);
    expect(await fs.readFile(path.join(target, 'js', 'a.js'), 'utf8')).toBe('console.log(1)');
    await fs.writeFile(path.join(dir, 'src', 'js', 'a.js'), 'changed');
    await expect(copyImmutable(path.join(dir, 'src'), target)).rejects.toThrow('already exists');
    expect(await fs.readFile(path.join(target, 'js', 'a.js'), 'utf8')).toBe('console.log(1)');
    expect(await fs.readdir(path.join(dir, 'mf', 'remote-crm'))).toEqual(['v1']);
  });
});
