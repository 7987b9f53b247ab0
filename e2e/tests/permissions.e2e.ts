import type { Page } from 'playwright-core';
import { bodyText, logIn, openBrowser, screenshot, type BrowserSession } from '../support/browser';

/** The page shows a refusal (404 / 无权访问) or the shell sent the user elsewhere. */
async function expectNotShown(page: Page, forbiddenPath: string): Promise<void> {
  await page.goto(forbiddenPath);
  await page.waitForLoadState('networkidle');
  const path = new URL(page.url()).pathname;
  if (path === forbiddenPath) expect(await bodyText(page)).toMatch(/404|无权访问|没有权限|页面不存在|不存在/);
  else expect(path).not.toBe(forbiddenPath);
}

describe('a 销售 user sees only what the role allows', () => {
  let browser: BrowserSession;
  beforeAll(async () => {
    browser = await openBrowser();
    await logIn(browser.page, 'sales1', 'sales123');
  });
  afterAll(() => browser.close());

  it('has no 设置 entry and no bi area in the menus', async () => {
    const { page } = browser;
    await page.waitForURL((url) => url.pathname.startsWith('/crm'));
    await page.getByText('工作台').first().waitFor();
    await expect(page.locator('header').getByText('设置', { exact: true }).count()).resolves.toBe(0);
    await expect(page.locator('a[href^="/system"], a[href^="/bi"]').count()).resolves.toBe(0);
    await expect(page.getByText('团队客户').count()).resolves.toBe(0);
    await screenshot(page, 'b-sales-menus');
  });

  it('cannot open /system/role by URL', async () => {
    await expectNotShown(browser.page, '/system/role');
    await screenshot(browser.page, 'b-sales-system-role');
  });

  it('cannot open /crm/customer/teamkehu by URL', async () => {
    await expectNotShown(browser.page, '/crm/customer/teamkehu');
    await screenshot(browser.page, 'b-sales-teamkehu');
  });
});
