import { logIn, useBrowser } from '../support/browser';
import { apiCall, apiLogin } from '../support/portal';

const LOGGED_OUT = '你已被登出，请重新登录';

describe('a session revoked on the server', () => {
  const browser = useBrowser();

  it('brings the modal 你已被登出，请重新登录 on the next call and ends on /login', async () => {
    const { page } = browser();
    const sales = await logIn(page, 'sales1', 'sales123');
    await page.getByText('工作台').first().waitFor();

    const admin = await apiLogin('admin', 'admin123');
    const revoke = await apiCall('api/user/RevokeSessions', { id: sales.UserID }, admin.LoginToken);
    expect(revoke.body.result).toBe('success');

    // The next call with the revoked key (the customer list) gets 401 登陆已过期. Ending the session
    // also closes its realtime connection, which may bring the modal first: the click is forced so
    // that a modal already covering the menu does not stop it (the modal must still appear once).
    await page.getByText('我的客户').first().click({ force: true });
    const modal = page.locator('.ant-modal', { hasText: LOGGED_OUT });
    await modal.waitFor();
    await expect(page.locator('.ant-modal', { hasText: LOGGED_OUT }).count()).resolves.toBe(1);
    await modal.getByRole('button', { name: /重新登录/ }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await modal.waitFor({ state: 'hidden' });
    await page.getByPlaceholder(/用户名/).waitFor();
  });
});
