import type { Page } from 'playwright-core';
import { logIn, useBrowser } from '../support/browser';

const NOT_FOUND = '页面不存在或没有访问权限';

/** The forbidden page's content is not shown: a not-found/forbidden result, or the shell sent the user elsewhere. */
async function expectRefused(page: Page, forbiddenPath: string, forbiddenTitle: string): Promise<void> {
  await page.goto(forbiddenPath);
  await page.waitForLoadState('networkidle');
  const path = new URL(page.url()).pathname;
  if (path === forbiddenPath) await page.getByText(NOT_FOUND).first().waitFor();
  await expect(page.locator('.ant-layout-content, main').getByText(forbiddenTitle, { exact: true }).count()).resolves.toBe(0);
}

describe('a 销售 user sees only what the role allows', () => {
  const browser = useBrowser();

  beforeAll(async () => {
    await logIn(browser().page, 'sales1', 'sales123');
  });

  it('has 客户 and 审批 but no 设置 entry and no bi (统计) in the top bar, and no team menus', async () => {
    const { page } = browser();
    await page.waitForURL((url) => url.pathname === '/crm/index');
    await page.getByText('工作台').first().waitFor();
    const areas = page.getByRole('navigation', { name: 'areas' });
    await expect(areas.innerText()).resolves.toMatch(/客户[\s\S]*审批/);
    await expect(areas.getByText('设置', { exact: true }).count()).resolves.toBe(0);
    await expect(areas.getByText('统计', { exact: true }).count()).resolves.toBe(0);
    await expect(page.locator('a[href^="/system"], a[href^="/bi"]').count()).resolves.toBe(0);
    await page.getByText('我的客户').first().waitFor();
    await expect(page.getByText('团队客户').count()).resolves.toBe(0);
  });

  it('cannot open /system/role by URL', async () => {
    await expectRefused(browser().page, '/system/role', '角色管理');
  });

  it('cannot open /crm/customer/teamkehu by URL', async () => {
    await expectRefused(browser().page, '/crm/customer/teamkehu', '团队客户');
  });
});
