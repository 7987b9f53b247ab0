import { logIn, screenshot, useBrowser, waitForPage } from '../support/browser';
import { portalState, readRegistry, writeRegistry, type Registry } from '../support/portal';

const UNAVAILABLE = '该模块暂时无法加载';

describe('a registry entry pointing at a dead URL', () => {
  const browser = useBrowser();
  const { mfDir } = portalState();
  let original: Registry;

  beforeAll(() => {
    original = readRegistry(mfDir);
    const bi = original.remotes.bi;
    if (!bi) throw new Error('bi is not in the registry');
    writeRegistry(mfDir, { ...original, remotes: { ...original.remotes, bi: { ...bi, entry: 'http://127.0.0.1:9/remote-bi/mf-manifest.json' } } });
  });
  afterAll(() => writeRegistry(mfDir, original));

  it('leaves the shell and crm working and shows the fallback for bi', async () => {
    const { page } = browser();
    await logIn(page, 'admin', 'admin123');
    await page.waitForURL((url) => url.pathname === '/crm/index');
    await page.getByText('工作台').first().waitFor();

    await page.goto('/crm/customer/watched');
    await page.locator('.ant-table-row').first().waitFor();
    await screenshot(page, 'e-crm-works');

    await page.goto('/bi');
    await page.getByText(UNAVAILABLE).first().waitFor();
    await screenshot(page, 'e-bi-fallback');
    await expect(page.getByRole('navigation', { name: 'areas' }).getByText('统计').count()).resolves.toBe(1);

    await page.goto('/system/role');
    await waitForPage(page, '角色管理');
    expect(new URL(page.url()).pathname).toBe('/system/role');
    await expect(page.getByText(UNAVAILABLE).count()).resolves.toBe(0);
  });
});
