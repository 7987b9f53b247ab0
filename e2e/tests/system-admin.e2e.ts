/**
 * System administration end to end: the administrator creates a department, a role with only some
 * customer rights and a person in both; that person logs in and sees exactly those menus; the
 * administrator marks them departed and their open portal gets the forced-logout modal.
 */
import type { Page } from 'playwright-core';
import { logIn, openBrowser, useBrowser, waitForPage, type BrowserSession } from '../support/browser';

const LOGGED_OUT = '你已被登出，请重新登录';
const stamp = Date.now().toString(36).slice(-5);
const DEPARTMENT = `电话销售部${stamp}`;
const ROLE = `电话销售${stamp}`;
const ACCOUNT = `tel${stamp}`;
const PASSWORD = 'Tel12345';

/** Picks `option` in the antd Select or TreeSelect of the form item labelled `label`. */
async function choose(page: Page, label: string, option: string): Promise<void> {
  const item = page.locator('.ant-drawer .ant-form-item').filter({ has: page.locator('label', { hasText: new RegExp(`^${label}$`) }) });
  const chosen = item.locator('.ant-select-selection-item, .ant-select-content', { hasText: option });
  // A busy machine may swallow a click while the dropdown animates, or answer the options late (they
  // load when the drawer opens): wait for the option, and try again until the choice shows.
  for (let attempt = 0; attempt < 3; attempt++) {
    const dropdown = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').last();
    if ((await dropdown.count()) === 0) await item.locator('.ant-select').first().click();
    // A searchable select (department, role) is narrowed to the option, so it never sits off screen.
    const search = item.locator('.ant-select-show-search input');
    if ((await search.count()) > 0) await search.first().fill(option);
    await dropdown
      .getByText(option, { exact: true })
      .first()
      .click({ timeout: 10_000 })
      .catch(() => undefined);
    if (
      await chosen
        .first()
        .waitFor({ timeout: 5_000 })
        .then(
          () => true,
          () => false,
        )
    )
      break;
  }
  await chosen.first().waitFor();
  // A dropdown left open (a tree select) is closed by clicking the drawer's title, not Escape (which would close the drawer).
  const open = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
  if ((await open.count()) > 0) {
    await page.locator('.ant-drawer-title').click();
    await open
      .first()
      .waitFor({ state: 'hidden', timeout: 5_000 })
      .catch(() => undefined);
  }
}

describe('an administrator sets up a department, a role and a person, then makes them depart', () => {
  const browser = useBrowser();
  let staff: BrowserSession | undefined;

  afterAll(async () => {
    await staff?.close();
  });

  it('creates the department', async () => {
    const { page } = browser();
    await logIn(page, 'admin', 'admin123');
    await page.goto('/system/branch');
    await waitForPage(page, '华信科技有限公司');
    await page.getByRole('button', { name: '新建部门' }).click();
    const modal = page.locator('.ant-modal', { hasText: '新建部门' });
    await modal.getByLabel('部门名称').fill(DEPARTMENT);
    await modal.getByRole('button', { name: /保\s*存/ }).click();
    await page.getByText(DEPARTMENT).first().waitFor();
  });

  it('creates a role with 工作台, 我的客户 (新建 only) and 公海客户 (领取)', async () => {
    const { page } = browser();
    await page.goto('/system/role');
    await waitForPage(page, '超级管理员');
    await page.getByRole('button', { name: '新建角色' }).click();
    const drawer = page.locator('.ant-drawer', { hasText: '新建角色' });
    await drawer.getByLabel('角色名称').fill(ROLE);
    const crm = drawer.locator('.ant-card', { hasText: '客户（' }).first();
    await crm.getByText('工作台', { exact: true }).click();
    await crm.getByText('新建', { exact: true }).first().click();
    await crm.getByText('领取', { exact: true }).click();
    await crm.getByText('客户（5/', { exact: false }).waitFor();
    await drawer.getByRole('button', { name: /保\s*存/ }).click();
    await page.getByText(ROLE).first().waitFor();
  });

  it('creates the person in that department and role', async () => {
    const { page } = browser();
    await page.goto('/system/user');
    await waitForPage(page, '系统管理员');
    await page.getByRole('button', { name: '新建员工' }).click();
    const drawer = page.locator('.ant-drawer', { hasText: '新建员工' });
    await drawer.getByLabel('账号').fill(ACCOUNT);
    await drawer.getByLabel('姓名').fill('钱电话');
    await drawer.getByLabel('初始密码').fill(PASSWORD);
    await choose(page, '部门', DEPARTMENT);
    await choose(page, '角色', ROLE);
    await drawer.getByRole('button', { name: /保\s*存/ }).click();
    await page.getByText('钱电话').first().waitFor();
  });

  it('the person sees exactly the menus of the role', async () => {
    staff = await openBrowser();
    const { page } = staff;
    await logIn(page, ACCOUNT, PASSWORD);
    await page.getByText('工作台').first().waitFor();
    const menu = page.locator('.app-sider');
    await menu.getByText('我的客户').first().waitFor();
    await menu.getByText('公海客户').first().waitFor();
    for (const absent of ['未处理客户', '团队客户', '待分配客户', '再分配客户', '黑名单客户', '合同管理', '通话记录'])
      await expect(menu.getByText(absent, { exact: true }).count()).resolves.toBe(0);
    await expect(page.getByRole('navigation', { name: 'areas' }).getByText('设置', { exact: true }).count()).resolves.toBe(0);
  });

  it('made departed by the administrator, the person’s portal shows the forced-logout modal', async () => {
    const { page } = browser();
    await page.goto('/system/user');
    await page.getByPlaceholder('姓名/账号/手机号').fill('钱电话');
    await page.getByPlaceholder('姓名/账号/手机号').press('Enter');
    const row = page.locator('.ant-table-row', { hasText: '钱电话' });
    await row.locator('.ant-checkbox-input').check();
    await page.getByRole('button', { name: '离职/复职' }).click();
    await page
      .locator('.ant-modal-confirm')
      .getByRole('button', { name: /确\s*定|OK/ })
      .click();
    // The toast is brief on a busy machine: its text, or the row's 离职 tag after the list reloads.
    await page
      .getByText('已设为离职')
      .first()
      .or(row.locator('.ant-tag', { hasText: '离职' }))
      .first()
      .waitFor();

    const staffPage = staff!.page;
    // Ending the sessions closes the realtime connection; its reconnect, or the next call, is refused.
    await staffPage.getByText('我的客户').first().click({ force: true });
    const modal = staffPage.locator('.ant-modal', { hasText: LOGGED_OUT });
    await modal.waitFor();
    await modal.getByRole('button', { name: /重新登录/ }).click();
    await staffPage.waitForURL((url) => url.pathname === '/login');
  });
});
