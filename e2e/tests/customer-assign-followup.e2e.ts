/**
 * Customers, end to end (issue #10): a manager assigns a customer from 待分配客户 to a rep, and the rep's
 * 再分配客户 menu badge rises without a reload (the assignment's notify push refetches the counts); a rep
 * adds a follow-up with a picture on a customer and the list's 最后跟进 column shows it.
 * Every wait is on something the user sees (no fixed sleeps).
 */
import type { Locator, Page } from 'playwright-core';
import { logIn, openBrowser, screenshot, waitForPage, type BrowserSession } from '../support/browser';
import { apiCall, apiLogin } from '../support/portal';

/** A 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

const unique = () => `${Date.now() % 1_000_000}${Math.floor(Math.random() * 100)}`;
const mobile = () => `139${String(Date.now() % 100_000_000).padStart(8, '0')}`;

/** The Shanghai date of now, as the list shows it (yyyy-MM-dd). */
function shanghaiToday(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
}

/** The 再分配客户 menu item's badge count (0 when hidden). */
const reassignedItem = (page: Page) => page.locator('.ant-menu-item', { hasText: '再分配客户' });
async function reassignedCount(page: Page): Promise<number> {
  const badge = reassignedItem(page).locator('.side-menu-badge .ant-scroll-number');
  if ((await badge.count()) === 0) return 0;
  return Number(await badge.first().getAttribute('title')) || 0;
}
const reassignedShowing = (page: Page, count: number) => reassignedItem(page).locator(`.side-menu-badge .ant-scroll-number[title="${count}"]`);

async function search(page: Page, name: string): Promise<Locator> {
  const box = page.getByPlaceholder('客户名称/手机号/编号');
  await box.fill(name);
  await box.press('Enter');
  const row = page.locator('.ant-table-row', { hasText: name }).first();
  await row.waitFor();
  return row;
}

/** The text of a row's cell under the header `title`. */
async function cellUnder(page: Page, row: Locator, title: string): Promise<string> {
  const headers = await page.locator('.ant-table-thead th').allInnerTexts();
  const index = headers.findIndex((h) => h.trim() === title);
  if (index < 0) throw new Error(`no column ${title} in ${headers.join('|')}`);
  return (await row.locator('.ant-table-cell').nth(index).innerText()).trim();
}

describe('assigning from 待分配客户 and following up with a picture', () => {
  let manager: BrowserSession;
  let rep: BrowserSession;

  beforeAll(async () => {
    [manager, rep] = await Promise.all([openBrowser(), openBrowser()]);
    await logIn(rep.page, 'sales1', 'sales123');
    await logIn(manager.page, 'manager1', 'manager123');
  });
  afterEach(async () => {
    const name = (expect.getState().currentTestName ?? 'test').replace(/[^\p{L}\p{N}]+/gu, '-').slice(0, 80);
    await Promise.all([screenshot(manager.page, `${name}-manager`), screenshot(rep.page, `${name}-rep`)]);
  });
  afterAll(async () => {
    await Promise.all([manager?.close(), rep?.close()]);
  });

  it('a manager assigns a 待分配 customer to 李娜 and her 再分配客户 badge rises without a reload', async () => {
    // A walk-in visitor turned into a customer lands in 待分配客户 (no owner, outside the pool).
    const token = (await apiLogin('manager1', 'manager123')).LoginToken;
    const company = `待分配测试${unique()}`;
    const visitor = await apiCall<{ id: number }>(
      'api/customer/visitorsAdd',
      { name: '周先生', mobile: mobile(), company, arrivedAt: '2026-11-20 10:00' },
      token,
    );
    expect(visitor.body).toMatchObject({ result: 'success' });
    const turned = await apiCall('api/customer/visitorsTurn', { id: visitor.body.data?.id }, token);
    expect(turned.body).toMatchObject({ result: 'success' });

    // 李娜 works in 我的客户; her menu shows the 再分配客户 entry.
    await rep.page.goto('/crm/customer/watched');
    await waitForPage(rep.page, '我的客户');
    await reassignedItem(rep.page).waitFor();
    const before = await reassignedCount(rep.page);

    const page = manager.page;
    await page.goto('/crm/customer/daifenpei');
    const row = await search(page, company);
    await row.locator('.ant-checkbox-input').check();
    await page.getByRole('button', { name: /分\s*配/ }).click();
    const modal = page.locator('.ant-modal:visible');
    await modal.getByRole('button', { name: '选择顾问' }).click();
    const picker = page.locator('.ant-popover:visible');
    await picker.getByPlaceholder('输入姓名搜索').fill('李娜');
    await picker.getByPlaceholder('输入姓名搜索').press('Enter');
    await picker.locator('.ant-table-row', { hasText: '李娜' }).first().click();
    await picker.getByText('已选择 1 人').waitFor();
    await picker.getByRole('button', { name: '确定' }).click();
    await modal.getByText('李娜').first().waitFor();
    await picker.waitFor({ state: 'hidden' });
    const [reply] = await Promise.all([
      page.waitForResponse((r) => /kehudistribution$/i.test(new URL(r.url()).pathname)),
      modal.getByRole('button', { name: /^确\s*定$/ }).click(),
    ]);
    expect(await reply.json()).toMatchObject({ result: 'success', msg: '分配成功' });
    await page.getByText('分配成功').first().waitFor();
    // It leaves 待分配客户.
    await page.locator('.ant-table-row', { hasText: company }).waitFor({ state: 'detached' });

    // No reload on 李娜's side: the push brings the new count.
    await reassignedShowing(rep.page, before + 1).waitFor({ timeout: 15_000 });
    await screenshot(rep.page, 'customer-reassigned-badge-rose');
    await rep.page.getByRole('menuitem', { name: /再分配客户/ }).click();
    await search(rep.page, company);
  });

  it('a rep adds a follow-up with a picture and the list’s 最后跟进 column shows it', async () => {
    const token = (await apiLogin('sales1', 'sales123')).LoginToken;
    const name = `跟进图片测试${unique()}`;
    const created = await apiCall(
      'api/customer/CustomerAddEndit',
      { id: 0, CustomerName: name, contact_name: '吴女士', contact_mobile: mobile(), LaiYuan: 1 },
      token,
    );
    expect(created.body).toMatchObject({ result: 'success' });

    const page = rep.page;
    await page.goto('/crm/customer/watched');
    await waitForPage(page, '我的客户');
    let row = await search(page, name);
    expect(await cellUnder(page, row, '最后跟进')).not.toContain(shanghaiToday());

    await row.getByText(name).click();
    const drawer = page.locator('.ant-drawer:visible');
    await drawer.getByRole('tab', { name: /跟进记录/ }).click();
    await drawer.getByLabel('跟进内容').fill('电话沟通，客户发来现场照片');
    await drawer.locator('input[type="file"]').setInputFiles({ name: '现场照片.png', mimeType: 'image/png', buffer: PNG });
    await drawer.getByRole('button', { name: '开始上传' }).click();
    await drawer.locator('img[alt="现场照片.png"]').waitFor();
    await drawer.getByRole('button', { name: /添加跟进/ }).click();
    await page.getByText('跟进成功').first().waitFor();
    await drawer.getByText('电话沟通，客户发来现场照片').waitFor();
    await drawer.getByText('图片 1 张').waitFor();
    await screenshot(page, 'customer-follow-up-with-picture');

    // Closed (antd keeps the drawer's element after closing, so the list's cell is what is awaited).
    await drawer.locator('.ant-drawer-close').click();
    row = page.locator('.ant-table-row', { hasText: name }).first();
    const today = shanghaiToday();
    await page.waitForFunction(
      ({ name, today }) => {
        const headers = Array.from(document.querySelectorAll('.ant-table-thead th')).map((th) => (th.textContent ?? '').trim());
        const index = headers.indexOf('最后跟进');
        const tr = Array.from(document.querySelectorAll('.ant-table-row')).find((r) => (r.textContent ?? '').includes(name));
        return index >= 0 && tr !== undefined && (tr.querySelectorAll('.ant-table-cell')[index]?.textContent ?? '').includes(today);
      },
      { name, today },
    );
    expect(await cellUnder(page, row, '最后跟进')).toContain(today);
  });
});
