/**
 * An expense claim through the seeded 费用报销 flow, as issue #11 asks: a rep (sales1) submits 6,000
 * through the 新建流程 form in the browser, with a 票据照片 uploaded through the picture
 * picker and 赵强 in cc; the manager, whose 待我审批 is open, sees it within a second through the
 * realtime push, without a reload; he opens the panel and the rep's open panel turns his line to
 * 已查阅; he approves; finance 退回 it to 部门经理; the manager approves again and (resume at the
 * returner) it goes straight back to finance, who approves; the rep sees 通过 and the whole diagram
 * green; 赵强 finds it in 抄送我的. Every decision is a click in the panel. Waits are for elements or
 * responses; a click a busy machine swallowed (no request left) is made again.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Locator, Page, Request, Response } from 'playwright-core';
import { logIn, openBrowser, screenshot, waitForPage, type BrowserSession } from '../support/browser';

/** An 8×8 red PNG. */
const PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAEklEQVR4nGP4z8CAFWEXHbQSACj/P8Fu7N9hAAAAAElFTkSuQmCC';
const PUSH_BUDGET_MS = 1000;

function receiptPng(): string {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'portal-e2e-receipt-')), '票据.png');
  writeFileSync(file, Buffer.from(PNG_BASE64, 'base64'));
  return file;
}

const apiPath = (name: string) => new RegExp(`/api/${name}$`, 'i');
const isApi = (name: string) => (url: string) => apiPath(name).test(new URL(url).pathname);

/**
 * Clicks `target` and returns the response of the request it sends to `api`. When no request has left
 * ten seconds after a click (a busy machine swallowed the click, or the element was still rendering),
 * it clicks again, at most three times. One listener waits across all attempts, so a request that
 * leaves late is still the one returned, and a request that left is never sent twice.
 */
async function clickForResponse(page: Page, target: Locator, api: string): Promise<Response> {
  const matches = isApi(api);
  const request = page.waitForRequest((r) => matches(r.url()), { timeout: 60_000 }).catch(() => null);
  const state: { sent: Request | null } = { sent: null };
  void request.then((r) => (state.sent = r));
  for (let attempt = 0; attempt < 3 && !state.sent; attempt++) {
    await target.click();
    await Promise.race([request, page.waitForTimeout(10_000)]);
  }
  const req = state.sent ?? (await request);
  if (!req) throw new Error(`${api}: the click sent nothing after three tries`);
  const response = await req.response();
  if (!response) throw new Error(`${api}: no response`);
  return response;
}

/** Clicks `target` until `shown` appears (at most three times). */
async function clickUntil(target: Locator, shown: Locator): Promise<void> {
  for (let attempt = 0; attempt < 3; attempt++) {
    await target.click();
    if (
      await shown.waitFor({ timeout: 5000 }).then(
        () => true,
        () => false,
      )
    )
      return;
  }
  await shown.waitFor();
}

/** The form item labelled `title` (antd puts the label text in the label's title attribute). */
function item(page: Page, title: string): Locator {
  return page.locator('.ant-form-item').filter({ has: page.locator(`label[title="${title}"]`) });
}

const rowOf = (page: Page, title: string) => page.locator('.ant-table-row', { hasText: title }).first();
const panelOf = (page: Page, title: string) => page.locator('.ant-drawer-content-wrapper', { hasText: title }).filter({ hasText: '流程图' });
const onlineDot = (page: Page) => page.locator('.top-bar-user sup[title="在线"]');

/** Opens a list, the row of `title` and its approval panel. */
async function openFromList(page: Page, list: string, title: string): Promise<Locator> {
  await page.goto(`/oa/approval/${list}`);
  const row = rowOf(page, title);
  await row.waitFor();
  const panel = panelOf(page, title);
  await clickUntil(row, panel.getByText('查阅情况'));
  await page.waitForFunction(() => document.querySelector('.ant-drawer .ant-spin-spinning') === null);
  return panel;
}

async function approveFromTodo(page: Page, title: string, comment: string) {
  const panel = await openFromList(page, 'todo', title);
  await panel.getByPlaceholder('审批意见 / 评论').fill(comment);
  const reply = await clickForResponse(page, panel.getByRole('button', { name: /^同\s*意$/ }), 'WorkFlow/Approved');
  expect(await reply.json()).toMatchObject({ result: 'success' });
}

async function submitThroughForm(page: Page, reason: string): Promise<{ taskid: number; repliedAt: number }> {
  await page.goto('/oa/createApproval');
  const flowButton = page.getByRole('button', { name: /费用报销/ }).first();
  await flowButton.waitFor();
  const drawer = page.locator('.ant-drawer-content-wrapper', { hasText: '保存并继续录入' });
  await clickUntil(flowButton, item(page, '报销事由').locator('input'));
  await page.waitForFunction(() => document.querySelector('.ant-drawer .ant-spin-spinning') === null);

  await item(page, '报销事由').locator('input').fill(reason);
  await item(page, '报销金额').locator('input').fill('6000');
  const date = item(page, '发生日期').locator('input');
  await date.click();
  await date.fill('2026-11-20');
  await date.press('Enter');

  // 票据照片 through the picture picker: upload, then choose it.
  const pictures = item(page, '票据照片');
  const picker = page.locator('.ant-modal:visible', { hasText: '选择图片' });
  await clickUntil(pictures.getByRole('button', { name: /选择图片/ }), picker);
  await picker.locator('input[type=file]').setInputFiles(receiptPng());
  const uploaded = await clickForResponse(page, picker.getByRole('button', { name: /开始上传/ }), 'file/uploadfile');
  expect(await uploaded.json()).toMatchObject({ result: 'success' });
  await picker.getByRole('button', { name: /^确\s*定$/ }).click();
  await picker.waitFor({ state: 'hidden' });
  await pictures.locator('img').first().waitFor();

  // 添加抄送: 赵强, found by name in the user picker.
  const cc = item(page, '添加抄送');
  const popover = page.locator('.ant-popover:visible');
  await clickUntil(cc.getByRole('button', { name: /选择人员/ }), popover.getByPlaceholder('输入姓名搜索'));
  await popover.getByPlaceholder('输入姓名搜索').fill('赵强');
  await popover.getByPlaceholder('输入姓名搜索').press('Enter');
  const zhao = popover.locator('.ant-table-row', { hasText: '赵强' }).first();
  await zhao.waitFor();
  await clickUntil(zhao, cc.locator('.ant-tag', { hasText: '赵强' }));
  await popover.getByRole('button', { name: /^确\s*定$/ }).click();
  await popover.waitFor({ state: 'hidden' });

  const reply = await clickForResponse(page, drawer.getByRole('button', { name: /^保存$/ }), 'baoxiao/add');
  await reply.finished();
  const timing = reply.request().timing();
  const repliedAt = timing.startTime + timing.responseEnd;
  const body = (await reply.json()) as { result?: string; msg?: string; data?: { taskid: number } };
  expect(body).toMatchObject({ result: 'success' });
  await drawer.waitFor({ state: 'hidden' });
  return { taskid: Number(body.data?.taskid), repliedAt };
}

describe('an expense claim through 费用报销: form, push, read receipt, return and resume, cc', () => {
  let rep: BrowserSession;
  let manager: BrowserSession;
  let finance: BrowserSession;
  let cc: BrowserSession;

  beforeAll(async () => {
    [rep, manager, finance, cc] = await Promise.all([openBrowser(), openBrowser(), openBrowser(), openBrowser()]);
    await logIn(rep.page, 'sales1', 'sales123');
    await logIn(manager.page, 'manager1', 'manager123');
    await logIn(finance.page, 'finance1', 'finance123');
    await logIn(cc.page, 'sales2', 'sales123');
  });
  afterAll(async () => {
    await Promise.all([rep?.close(), manager?.close(), finance?.close(), cc?.close()]);
  });

  // One claim goes through the steps below in order; each step is a test of its own.
  const reason = `端到端差旅${Date.now() % 1_000_000}`;

  it('submits 6,000 with a 票据 and a cc; the manager’s open 待我审批 shows it within a second, without a reload', async () => {
    // The manager waits on 待我审批, connected to the hub.
    await manager.page.goto('/oa/approval/todo');
    await waitForPage(manager.page, '审批标题');
    await onlineDot(manager.page).waitFor({ timeout: 15_000 });
    let managerNavigations = 0;
    manager.page.on('framenavigated', (frame) => {
      if (frame === manager.page.mainFrame()) managerNavigations++;
    });

    // Both moments are taken in the browsers (same clock), not after a round trip to this process:
    // the manager's page notes when the row first paints; the rep's network stack when the reply ended.
    const shown = manager.page.waitForFunction(
      (title) => (Array.from(document.querySelectorAll('.ant-table-row')).some((r) => r.textContent?.includes(title)) ? Date.now() : false),
      reason,
      { polling: 50, timeout: 60_000 },
    );
    const { repliedAt } = await submitThroughForm(rep.page, reason);
    const shownAt = Number(await (await shown).jsonValue());
    await rowOf(manager.page, reason).waitFor();
    const shownAfter = shownAt - repliedAt;
    console.log(`[approval] 待我审批 showed the claim ${shownAfter} ms after the submission's reply`);
    expect(managerNavigations).toBe(0);
    expect(shownAfter).toBeLessThan(PUSH_BUDGET_MS);
    await screenshot(manager.page, 'approval-todo-pushed');
  });

  it('the rep’s open panel turns 张伟’s line to 已查阅 when he opens the claim; he approves', async () => {
    // The rep keeps the claim's panel open: 张伟 has not read it yet.
    const repPanel = await openFromList(rep.page, 'mySubmit', reason);
    const managerReceipt = repPanel.locator('[data-reader="张伟"]');
    await managerReceipt.waitFor();
    expect(await managerReceipt.getAttribute('data-read')).toBe('False');

    // The manager opens it (from the row already on screen): the rep's panel shows 已查阅 by push.
    const managerPanel = panelOf(manager.page, reason);
    await clickUntil(rowOf(manager.page, reason), managerPanel.getByText('查阅情况'));
    await repPanel.locator('[data-reader="张伟"][data-read="True"]').waitFor({ timeout: 5000 });
    await expect(managerReceipt.innerText()).resolves.toContain('已查阅');
    await screenshot(rep.page, 'approval-rep-read-receipt');
    await managerPanel.getByPlaceholder('审批意见 / 评论').fill('情况属实，同意');
    const first = await clickForResponse(manager.page, managerPanel.getByRole('button', { name: /^同\s*意$/ }), 'WorkFlow/Approved');
    expect(await first.json()).toMatchObject({ result: 'success' });
  });

  it('王芳 (finance) returns it to 部门经理; he approves again and it resumes straight at finance, who approves', async () => {
    // Finance returns it to 部门经理.
    const financePanel = await openFromList(finance.page, 'todo', reason);
    await financePanel.getByPlaceholder('审批意见 / 评论').fill('请经理复核住宿标准');
    const returnBox = financePanel.locator('[role="dialog"][aria-label="退回"]');
    await clickUntil(financePanel.getByRole('button', { name: /^退\s*回$/ }), returnBox);
    await returnBox
      .getByText(/部门经理/)
      .first()
      .click();
    const returned = await clickForResponse(finance.page, returnBox.getByRole('button', { name: /^确\s*定$/ }), 'WorkFlow/Refused');
    expect(await returned.json()).toMatchObject({ result: 'success' });

    // The manager decides again; resume-at-returner sends it straight back to finance.
    await approveFromTodo(manager.page, reason, '已复核，同意');
    await approveFromTodo(finance.page, reason, '同意报销');
  });

  it('the rep sees 通过 and every node of the diagram green; 赵强 (cc) finds it in 抄送我的', async () => {
    // The rep: 通过 in 我发起的, and every node of the diagram green.
    await rep.page.goto('/oa/approval/mySubmit');
    const row = rowOf(rep.page, reason);
    await row.locator('.ant-tag', { hasText: '通过' }).waitFor();
    const passedPanel = panelOf(rep.page, reason);
    await clickUntil(row, passedPanel.getByText('查阅情况'));
    const nodes = passedPanel.locator('[data-node]');
    await nodes.first().waitFor();
    await passedPanel.locator('[data-node="end"][data-completed="true"]').waitFor();
    const completed = await nodes.evaluateAll((els) => els.map((el) => `${el.getAttribute('data-node')}=${el.getAttribute('data-completed')}`));
    expect(completed.sort()).toEqual(['amount=true', 'end=true', 'finance=true', 'manager=true', 'start=true']);
    await waitForPage(rep.page, '审批日志');
    await screenshot(rep.page, 'approval-rep-passed');

    // 赵强, in cc, finds it in 抄送我的 with its status.
    await cc.page.goto('/oa/approval/Cc');
    await rowOf(cc.page, reason).locator('.ant-tag', { hasText: '通过' }).waitFor();
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

describe('drawing a flow in the designer (jsPlumb drag-to-connect and click-to-click)', () => {
  let admin: BrowserSession;
  beforeAll(async () => {
    admin = await openBrowser();
    await logIn(admin.page, 'admin', 'admin123');
  });
  afterAll(async () => {
    await admin?.close();
  });

  it('draws start → 经理审批 → 金额 > 5000 to 财务审批, default to the end; the split without a default is refused on its node', async () => {
    const { page } = admin;
    page.on('pageerror', (err) => console.log(`[designer] page error: ${err.message}`));
    const canvas = page.locator('[aria-label="流程画布"]');
    const node = (id: string) => canvas.locator(`[data-node-id="${id}"]`);
    const connectors = canvas.locator('svg.jtk-connector');
    const waitForLines = (n: number) =>
      page
        .waitForFunction((count) => document.querySelectorAll('[aria-label="流程画布"] svg.jtk-connector').length === count, n, { timeout: 3000 })
        .then(
          () => true,
          () => false,
        );

    /** Drags a node by its title to (left, top) on the canvas. */
    async function moveNode(id: string, left: number, top: number) {
      for (let attempt = 0; attempt < 3; attempt++) {
        const at = await node(id).evaluate((el) => ({ left: parseFloat((el as HTMLElement).style.left), top: parseFloat((el as HTMLElement).style.top) }));
        const box = (await node(id).boundingBox())!;
        const x = box.x + box.width / 2;
        const y = box.y + 10;
        await page.mouse.move(x, y);
        await page.mouse.down();
        await page.mouse.move(x + (left - at.left), y + (top - at.top), { steps: 8 });
        await page.mouse.up();
        const placed = await page
          .waitForFunction(
            ([sel, l, t]) => {
              const el = document.querySelector<HTMLElement>(sel as string);
              return el !== null && Math.abs(parseFloat(el.style.left) - (l as number)) < 3 && Math.abs(parseFloat(el.style.top) - (t as number)) < 3;
            },
            [`[aria-label="流程画布"] [data-node-id="${id}"]`, left, top] as const,
            { timeout: 3000 },
          )
          .then(
            () => true,
            () => false,
          );
        if (placed) return;
      }
      throw new Error(`${id} did not move`);
    }

    /** Drags from a node's connector onto another node (jsPlumb), until the canvas shows one more line. */
    async function dragConnect(from: string, to: string) {
      const before = await connectors.count();
      for (let attempt = 0; attempt < 3; attempt++) {
        const port = (await node(from).locator('.flow-node-port').boundingBox())!;
        const target = (await node(to).boundingBox())!;
        await page.mouse.move(port.x + port.width / 2, port.y + port.height / 2);
        await page.mouse.down();
        await page.mouse.move(target.x + target.width / 2, target.y + target.height / 2, { steps: 12 });
        await page.mouse.up();
        if (await waitForLines(before + 1)) return;
      }
      throw new Error(`no line from ${from} to ${to}`);
    }

    async function addNode(kind: string, id: string, left: number, top: number, name?: string) {
      // antd spaces two-character labels (结 束): match the characters with any spacing.
      await clickUntil(page.getByRole('button', { name: new RegExp(`^${kind.split('').join('\\s*')}$`) }), node(id));
      await moveNode(id, left, top);
      if (name) {
        await node(id).click({ position: { x: 20, y: 10 } });
        await page.getByLabel('节点名称').fill(name);
        await node(id).getByText(name).waitFor();
      }
    }

    const name = `端到端绘制${Date.now() % 1_000_000}`;
    await page.goto('/oa/flow/view/0');
    await node('node3').waitFor();
    await page.getByLabel('流程名称').fill(name);
    await page.getByLabel('流程分类').fill('财务');
    await page.getByRole('combobox', { name: '绑定表单' }).click();
    await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: '费用报销' }).first().click();

    // The starter's approver (department head) becomes 经理审批; its end node goes, the flow is redrawn below it.
    await node('node2').click({ position: { x: 20, y: 10 } });
    await page.getByLabel('节点名称').fill('经理审批');
    await node('node3').click({ position: { x: 20, y: 10 } });
    await page.getByRole('button', { name: '删除节点' }).click();
    await node('node3').waitFor({ state: 'detached' });
    await moveNode('node1', 240, 20);
    await moveNode('node2', 240, 110);
    await addNode('条件分支', 'node3', 240, 200);
    await addNode('审批人', 'node4', 40, 300, '财务审批');
    await addNode('结束', 'node5', 240, 400);
    expect(await waitForLines(1)).toBe(true);

    // Drag-to-connect: 经理审批 → 条件分支 → 财务审批 (the split's first line carries a rule).
    await dragConnect('node2', 'node3');
    await dragConnect('node3', 'node4');
    // Click-to-click in 连线 mode: 财务审批 → 结束.
    const connectMode = page.getByRole('button', { name: /^连\s*线/ });
    await connectMode.click();
    await page.locator(`[aria-label="流程画布"][data-connecting="true"]`).waitFor();
    await node('node4').click({ position: { x: 20, y: 10 } });
    await node('node5').click({ position: { x: 20, y: 10 } });
    expect(await waitForLines(4)).toBe(true);
    await connectMode.click();

    // The condition line: 金额 > 5000 on 报销金额.
    await clickUntil(canvas.locator('.flow-line-label', { hasText: '条件' }).first(), page.getByLabel('连线名称'));
    await page.getByLabel('连线名称').fill('金额 > 5000');
    const lineCard = page.locator('.ant-card').filter({ has: page.getByText('连线配置', { exact: true }) });
    await lineCard.locator('.ant-select').filter({ hasText: '字段' }).first().click();
    await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: '报销金额' }).first().click();
    await lineCard.getByPlaceholder('值').fill('5000');
    await canvas.locator('.flow-line-label', { hasText: '金额 > 5000' }).waitFor();

    // The second line from the split is drawn (default '其他'), then made a plain condition line: a
    // split without a default line. The server refuses and its message shows on the split.
    await dragConnect('node3', 'node5');
    const otherLabel = canvas.locator('.flow-line-label', { hasText: '其他' }).first();
    const defaultBox = page.getByRole('checkbox', { name: /默认条件/ });
    await clickUntil(otherLabel, defaultBox);
    await defaultBox.uncheck();
    // By its text: while the request is in flight antd adds a loading icon to the accessible name.
    const save = page.locator('button', { hasText: /^保\s*存$/ });
    const refused = await clickForResponse(page, save, 'flow/add');
    expect(await refused.json()).toMatchObject({ result: 'error', data: { nodeId: 'node3' } });
    const fault = node('node3').locator('[role="alert"]');
    await fault.waitFor();
    await expect(fault.innerText()).resolves.toContain('默认条件线');
    await screenshot(page, 'approval-designer-refused');

    // The line to the end becomes the default line again; then the flow saves.
    await clickUntil(otherLabel, defaultBox);
    await defaultBox.check();
    const saved = await clickForResponse(page, save, 'flow/add');
    expect(await saved.json()).toMatchObject({ result: 'success' });
    await page.waitForURL(/\/oa\/flow\/view\/\d+$/);
    await page.waitForFunction(() => document.querySelectorAll('[aria-label="流程画布"] svg.jtk-connector').length === 5);
    await page.getByText('金额 > 5000').first().waitFor();
    await screenshot(page, 'approval-designer-drawn');
  });
});
