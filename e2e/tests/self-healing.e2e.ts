/**
 * Self-healing delivery (issue #13 §5): a deliberately broken build of remote-bi (its `routes` chunk
 * throws) is released with the release command; a signed-in user opens 统计分析 and it works on the
 * previous build; the registry marks the broken folder bad and points back at the previous build; the
 * administrator has a notification and sees the broken release marked in 版本管理.
 */
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { logIn, openBrowser, screenshot, useBrowser, waitForPage, type BrowserSession } from '../support/browser';
import { apiCall, apiLogin, artifactsDir, deliveryCommand, portalState, readRegistry, repoRoot, writeRegistry, type Registry } from '../support/portal';

type HealedEntry = { name: string; version: string; entry: string; lastGood?: { version: string; entry: string }; bad?: string[] };
const UNAVAILABLE = '该模块暂时无法加载';

/** Polls `check` until it returns a value (not undefined) or the time is up. */
async function eventually<T>(what: string, check: () => T | undefined | Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** A copy of remote-bi's build whose exposed `routes` chunk throws when it loads. */
function brokenBiBuild(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'portal-e2e-broken-bi-'));
  cpSync(path.join(repoRoot, 'remote-bi', 'dist'), dir, { recursive: true });
  const chunk = readdirSync(dir).find((f) => /^__federation_expose_routes\.[0-9a-f]+\.js$/.test(f));
  if (!chunk) throw new Error('remote-bi/dist has no __federation_expose_routes chunk');
  writeFileSync(path.join(dir, chunk), "throw new Error('deliberately broken build (e2e)');\n");
  // The precompressed siblings would still carry the working chunk.
  rmSync(path.join(dir, `${chunk}.br`), { force: true });
  rmSync(path.join(dir, `${chunk}.gz`), { force: true });
  return dir;
}

describe('a broken release of one remote heals itself', () => {
  const browser = useBrowser();
  const { mfDir } = portalState();
  let original: Registry;
  let admin: BrowserSession | undefined;
  let brokenDir = '';

  beforeAll(() => {
    original = readRegistry(mfDir);
    brokenDir = brokenBiBuild();
  });
  afterAll(async () => {
    await admin?.close();
    rmSync(brokenDir, { recursive: true, force: true });
    // The next test files expect the registry as the setup released it (remote-down.e2e.ts: no last good build).
    writeRegistry(mfDir, original);
  });

  it('keeps users on the previous build, marks the broken one bad and tells the administrators', async () => {
    const good = original.remotes.bi;
    if (!good) throw new Error('bi is not in the registry');

    const release = deliveryCommand(['release', 'bi', '--version', '9.9.9-broken', '--dist', brokenDir], mfDir);
    expect(release).toMatchObject({ status: 0 });
    const released = readRegistry(mfDir).remotes.bi as HealedEntry;
    const brokenFolder = released.version;
    expect(brokenFolder).toMatch(/^9\.9\.9-broken-/);
    expect(released.lastGood).toMatchObject({ version: good.version, entry: good.entry });

    // A signed-in user opens the area: the broken build is tried, the previous one is shown.
    const { page } = browser();
    const brokenManifest = page.waitForResponse((r) => r.url().includes(`/mf/remote-bi/${brokenFolder}/mf-manifest.json`));
    const goodManifest = page.waitForResponse((r) => r.url().includes(`/mf/remote-bi/${good.version}/mf-manifest.json`) && r.ok());
    const report = page.waitForResponse((r) => /\/api\/release\/report$/i.test(new URL(r.url()).pathname));
    await logIn(page, 'manager1', 'manager123');
    await page.goto('/bi/customer/count');
    await Promise.all([brokenManifest, goodManifest]);
    await waitForPage(page, '客户数量统计');
    await expect(page.getByText(UNAVAILABLE).count()).resolves.toBe(0);
    await screenshot(page, 'g-bi-on-last-good-build');
    const reported = (await (await report).json()) as { result: string; data?: { marked: boolean; current: string } };
    expect(reported).toMatchObject({ result: 'success', data: { marked: true, current: good.version } });

    // The registry: the broken folder is bad and users get the previous build again.
    const healed = await eventually('the registry to mark the broken build bad', () => {
      const entry = readRegistry(mfDir).remotes.bi as HealedEntry;
      return entry.bad?.includes(brokenFolder) ? entry : undefined;
    });
    expect(healed.version).toBe(good.version);
    expect(healed.entry).toBe(good.entry);

    // The server logged it (e2e/artifacts/server.log holds the server's output).
    const serverLog = path.join(artifactsDir, 'server.log');
    await eventually('the server log line', () => (existsSync(serverLog) && readFileSync(serverLog, 'utf8').includes(brokenFolder) ? true : undefined));

    // A later page load gets the previous build straight away.
    const straight = page.waitForResponse((r) => /\/mf\/remote-bi\/[^/]+\/mf-manifest\.json$/.test(r.url()));
    await page.goto('/bi/customerRank');
    expect((await straight).url()).toContain(`/mf/remote-bi/${good.version}/`);
    await waitForPage(page, '客户排名');

    // The administrator has a notification …
    const adminToken = (await apiLogin('admin', 'admin123')).LoginToken;
    const note = await eventually('the administrator notification', async () => {
      const { body } = await apiCall<never>('api/notification/index', { page: 1, rows: 20, isread: 0 }, adminToken);
      const rows = (body as unknown as { rows?: { cont: string; kind: string }[] }).rows ?? [];
      return rows.find((r) => r.cont.includes(brokenFolder));
    });
    expect(note.kind).toBe('system');
    expect(note.cont).toContain(`已自动回滚到 ${good.version}`);

    // … and sees the broken release marked in 系统设置 → 版本管理.
    admin = await openBrowser();
    await logIn(admin.page, 'admin', 'admin123');
    await admin.page.goto('/system/release');
    await waitForPage(admin.page, '版本管理');
    const card = admin.page.getByTestId('releases-bi');
    await card.getByText(brokenFolder, { exact: true }).waitFor();
    const brokenRow = card.locator('tr', { hasText: brokenFolder });
    await brokenRow.getByText('故障').waitFor();
    await card.locator('tr', { hasText: good.version }).getByText('当前').waitFor();
    await screenshot(admin.page, 'g-release-admin');
  });
});
