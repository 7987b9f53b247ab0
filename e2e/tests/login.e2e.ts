import { logIn, useBrowser } from '../support/browser';

describe('login', () => {
  const browser = useBrowser();

  it('admin logs in with 用户名/密码 and lands on the workbench /crm/index', async () => {
    const { page } = browser();
    await page.goto('/');
    await page.waitForURL((url) => url.pathname === '/login');
    await logIn(page, 'admin', 'admin123');
    await page.waitForURL((url) => url.pathname === '/crm/index');
    await page.getByText('工作台').first().waitFor();
  });

  it('honours the redirect parameter after login', async () => {
    const { page } = browser();
    await page.context().clearCookies();
    await page.evaluate(() => window.localStorage.clear());
    await page.goto('/crm/customer/watched');
    await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('redirect') === '/crm/customer/watched');
    await logIn(page, 'admin', 'admin123', { stayOnPage: true });
    await page.waitForURL((url) => url.pathname === '/crm/customer/watched');
  });

  it('a logged-in user opening /login goes to the root and on to the workbench', async () => {
    const { page } = browser();
    await page.goto('/login');
    await page.waitForURL((url) => url.pathname === '/crm/index');
  });
});
