/**
 * An expense claim through the seeded 费用报销 flow: a rep submits 6,000 with a cc; the manager sees
 * it in 待我审批 and approves in the approval panel; finance approves; the rep sees 通过 in 我发起的.
 * The claim is sent from the rep's own session (the form's 票据照片 upload has its own e2e); every
 * decision is made by clicking in the panel.
 */
import type { Page } from 'playwright-core';
import { logIn, openBrowser, screenshot, waitForPage, type BrowserSession } from '../support/browser';

async function submitClaim(page: Page, body: Record<string, unknown>) {
  return page.evaluate(async (b) => {
    const session = JSON.parse(localStorage.getItem('portal-session') ?? '{}') as { state?: { token?: string } };
    const response = await fetch('/api/baoxiao/add', { method: 'POST', headers: { 'content-type': 'application/json', authkey: session.state?.token ?? '' }, body: JSON.stringify(b) });
    return (await response.json()) as { result?: string; msg?: string; data?: { id: number; taskid: number } };
  }, body);
}

/** Opens 待我审批, finds the row of `title`, opens the panel and clicks 同意. */
async function approveFromTodo(page: Page, title: string) {
  await page.goto('/oa/approval/todo');
  const row = page.locator('.ant-table-row', { hasText: title }).first();
  await row.waitFor();
  await row.click();
  const panel = page.locator('.ant-drawer-content-wrapper', { hasText: title });
  await panel.getByText('流程图').first().waitFor();
  await panel.getByPlaceholder('审批意见 / 评论').fill('同意');
  const [reply] = await Promise.all([
    page.waitForResponse((r) => /\/api\/WorkFlow\/Approved$/i.test(new URL(r.url()).pathname)),
    panel.getByRole('button', { name: /^同\s*意$/ }).click(),
  ]);
  expect(await reply.json()).toMatchObject({ result: 'success' });
}

describe('an expense claim through 费用报销 (manager, then finance above 5,000)', () => {
  let rep: BrowserSession;
  let manager: BrowserSession;
  let finance: BrowserSession;

  beforeAll(async () => {
    [rep, manager, finance] = await Promise.all([openBrowser(), openBrowser(), openBrowser()]);
    await logIn(rep.page, 'sales1', 'sales123');
    await logIn(manager.page, 'manager1', 'manager123');
    await logIn(finance.page, 'finance1', 'finance123');
  });
  afterAll(async () => {
    await Promise.all([rep?.close(), manager?.close(), finance?.close()]);
  });

  it('submits 6,000 with a cc, is approved by 张伟 then 王芳, and shows 通过 to the rep', async () => {
    const reason = `端到端差旅${Date.now() % 1_000_000}`;
    const submitted = await submitClaim(rep.page, {
      type: 1,
      title: reason,
      riqi: '2026-11-20',
      items: JSON.stringify([{ amount: '6000', category: '差旅费', riqi: '2026-11-20', ext: '机票与住宿' }]),
      cc: JSON.stringify([{ userid: 8, username: '赵强' }]),
    });
    expect(submitted).toMatchObject({ result: 'success' });

    await approveFromTodo(manager.page, reason);
    await screenshot(manager.page, 'approval-manager-approved');
    await approveFromTodo(finance.page, reason);

    await rep.page.goto('/oa/approval/mySubmit');
    const row = rep.page.locator('.ant-table-row', { hasText: reason }).first();
    await row.waitFor();
    await row.locator('.ant-tag', { hasText: '通过' }).waitFor();
    await row.click();
    const panel = rep.page.locator('.ant-drawer-content-wrapper', { hasText: reason });
    await panel.getByText('已查阅').first().waitFor();
    await waitForPage(rep.page, '审批日志');
    await screenshot(rep.page, 'approval-rep-passed');
  });
});

describe('the flow designer at /oa/flow/view/{id}', () => {
  let admin: BrowserSession;
  beforeAll(async () => {
    admin = await openBrowser();
    await logIn(admin.page, 'admin', 'admin123');
  });
  afterAll(async () => {
    await admin?.close();
  });

  it('draws the seeded 费用报销 flow with jsPlumb: five connections and the condition labels', async () => {
    const { page } = admin;
    await page.goto('/oa/flow');
    page.on('pageerror', (err) => console.log(`[designer] page error: ${err.message}`));
    const row = page.locator('.ant-table-row', { hasText: '费用报销' }).first();
    await row.waitFor();
    await row.getByText('费用报销', { exact: true }).first().click();
    await page.waitForURL(/\/oa\/flow\/view\/\d+$/);
    await page.locator('[data-node-id="finance"]').waitFor();
    await page.waitForFunction(() => document.querySelectorAll('svg.jtk-connector').length === 5);
    await page.getByText('金额 > 5000').first().waitFor();
    await screenshot(page, 'approval-designer');
  });
});
