import { logIn, openBrowser, screenshot, type BrowserSession } from '../support/browser';
import { apiCall, apiLogin } from '../support/portal';

describe('a session revoked on the server', () => {
  let browser: BrowserSession;
  beforeAll(async () => {
    browser = await openBrowser();
  });
  afterAll(() => browser.close());

  it('brings the modal 你已被登出，请重新登录 on the next call and ends on /login', async () => {
    const { page } = browser;
    const sales = await logIn(page, 'sales1', 'sales123');
    await page.getByText('工作台').first().waitFor();

    const admin = await apiLogin('admin', 'admin123');
    const revoke = await apiCall('api/user/RevokeSessions', { id: sales.UserID }, admin.LoginToken);
    expect(revoke.body.result).toBe('success');

    await page.goto('/crm/customer/watched');
    const modal = page.locator('.ant-modal', { hasText: '你已被登出，请重新登录' });
    await modal.waitFor();
    await screenshot(page, 'd-forced-logout-modal');
    await modal.getByRole('button', { name: /重新登录/ }).click();
    await page.waitForURL(/\/login/);
    await expect(page.locator('.ant-modal', { hasText: '你已被登出，请重新登录' }).count()).resolves.toBe(0);
    await screenshot(page, 'd-forced-logout-login');
  });
});
