import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DeliveryError, readHistory, readRegistry, releaseRemote, reportFailedBuild, rollbackRemote } from './delivery';
import type { Locations } from './locations';
import { findRemote, type RemoteDescriptor } from './remotes';

type Shared = { name: string; version: string; requiredVersion: string; singleton: boolean };
const react19: Shared = { name: 'react', version: '19.3.1', requiredVersion: '^19.3.1', singleton: true };
const react18: Shared = { name: 'react', version: '18.3.1', requiredVersion: '^18.3.1', singleton: true };

function remote(name: string): RemoteDescriptor {
  const found = findRemote(name);
  if (!found) throw new Error(name);
  return found;
}

async function writeBuild(dir: string, shared: Shared[], marker: string): Promise<void> {
  await fs.mkdir(dir, { recursive: true });
  await fs.writeFile(path.join(dir, 'mf-manifest.json'), JSON.stringify({ name: 'x', shared }));
  await fs.writeFile(path.join(dir, 'remoteEntry.js'), `/* ${marker} */`);
}

describe('release and rollback', () => {
  let root: string;
  let locations: Locations;
  const crm = remote('crm');
  const oa = remote('remote-oa');
  const at = (minute: number) => new Date(Date.UTC(2026, 10, 21, 10, minute, 0));

  beforeEach(async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'delivery-'));
    await fs.writeFile(path.join(root, 'pnpm-workspace.yaml'), 'packages: []\n');
    await writeBuild(path.join(root, 'shell', 'dist'), [react19], 'shell');
    for (const r of [crm, oa]) {
      await fs.mkdir(path.join(root, r.packageDir), { recursive: true });
      await fs.writeFile(path.join(root, r.packageDir, 'package.json'), JSON.stringify({ name: r.packageName, version: '0.1.0' }));
      await writeBuild(path.join(root, r.packageDir, 'dist'), [react19], `${r.area} build 1`);
    }
    locations = { repoRoot: root, dataDir: path.join(root, 'data'), mfDir: path.join(root, 'data', 'mf') };
  });
  afterEach(() => fs.rm(root, { recursive: true, force: true }));

  it('copies the dist into a versioned folder, points the registry at it and logs it', async () => {
    const result = await releaseRemote(locations, crm, { now: at(15) });
    expect(result.folder).toMatch(/^0\.1\.0-20261121T101500-[0-9a-f]{8}$/);
    const copied = await fs.readFile(path.join(locations.mfDir, 'remote-crm', result.folder, 'remoteEntry.js'), 'utf8');
    expect(copied).toBe('/* crm build 1 */');
    expect(await readRegistry(locations.mfDir)).toEqual({
      remotes: { crm: { name: 'remote_crm', version: result.folder, entry: `/mf/remote-crm/${result.folder}/mf-manifest.json` } },
    });
    const history = await readHistory(locations.mfDir);
    expect(history.events).toEqual([expect.objectContaining({ area: 'crm', action: 'release', folder: result.folder, version: '0.1.0' })]);
  });

  it('changes only the released remote entry and uses --version', async () => {
    const first = await releaseRemote(locations, oa, { now: at(1) });
    await releaseRemote(locations, crm, { now: at(2) });
    const registryBefore = await readRegistry(locations.mfDir);
    const second = await releaseRemote(locations, crm, { now: at(3), version: '0.2.0' });
    const registryAfter = await readRegistry(locations.mfDir);
    expect(second.folder.startsWith('0.2.0-20261121T100300-')).toBe(true);
    expect(registryAfter.remotes.oa).toEqual(registryBefore.remotes.oa);
    expect(registryAfter.remotes.oa?.version).toBe(first.folder);
    expect(registryAfter.remotes.crm?.version).toBe(second.folder);
  });

  it('never overwrites an existing release folder', async () => {
    await releaseRemote(locations, crm, { now: at(15) });
    await expect(releaseRemote(locations, crm, { now: at(15) })).rejects.toThrow(/already exists/);
    expect((await readHistory(locations.mfDir)).events).toHaveLength(1);
  });

  it('refuses a build whose shared singletons do not satisfy the shell, naming package and ranges', async () => {
    await writeBuild(path.join(root, 'remote-crm', 'dist'), [react18], 'old react');
    const attempt = releaseRemote(locations, crm, { now: at(15) });
    await expect(attempt).rejects.toBeInstanceOf(DeliveryError);
    await expect(releaseRemote(locations, crm, { now: at(15) })).rejects.toThrow(
      /@portal\/remote-crm[\s\S]*react: @portal\/remote-crm has 18\.3\.1, requires \^18\.3\.1; the shell has 19\.3\.1 and requires \^19\.3\.1/,
    );
    expect(await readRegistry(locations.mfDir)).toEqual({ remotes: {} });
    await expect(fs.readdir(path.join(locations.mfDir, 'remote-crm'))).rejects.toThrow();
  });

  it('refuses a remote that needs a shared module the shell does not provide, writing nothing', async () => {
    const zustand: Shared = { name: 'zustand', version: '5.0.8', requiredVersion: '^5.0.8', singleton: true };
    await writeBuild(path.join(root, 'remote-crm', 'dist'), [react19, zustand], 'crm needs zustand');
    await expect(releaseRemote(locations, crm)).rejects.toThrow(/needs shared modules the shell does not provide[^]*- zustand/);
    expect(await readRegistry(locations.mfDir)).toEqual({ remotes: {} });
  });

  describe('antd shared as a facade (the shell provides only the names it lists)', () => {
    const antd: Shared = { name: 'antd', version: '6.6.8', requiredVersion: '^6.6.8', singleton: true };
    const writeExports = (dir: string, record: object) => fs.writeFile(path.join(dir, 'shared-exports.json'), JSON.stringify(record));
    const shellDist = () => path.join(root, 'shell', 'dist');
    const crmDist = () => path.join(root, 'remote-crm', 'dist');

    beforeEach(async () => {
      await writeBuild(shellDist(), [react19, antd], 'shell');
      await writeExports(shellDist(), { uses: { antd: ['Button'] }, provides: { antd: ['Button', 'Table', 'Tag'] } });
      await writeBuild(crmDist(), [react19, antd], 'crm');
    });

    it('releases a remote that uses only names the shell provides', async () => {
      await writeExports(crmDist(), { uses: { antd: ['Button', 'Table'] } });
      await expect(releaseRemote(locations, crm)).resolves.toMatchObject({ remote: crm });
    });

    it('refuses a remote using names the shell lacks, naming them, and writes nothing', async () => {
      await writeExports(crmDist(), { uses: { antd: ['Button', 'Timeline', 'Calendar'] } });
      await expect(releaseRemote(locations, crm)).rejects.toThrow(/uses exports the shell's shared facades do not provide[^]*- antd: Calendar, Timeline$/);
      expect(await readRegistry(locations.mfDir)).toEqual({ remotes: {} });
    });

    it('refuses a remote built before the facade (no record), and a rollback to such a build', async () => {
      await expect(releaseRemote(locations, crm)).rejects.toThrow(/has no shared-exports\.json[^]*antd/);
      // A shell built before the facade (no record of its own) shares antd whole: anything goes.
      await fs.rm(path.join(shellDist(), 'shared-exports.json'));
      const old = await releaseRemote(locations, crm, { now: at(1) });
      await writeBuild(crmDist(), [react19, antd], 'crm 2');
      await writeExports(crmDist(), { uses: { antd: ['Button'] } });
      await releaseRemote(locations, crm, { now: at(2) });
      await writeExports(shellDist(), { uses: {}, provides: { antd: ['Button'] } });
      await expect(rollbackRemote(locations, crm, { to: old.folder })).rejects.toThrow(/has no shared-exports\.json/);
    });

    it('never keeps as the fallback a build the redeployed shell cannot run', async () => {
      await writeExports(crmDist(), { uses: { antd: ['Button', 'Table'] } });
      const one = await releaseRemote(locations, crm, { now: at(1) });
      // The shell is redeployed without Table (another part layout): build one would fail in it.
      await writeExports(shellDist(), { uses: {}, provides: { antd: ['Button'] } });
      await writeBuild(crmDist(), [react19, antd], 'crm 2');
      await writeExports(crmDist(), { uses: { antd: ['Button'] } });
      const two = await releaseRemote(locations, crm, { now: at(2) });
      expect((await readRegistry(locations.mfDir)).remotes.crm).toEqual({ name: 'remote_crm', version: two.folder, entry: two.entry });
      // With the shell that runs it, the replaced build is the fallback as before.
      await writeExports(shellDist(), { uses: {}, provides: { antd: ['Button', 'Table'] } });
      await writeBuild(crmDist(), [react19, antd], 'crm 3');
      const three = await releaseRemote(locations, crm, { now: at(3) });
      expect((await readRegistry(locations.mfDir)).remotes.crm).toMatchObject({ version: three.folder, lastGood: { version: two.folder } });
      expect(one.folder).not.toBe(two.folder);
    });

    it('refuses a remote whose record does not parse or has the wrong shape, as a release error', async () => {
      await fs.writeFile(path.join(crmDist(), 'shared-exports.json'), '{"uses": ');
      await expect(releaseRemote(locations, crm)).rejects.toThrow(DeliveryError);
      await writeExports(crmDist(), { uses: { antd: 'Button' } });
      await expect(releaseRemote(locations, crm)).rejects.toThrow(/"uses\.antd" is not a list of names/);
      await expect(releaseRemote(locations, crm)).rejects.toThrow(DeliveryError);
      expect(await readRegistry(locations.mfDir)).toEqual({ remotes: {} });
    });

    it('refuses a remote whose record predates a later facade (no names recorded for its key)', async () => {
      const router: Shared = { name: 'react-router-dom', version: '7.18.5', requiredVersion: '^7.18.5', singleton: true };
      await writeBuild(shellDist(), [react19, antd, router], 'shell');
      await writeExports(shellDist(), { uses: {}, provides: { antd: ['Button'], 'react-router-dom': ['Link'] } });
      await writeBuild(crmDist(), [react19, antd, router], 'crm');
      await writeExports(crmDist(), { uses: { antd: ['Button'] } });
      await expect(releaseRemote(locations, crm)).rejects.toThrow(/records nothing for react-router-dom/);
      await writeExports(crmDist(), { uses: { antd: ['Button'], 'react-router-dom': ['Link'] } });
      await expect(releaseRemote(locations, crm)).resolves.toMatchObject({ remote: crm });
    });
  });

  it('refuses a dist without mf-manifest.json', async () => {
    await fs.rm(path.join(root, 'remote-crm', 'dist', 'mf-manifest.json'));
    await expect(releaseRemote(locations, crm)).rejects.toThrow(/mf-manifest\.json is missing/);
  });

  it('rolls back to the previous release, then further back, never rebuilding', async () => {
    const one = await releaseRemote(locations, crm, { now: at(1) });
    await writeBuild(path.join(root, 'remote-crm', 'dist'), [react19], 'crm build 2');
    const two = await releaseRemote(locations, crm, { now: at(2) });
    await writeBuild(path.join(root, 'remote-crm', 'dist'), [react19], 'crm build 3');
    const three = await releaseRemote(locations, crm, { now: at(3) });
    const oaRelease = await releaseRemote(locations, oa, { now: at(4) });

    const back = await rollbackRemote(locations, crm, { now: at(5) });
    expect(back).toMatchObject({ folder: two.folder, previousFolder: three.folder });
    expect((await rollbackRemote(locations, crm, { now: at(6) })).folder).toBe(one.folder);
    await expect(rollbackRemote(locations, crm)).rejects.toThrow(/no earlier release/);

    const registry = await readRegistry(locations.mfDir);
    expect(registry.remotes.crm?.entry).toBe(`/mf/remote-crm/${one.folder}/mf-manifest.json`);
    expect(registry.remotes.oa?.version).toBe(oaRelease.folder);
    const events = (await readHistory(locations.mfDir)).events.filter((e) => e.area === 'crm').map((e) => `${e.action}:${e.folder}`);
    expect(events).toEqual([`release:${one.folder}`, `release:${two.folder}`, `release:${three.folder}`, `rollback:${two.folder}`, `rollback:${one.folder}`]);
    expect(await fs.readFile(path.join(locations.mfDir, 'remote-crm', three.folder, 'remoteEntry.js'), 'utf8')).toBe('/* crm build 3 */');
  });

  it('rolls back to a named folder that exists and refuses one that does not', async () => {
    const one = await releaseRemote(locations, crm, { now: at(1) });
    await writeBuild(path.join(root, 'remote-crm', 'dist'), [react19], 'crm build 2');
    await releaseRemote(locations, crm, { now: at(2) });
    expect((await rollbackRemote(locations, crm, { to: one.folder })).entry).toBe(`/mf/remote-crm/${one.folder}/mf-manifest.json`);
    await expect(rollbackRemote(locations, crm, { to: 'nope' })).rejects.toThrow(/does not exist/);
    await expect(rollbackRemote(locations, crm, { to: '../remote-oa' })).rejects.toThrow(/Invalid release folder/);
    await expect(rollbackRemote(locations, crm, { to: one.folder })).rejects.toThrow(/already get/);
  });
});

describe('self-healing: lastGood, bad and failure reports', () => {
  let root: string;
  let locations: Locations;
  const bi = remote('bi');
  const at = (minute: number) => new Date(Date.UTC(2026, 10, 21, 10, minute, 0));

  async function releaseBuild(marker: string, minute: number) {
    await writeBuild(path.join(root, 'remote-bi', 'dist'), [react19], marker);
    return releaseRemote(locations, bi, { now: at(minute) });
  }

  beforeEach(async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'delivery-heal-'));
    await fs.writeFile(path.join(root, 'pnpm-workspace.yaml'), 'packages: []\n');
    await writeBuild(path.join(root, 'shell', 'dist'), [react19], 'shell');
    await fs.mkdir(path.join(root, 'remote-bi'), { recursive: true });
    await fs.writeFile(path.join(root, 'remote-bi', 'package.json'), JSON.stringify({ name: '@portal/remote-bi', version: '0.1.0' }));
    locations = { repoRoot: root, dataDir: path.join(root, 'data'), mfDir: path.join(root, 'data', 'mf') };
  });
  afterEach(() => fs.rm(root, { recursive: true, force: true }));

  it('records the replaced build as lastGood on release, and releases another folder with --dist', async () => {
    const one = await releaseBuild('one', 1);
    const other = path.join(root, 'elsewhere');
    await writeBuild(other, [react19], 'from elsewhere');
    const two = await releaseRemote(locations, bi, { now: at(2), distDir: other });
    expect(await fs.readFile(path.join(locations.mfDir, 'remote-bi', two.folder, 'remoteEntry.js'), 'utf8')).toBe('/* from elsewhere */');
    expect((await readRegistry(locations.mfDir)).remotes.bi).toEqual({
      name: 'remote_bi',
      version: two.folder,
      entry: two.entry,
      lastGood: { name: 'remote_bi', version: one.folder, entry: one.entry },
    });
  });

  it('marks a failed current build bad and points users back at the last good build', async () => {
    const one = await releaseBuild('one', 1);
    const two = await releaseBuild('two', 2);
    const three = await releaseBuild('three (broken)', 3);
    const outcome = await reportFailedBuild(locations, bi, three.folder, { now: at(4), by: '张三 (sales1)', note: 'boom' });
    expect(outcome).toMatchObject({ status: 'marked', markedBad: three.folder, rolledBack: { folder: two.folder, previousFolder: three.folder } });
    const entry = (await readRegistry(locations.mfDir)).remotes.bi;
    expect(entry).toEqual({
      name: 'remote_bi',
      version: two.folder,
      entry: two.entry,
      lastGood: { name: 'remote_bi', version: one.folder, entry: one.entry },
      bad: [three.folder],
    });
    const events = (await readHistory(locations.mfDir)).events.map((e) => `${e.action}:${e.folder}:${e.by ?? ''}`);
    expect(events.slice(-2)).toEqual([`mark-bad:${three.folder}:张三 (sales1)`, `rollback:${two.folder}:自动`]);

    // A second report of the same build changes nothing; the last good build and unknown folders are never marked.
    expect(await reportFailedBuild(locations, bi, three.folder)).toEqual({ status: 'ignored', reason: 'already-bad' });
    expect(await reportFailedBuild(locations, bi, one.folder)).toEqual({ status: 'ignored', reason: 'last-good' });
    expect(await reportFailedBuild(locations, bi, '0.0.0-19700101T000000-deadbeef')).toEqual({ status: 'ignored', reason: 'unknown-folder' });
    expect(await reportFailedBuild(locations, bi, '../x')).toEqual({ status: 'ignored', reason: 'unknown-folder' });
    expect(await reportFailedBuild(locations, remote('crm'), 'x')).toEqual({ status: 'ignored', reason: 'unknown-remote' });

    // The bad build is never the fallback of a later release, and a rollback never goes to it.
    const four = await releaseBuild('four', 5);
    expect((await readRegistry(locations.mfDir)).remotes.bi).toMatchObject({ version: four.folder, lastGood: { version: two.folder }, bad: [three.folder] });
    await expect(rollbackRemote(locations, bi, { to: three.folder })).rejects.toThrow(/marked bad/);
    expect((await rollbackRemote(locations, bi, { by: '系统管理员 (admin)' })).folder).toBe(two.folder);
    expect((await rollbackRemote(locations, bi)).folder).toBe(one.folder);
    expect((await readHistory(locations.mfDir)).events.at(-2)?.by).toBe('系统管理员 (admin)');
  });

  it('only marks a build that is no longer current, and keeps a current build without a last good one', async () => {
    const one = await releaseBuild('one', 1);
    expect(await reportFailedBuild(locations, bi, one.folder)).toEqual({ status: 'marked', markedBad: one.folder });
    expect((await readRegistry(locations.mfDir)).remotes.bi).toMatchObject({ version: one.folder, bad: [one.folder] });
    const two = await releaseBuild('two', 2);
    expect((await readRegistry(locations.mfDir)).remotes.bi?.lastGood).toBeUndefined();
    const three = await releaseBuild('three', 3);
    const four = await releaseBuild('four', 4);
    await rollbackRemote(locations, bi, { to: two.folder });
    // After a rollback the build it replaced is the last good one, and stays unmarked.
    expect(await reportFailedBuild(locations, bi, four.folder)).toEqual({ status: 'ignored', reason: 'last-good' });
    expect(await reportFailedBuild(locations, bi, three.folder)).toEqual({ status: 'marked', markedBad: three.folder });
    expect((await readRegistry(locations.mfDir)).remotes.bi).toMatchObject({
      version: two.folder,
      lastGood: { version: four.folder },
      bad: [one.folder, three.folder],
    });
  });

  it('serialises concurrent reports: one mark, one rollback', async () => {
    await releaseBuild('one', 1);
    const two = await releaseBuild('two (broken)', 2);
    const outcomes = await Promise.all([1, 2, 3].map(() => reportFailedBuild(locations, bi, two.folder)));
    expect(outcomes.filter((o) => o.status === 'marked')).toHaveLength(1);
    expect((await readHistory(locations.mfDir)).events.filter((e) => e.action === 'rollback')).toHaveLength(1);
  });
});
