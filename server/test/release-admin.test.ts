/**
 * Self-healing delivery and 版本管理 (issue #13 §5): a browser's failure report marks the build bad,
 * points users back at the last good build and tells the administrators; administrators list the
 * releases and roll back with the same code as `pnpm rollback`.
 */
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readHistory, readRegistry, releaseRemote } from '../src/release/delivery';
import type { Locations } from '../src/release/locations';
import { findRemote } from '../src/release/remotes';
import { MSG_REPORT_THROTTLED, REPORT_LIMIT } from '../src/modules/system/release/release.routes';
import { DEMO, startServer, type TestServer } from './harness';

type Envelope<T = unknown> = { result: string; msg: string; data: T };
type RemoteReleases = {
  area: string;
  current: string | null;
  lastGood: string | null;
  bad: string[];
  releases: { folder: string; version: string; releasedBy: string; shared: Record<string, string>; current: boolean; lastGood: boolean; bad: boolean }[];
  log: { action: string; folder: string; by: string }[];
};

const shared = [
  { name: 'react', version: '19.3.1', requiredVersion: '^19.3.1', singleton: true },
  { name: 'antd', version: '6.6.8', requiredVersion: '^6.6.8', singleton: true },
];
const bi = findRemote('bi')!;

let root: string;
let locations: Locations;
let s: TestServer;
let admin: string;
let sales: string;
let folders: string[];

async function writeBuild(dir: string, marker: string): Promise<void> {
  await fs.mkdir(dir, { recursive: true });
  await fs.writeFile(path.join(dir, 'mf-manifest.json'), JSON.stringify({ name: 'remote_bi', shared }));
  await fs.writeFile(path.join(dir, 'remoteEntry.js'), `/* ${marker} */`);
}

async function notificationsOf(userId: number) {
  return s.app.portal.db.selectFrom('notifications').select(['cont', 'kind']).where('user_id', '=', userId).where('kind', '=', 'system').execute();
}

async function userId(username: string): Promise<number> {
  return (await s.app.portal.db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id;
}

beforeAll(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'release-admin-'));
  await fs.writeFile(path.join(root, 'pnpm-workspace.yaml'), 'packages: []\n');
  await writeBuild(path.join(root, 'shell', 'dist'), 'shell');
  await fs.mkdir(path.join(root, 'remote-bi'), { recursive: true });
  await fs.writeFile(path.join(root, 'remote-bi', 'package.json'), JSON.stringify({ name: '@portal/remote-bi', version: '0.3.0' }));
  locations = { repoRoot: root, dataDir: root, mfDir: path.join(root, 'mf') };
  folders = [];
  for (const [i, marker] of ['one', 'two', 'three (broken)'].entries()) {
    await writeBuild(path.join(root, 'remote-bi', 'dist'), marker);
    folders.push((await releaseRemote(locations, bi, { now: new Date(Date.UTC(2026, 10, 20, 8, i)) })).folder);
  }
  s = await startServer({ repoRoot: root, mfDir: locations.mfDir });
  admin = await s.login(...DEMO.admin);
  sales = await s.login(...DEMO.sales);
});
afterAll(async () => {
  await s?.close();
  await fs.rm(root, { recursive: true, force: true });
});

describe('POST /api/release/report', () => {
  it('refuses anonymous reports and validates the body', async () => {
    expect((await s.post('/api/release/report', { remote: 'bi', folder: folders[2] })).status).toBe(401);
    const cases: Record<string, unknown>[] = [
      { remote: 'bi' },
      { remote: 'nope', folder: folders[2] },
      { remote: 'bi', folder: '../remote-crm' },
      { remote: 'bi', folder: folders[2], error: 'x'.repeat(4001) },
      { remote: 'bi', folder: folders[2], fallback: 'a/b' },
    ];
    for (const body of cases) {
      const res = await s.post<Envelope>('/api/release/report', body, { token: sales });
      expect([res.status, res.body.result]).toEqual([400, 'error']);
    }
    expect((await readRegistry(locations.mfDir)).remotes.bi?.version).toBe(folders[2]);
  });

  it('ignores the last good build and unknown folders: nothing marked, nobody notified', async () => {
    for (const folder of [folders[1], '0.0.0-19700101T000000-deadbeef']) {
      const res = await s.post<Envelope<{ marked: boolean }>>('/api/release/report', { remote: 'bi', folder, error: 'x' }, { token: sales });
      expect(res.status).toBe(200);
      expect(res.body.data.marked).toBe(false);
    }
    expect((await readRegistry(locations.mfDir)).remotes.bi).toMatchObject({ version: folders[2], lastGood: { version: folders[1] } });
    expect((await readRegistry(locations.mfDir)).remotes.bi?.bad).toBeUndefined();
    expect(await notificationsOf(await userId('admin'))).toEqual([]);
  });

  it('marks the failed build bad, rolls back to the last good one, logs who, and notifies administrators once', async () => {
    const longError = `Error: deliberately broken build ${'堆栈'.repeat(1000)}`;
    const res = await s.post<Envelope<{ marked: boolean; current: string }>>(
      '/api/release/report',
      { remote: 'bi', folder: folders[2], error: longError, fallback: folders[1] },
      { token: sales, form: false },
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ result: 'success', data: { marked: true, current: folders[1] } });
    const entry = (await readRegistry(locations.mfDir)).remotes.bi;
    expect(entry).toMatchObject({ version: folders[1], lastGood: { version: folders[0] }, bad: [folders[2]] });
    const events = (await readHistory(locations.mfDir)).events.slice(-2);
    expect(events.map((e) => [e.action, e.folder])).toEqual([
      ['mark-bad', folders[2]],
      ['rollback', folders[1]],
    ]);
    expect(events[1].by).toBe('自动');
    expect(events[0].by).toMatch(/\(sales1\)$/);
    expect([...(events[0].note ?? '')].length).toBe(300);

    const adminNotes = await notificationsOf(await userId('admin'));
    expect(adminNotes).toHaveLength(1);
    expect(adminNotes[0].cont).toContain(`模块版本 ${folders[2]}`);
    expect(adminNotes[0].cont).toContain(`已自动回滚到 ${folders[1]}`);
    expect(await notificationsOf(await userId('sales1'))).toEqual([]);

    // The same failure reported again (another user, another tab) changes nothing and notifies nobody.
    const again = await s.post<Envelope<{ marked: boolean }>>('/api/release/report', { remote: 'bi', folder: folders[2], error: 'again' }, { token: admin });
    expect(again.body.data.marked).toBe(false);
    expect(await notificationsOf(await userId('admin'))).toHaveLength(1);
  });

  it('limits reports per user', async () => {
    const manager = await s.login(...DEMO.manager);
    const replies = [];
    for (let i = 0; i <= REPORT_LIMIT.perUser; i += 1)
      replies.push(await s.post<Envelope>('/api/release/report', { remote: 'bi', folder: folders[2] }, { token: manager }));
    expect(replies.slice(0, REPORT_LIMIT.perUser).every((r) => r.status === 200)).toBe(true);
    expect(replies.at(-1)).toMatchObject({ status: 429, body: { result: 'error', msg: MSG_REPORT_THROTTLED } });
    // Another user is not affected.
    expect((await s.post('/api/release/report', { remote: 'bi', folder: folders[2] }, { token: sales })).status).toBe(200);
  });
});

describe('版本管理', () => {
  it('lists each remote with its releases, shared versions and marks, for administrators only', async () => {
    expect((await s.post('/api/release/list', {}, { token: sales })).status).toBe(403);
    const res = await s.post<Envelope<RemoteReleases[]>>('/api/release/list', {}, { token: admin });
    expect(res.status).toBe(200);
    expect(res.body.data.map((r) => r.area)).toEqual(['crm', 'oa', 'bi', 'system']);
    const biRow = res.body.data.find((r) => r.area === 'bi')!;
    expect(biRow).toMatchObject({ current: folders[1], lastGood: folders[0], bad: [folders[2]] });
    expect(biRow.releases.map((r) => [r.folder, r.current, r.lastGood, r.bad])).toEqual([
      [folders[2], false, false, true],
      [folders[1], true, false, false],
      [folders[0], false, true, false],
    ]);
    expect(biRow.releases[0]).toMatchObject({ version: '0.3.0', releasedBy: '命令行', shared: { react: '19.3.1', antd: '6.6.8' } });
    expect(biRow.log[0]).toMatchObject({ action: 'rollback', by: '自动' });
  });

  it('rolls back with a click, recorded with who; refuses a bad build and other users', async () => {
    expect((await s.post('/api/release/rollback', { remote: 'bi', folder: folders[0] }, { token: sales })).status).toBe(403);
    const refused = await s.post<Envelope>('/api/release/rollback', { remote: 'bi', folder: folders[2] }, { token: admin });
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toBe(`版本“${folders[2]}”已标记为故障，不能回滚到该版本`);
    const missing = await s.post<Envelope>('/api/release/rollback', { remote: 'bi', folder: '0.0.0-19700101T000000-deadbeef' }, { token: admin });
    expect([missing.status, missing.body.msg]).toEqual([400, '版本“0.0.0-19700101T000000-deadbeef”不存在']);
    const current = (await readRegistry(locations.mfDir)).remotes.bi?.version as string;
    const again = await s.post<Envelope>('/api/release/rollback', { remote: 'bi', folder: current }, { token: admin });
    expect([again.status, again.body.msg]).toEqual([400, `版本“${current}”已是当前版本`]);

    const res = await s.post<Envelope<{ current: string; previous: string }>>('/api/release/rollback', { remote: 'bi', folder: folders[0] }, { token: admin });
    expect(res.body).toMatchObject({ result: 'success', msg: '回滚成功', data: { current: folders[0], previous: folders[1] } });
    expect((await readRegistry(locations.mfDir)).remotes.bi).toMatchObject({ version: folders[0], lastGood: { version: folders[1] }, bad: [folders[2]] });
    expect((await readHistory(locations.mfDir)).events.at(-1)).toMatchObject({ action: 'rollback', folder: folders[0], by: '系统管理员 (admin)' });
  });
});
