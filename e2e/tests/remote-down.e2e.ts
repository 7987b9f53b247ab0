import { bodyText, logIn, openBrowser, screenshot, type BrowserSession } from '../support/browser';
import { portalState, readRegistry, writeRegistry, type Registry } from '../support/portal';

describe('a registry entry pointing at a dead URL', () => {
  let browser: BrowserSession;
  let original: Registry;
  const { mfDir } = portalState();

  beforeAll(async () => {
    original = readRegistry(mfDir);
    const bi = original.remotes.bi;
    if (!bi) throw new Error('bi is not in the registry');
    writeRegistry(mfDir, { ...original, remotes: { ...original.remotes, bi: { ...bi, entry: 'http://127.0.0.1:9/remote-bi/mf-manifest.json' } } });
    browser = await openBrowser();
  });
  afterAll(async () => {
    writeRegistry(mfDir, original);
    await browser.close();
  });

  it('leaves the shell and crm working and shows the fallback for bi', async () => {
    const { page } = browser;
    await logIn(page, 'admin', 'admin123');
    await page.waitForURL((url) => url.pathname === '/crm/index');
    await page.getByText('工作台').first().waitFor();

    await page.goto('/crm/customer/watched');
    await page.locator('.ant-table-row').first().waitFor();
    await screenshot(page, 'e-crm-works');

    await page.goto('/bi/customer/count');
    await page.getByText(/暂不可用|不可用|加载失败|无法加载/).first().waitFor();
    expect(await bodyText(page)).not.toMatch(/Uncaught|ScriptExternalLoadError/);
    await screenshot(page, 'e-bi-fallback');

    await page.goto('/system/role');
    await page.waitForLoadState('networkidle');
    expect(new URL(page.url()).pathname).toBe('/system/role');
    expect(await bodyText(page)).not.toMatch(/暂不可用|加载失败/);
  });
});
