import { logIn, openBrowser, screenshot, type BrowserSession } from '../support/browser';

describe('login', () => {
  let browser: BrowserSession;
  beforeAll(async () => {
    browser = await openBrowser();
  });
  afterAll(() => browser.close());

  it('admin logs in with 用户名/密码 and lands on the workbench /crm/index', async () => {
    const { page } = browser;
    await page.goto('/');
    await page.waitForURL(/\/login/);
    await logIn(page, 'admin', 'admin123');
    await page.waitForURL((url) => url.pathname === '/crm/index');
    await page.getByText('工作台').first().waitFor();
    await screenshot(page, 'a-admin-workbench');
  });

  it('a logged-in user opening /login goes to the root', async () => {
    const { page } = browser;
    await page.goto('/login');
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    expect(new URL(page.url()).pathname).not.toBe('/login');
    await screenshot(page, 'a-login-redirect');
  });
});
