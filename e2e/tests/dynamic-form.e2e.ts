/**
 * The dynamic form engine end to end: the seeded form `fieldDemo` holds one field of every control
 * type. The admin fills each of them (pickers, uploads of a PNG and a text file included), saves
 * through api/module/add, and the record's detail view reads every value back as entered.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Locator, Page, Request } from 'playwright-core';
import { logIn, screenshot, useBrowser } from '../support/browser';

/** An 8×8 red PNG. */
const PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAEklEQVR4nGP4z8CAFWEXHbQSACj/P8Fu7N9hAAAAAElFTkSuQmCC';

type Values = Record<string, unknown>;

function fixtures(): { png: string; txt: string } {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'portal-e2e-upload-'));
  const png = path.join(dir, 'e2e-现场.png');
  const txt = path.join(dir, 'e2e-附件.txt');
  writeFileSync(png, Buffer.from(PNG_BASE64, 'base64'));
  writeFileSync(txt, '端到端测试附件\n');
  return { png, txt };
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The form item labelled `title` (antd puts the label text in the label's title attribute). */
function item(page: Page, title: string): Locator {
  return page.locator('.ant-form-item').filter({ has: page.locator(`label[title="${title}"]`) });
}

/** What the control of a form item shows (a select's chosen label, a cascader's path…). */
async function shownText(page: Page, title: string): Promise<string> {
  // A select also keeps its label in an accessibility copy: the first line is what the user sees.
  return (await item(page, title).locator('.ant-form-item-control-input').innerText()).trim().split('\n')[0].trim();
}

/** The value cell beside the detail label `title`. */
function detailCell(page: Page, title: string): Locator {
  return page.locator('th.ant-descriptions-item-label', { hasText: new RegExp(`^${escapeRegExp(title)}$`) }).locator('xpath=following-sibling::td[1]');
}

const visibleDropdownOption = (page: Page) => page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option');

async function chooseOption(page: Page, title: string, optionText?: string): Promise<void> {
  await item(page, title).getByRole('combobox').click();
  const options = visibleDropdownOption(page);
  const option = optionText ? options.filter({ hasText: new RegExp(`^${escapeRegExp(optionText)}$`) }).first() : options.first();
  await option.click();
  await page
    .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')
    .waitFor({ state: 'hidden' })
    .catch(() => undefined);
}

async function typeDate(input: Locator, text: string): Promise<void> {
  await input.click();
  await input.fill(text);
  await input.press('Enter');
}

/** Picks the first entry of each cascader column, `levels` deep. */
async function chooseRegion(page: Page, title: string, levels: number): Promise<void> {
  await item(page, title).locator('.ant-cascader, .ant-select').first().click();
  const dropdown = page.locator('.ant-cascader-dropdown:not(.ant-select-dropdown-hidden)').last();
  for (let level = 0; level < levels; level++) {
    const entry = dropdown.locator('.ant-cascader-menu').nth(level).locator('.ant-cascader-menu-item').first();
    await entry.click();
    if (level + 1 === levels) continue;
    // On a busy machine a click can land while the dropdown is still opening: click again until the
    // next column (loaded from the server) shows, at most three times.
    const next = dropdown.locator('.ant-cascader-menu').nth(level + 1);
    for (let attempt = 0; attempt < 3; attempt++) {
      if (
        await next.waitFor({ timeout: 5000 }).then(
          () => true,
          () => false,
        )
      )
        break;
      await entry.click();
    }
  }
  await dropdown.waitFor({ state: 'hidden' }).catch(() => undefined);
}

/**
 * Runs a picker step and waits until the item shows something new (the chosen value). On a busy
 * machine a click can land on a table or popover that is still rendering and choose nothing: the
 * step is then run once more.
 */
async function pick(page: Page, title: string, step: () => Promise<void>): Promise<void> {
  const control = await item(page, title).locator('.ant-form-item-control-input').elementHandle();
  // What the item shows: its text and the values of its inputs.
  const shown = (el: Element | null) =>
    el ? `${(el as HTMLElement).innerText}|${Array.from(el.querySelectorAll('input, textarea'), (i) => (i as HTMLInputElement).value).join('|')}` : '';
  const before = await page.evaluate(shown, control);
  for (let attempt = 0; attempt < 2; attempt++) {
    await step();
    for (let waited = 0; waited < 5000; waited += 100) {
      if ((await page.evaluate(shown, control)) !== before) return;
      await page.waitForTimeout(100);
    }
  }
  throw new Error(`${title}: the picker chose nothing`);
}

/** Clicks 开始上传 and waits for the server to accept the file. */
async function uploadAndWait(page: Page, startButton: Locator): Promise<void> {
  const [reply] = await Promise.all([page.waitForResponse((r) => /\/api\/file\/uploadfile$/i.test(new URL(r.url()).pathname)), startButton.click()]);
  expect(await reply.json()).toMatchObject({ result: 'success' });
}

/** Uploads `file` through the picture picker a button of the item opens, then confirms it. */
async function pickPicture(page: Page, title: string, buttonName: RegExp, file: string): Promise<void> {
  await item(page, title).getByRole('button', { name: buttonName }).click();
  const modal = page.locator('.ant-modal:visible', { hasText: '选择图片' });
  await modal.waitFor();
  await modal.locator('input[type=file]').setInputFiles(file);
  await uploadAndWait(page, modal.getByRole('button', { name: /开始上传/ }));
  await modal.getByRole('button', { name: /^确\s*定$/ }).click();
  await modal.waitFor({ state: 'hidden' });
}

function postedData(request: Request): Values {
  const body = new URLSearchParams(request.postData() ?? '');
  return JSON.parse(body.get('data') ?? '{}') as Values;
}

describe('the dynamic form at /system/customForm/view/fieldDemo/add/0', () => {
  const browser = useBrowser();

  beforeAll(async () => {
    await logIn(browser().page, 'admin', 'admin123');
  });

  it('lists the forms at /system/customForm with 预览 and 新建记录', async () => {
    const { page } = browser();
    await page.goto('/system/customForm');
    const search = page.getByPlaceholder('表单名称/标识');
    await search.fill('fieldDemo');
    await search.press('Enter');
    const row = page.locator('.ant-table-row', { hasText: '自定义表单示例' });
    await row.waitFor();
    await row.getByText('预览', { exact: true }).click();
    const drawer = page.locator('.ant-drawer-content-wrapper', { hasText: '预览：自定义表单示例' });
    await drawer.locator('label[title="行程安排"]').waitFor();
    await screenshot(page, 'dynamic-form-preview');
    await drawer.locator('.ant-drawer-close').click();
    await row.getByRole('link', { name: '新建记录' }).click();
    await page.waitForURL((url) => url.pathname === '/system/customForm/view/fieldDemo/add/0');
    await item(page, '标题').locator('input').waitFor();
  });

  it('saves one field of every type and reads every value back in the detail view', async () => {
    const { page } = browser();
    const { png, txt } = fixtures();
    const subject = `端到端表单${Date.now() % 1_000_000}`;

    await page.goto('/system/customForm/view/fieldDemo/add/0');
    await item(page, '标题').locator('input').waitFor();
    await page.waitForFunction(() => document.querySelector('.ant-spin-spinning') === null);

    // divider and userinfo need nothing: the section title shows, the current user fills in.
    await page.getByText('基本信息').first().waitFor();
    const applicant = await item(page, '填写人').locator('input').inputValue();
    expect(applicant).toBe('系统管理员');

    await item(page, '标题').locator('input').fill(subject);
    await item(page, '金额').locator('input').fill('1234.5');

    await item(page, '标记颜色').locator('.ant-color-picker-trigger').click();
    const hex = page.locator('.ant-color-picker-hex-input input').last();
    await hex.fill('FF0000');
    await hex.press('Enter');
    await page.keyboard.press('Escape');
    await page.locator('.ant-card-head-title').click();

    await chooseOption(page, '重要程度', '紧急');
    await chooseOption(page, '处理状态', '处理中');
    await chooseOption(page, '来源渠道');
    const leadSource = await shownText(page, '来源渠道');
    await item(page, '性别').getByText('女', { exact: true }).click();

    await typeDate(item(page, '日期').locator('input'), '2024-05-01');
    await typeDate(item(page, '提醒时间').locator('input'), '2024-05-02 09:30');
    const range = item(page, '起止日期').locator('input');
    await typeDate(range.nth(0), '2024/05/01');
    await typeDate(range.nth(1), '2024/05/31');

    await item(page, '是否启用').getByRole('switch').click();
    await item(page, '备注').locator('textarea').fill('第一行备注\n第二行');

    await chooseRegion(page, '所在城市', 2);
    const city = await shownText(page, '所在城市');
    await chooseRegion(page, '所在地区', 3);
    const county = await shownText(page, '所在地区');

    await pick(page, '所属部门', async () => {
      await item(page, '所属部门')
        .getByRole('button', { name: /^选\s*择$/ })
        .click();
      const branchModal = page.locator('.ant-modal:visible', { hasText: '选择部门' });
      await branchModal.locator('.ant-tree-checkbox').first().click();
      await branchModal.getByRole('button', { name: /^选\s*择$/ }).click();
      await branchModal.waitFor({ state: 'hidden' });
    });

    await pick(page, '关联合同', () => chooseOption(page, '关联合同'));

    await pick(page, '关联客户', async () => {
      await item(page, '关联客户')
        .getByRole('button', { name: /^选\s*择$/ })
        .click();
      const customerModal = page.locator('.ant-modal:visible', { hasText: '线索管理' });
      await customerModal.locator('.ant-table-row').first().waitFor();
      await customerModal
        .locator('.ant-table-row')
        .first()
        .getByRole('button', { name: /^选\s*择$/ })
        .click();
      await customerModal.waitFor({ state: 'hidden' });
    });

    await pick(page, '负责人', async () => {
      await item(page, '负责人')
        .getByRole('button', { name: /选择人员/ })
        .click();
      const popover = page.locator('.ant-popover:visible');
      await popover.locator('.ant-table-row').first().click();
      await popover.getByRole('button', { name: /^确\s*定$/ }).click();
    });
    await pick(page, '参与人', async () => {
      await item(page, '参与人')
        .getByRole('button', { name: /选择人员/ })
        .click();
      const popover = page.locator('.ant-popover:visible');
      await popover.locator('.ant-table-row').nth(1).click();
      await popover.locator('.ant-table-row').nth(2).click();
      await popover.getByRole('button', { name: /^确\s*定$/ }).click();
    });

    await item(page, '产品明细')
      .getByRole('button', { name: /添加产品/ })
      .click();
    const productModal = page.locator('.ant-modal:visible', { hasText: '产品管理' });
    await productModal.locator('.ant-table-row').first().locator('.ant-checkbox').click();
    await productModal.getByRole('button', { name: /^确\s*定$/ }).click();
    await productModal.waitFor({ state: 'hidden' });

    await pickPicture(page, '现场图片', /选择图片/, png);
    await pickPicture(page, '封面图', /选择封面/, png);

    const files = item(page, '附件');
    await files.locator('input[type=file]').setInputFiles(txt);
    await uploadAndWait(page, files.getByRole('button', { name: /开始上传/ }));
    await files.getByRole('link', { name: 'e2e-附件.txt' }).waitFor();

    const editorBody = item(page, '详细说明').frameLocator('iframe').locator('body');
    await editorBody.click();
    await page.keyboard.type('富文本说明内容');

    await item(page, '扩展属性')
      .getByRole('button', { name: /添\s*加/ })
      .click();
    await page.getByLabel('扩展属性名称1').fill('颜色');
    await page.getByLabel('扩展属性值1').fill('红');

    await item(page, '标签').getByText('重点客户', { exact: true }).click();
    await item(page, '标签').getByText('待回访', { exact: true }).click();

    await pick(page, '所属分类', async () => {
      await item(page, '所属分类').locator('input').click();
      await page
        .locator('.ant-popover:visible')
        .getByRole('button', { name: /^选\s*择$/ })
        .first()
        .click();
    });

    await item(page, '行程安排')
      .getByRole('button', { name: /添\s*加/ })
      .click();
    await typeDate(page.getByLabel('行程安排日期1'), '2024-06-01');
    await page.getByLabel('行程安排内容1').fill('出发拜访');
    await page.locator('.ant-card-head-title').click();

    await screenshot(page, 'dynamic-form-filled');

    const [addReply] = await Promise.all([
      page.waitForResponse((r) => /\/api\/module\/add$/i.test(new URL(r.url()).pathname)),
      page.getByRole('button', { name: /^保\s*存$/ }).click(),
    ]);
    const added = (await addReply.json()) as { result: string; msg: string; data?: { id: number } };
    expect(added).toMatchObject({ result: 'success' });
    const sent = postedData(addReply.request());
    const id = added.data?.id;
    expect(id).toBeGreaterThan(0);

    // What was sent is one value of every type, in the stored shapes of spec §4.
    expect(sent).toMatchObject({
      applicant: expect.anything(),
      applicant_name: '系统管理员',
      subject,
      amount: 1234.5,
      color: '#ff0000',
      grade: '3',
      progress: '1',
      sex: '女',
      riqi: '2024-05-01',
      remind_time: '2024-05-02 09:30',
      period: '2024/05/01 00:00:00,2024/05/31 23:59:59',
      enabled: '0',
      remark: '第一行备注\n第二行',
      tags: '重点客户,待回访',
    });
    for (const key of ['laiyuan', 'branch_ids', 'contract_id', 'customer_id', 'owner_id', 'member_ids', 'dept_id', 'content']) {
      expect(sent[key]).not.toBe('');
      expect(sent[key]).toBeDefined();
    }
    for (const key of ['city', 'county', 'products', 'pictures', 'attachments', 'props', 'schedule_rows']) {
      expect(typeof sent[key]).toBe('string');
      expect(JSON.parse(sent[key] as string)).not.toHaveLength(0);
    }
    expect(JSON.parse(sent.city as string)).toHaveLength(2);
    expect(JSON.parse(sent.county as string)).toHaveLength(3);
    expect(JSON.parse(sent.props as string)).toEqual([{ label: '颜色', value: '红' }]);
    expect(JSON.parse(sent.schedule_rows as string)).toEqual([{ riqi: '2024-06-01', ext: '出发拜访' }]);
    expect(String(sent.member_ids).split(',')).toHaveLength(2);
    expect(sent.cover).toMatch(/^\/files\//);

    // The detail view of the new record: the server gives back exactly what was sent…
    // (Asked with the page's own login rather than caught from the page's traffic: a detail reply of
    // the page before the navigation could be caught and its body discarded by the navigation.)
    await page.goto(`/system/customForm/view/fieldDemo/detail/${id}`);
    const detail = await page.evaluate(async (recordId) => {
      const token = (JSON.parse(localStorage.getItem('portal-session') ?? '{}') as { state?: { token?: string } }).state?.token ?? '';
      const res = await fetch('/api/module/detail', {
        method: 'POST',
        headers: { authkey: token, 'content-type': 'application/json' },
        body: JSON.stringify({ id: recordId, module: 'fieldDemo' }),
      });
      return (await res.json()) as { result: string; data: Values };
    }, id);
    expect(detail.result).toBe('success');
    expect(detail.data).toEqual(sent);

    // …and every field reads as it was entered.
    await detailCell(page, '标题').getByText(subject).waitFor();
    const expectText = async (title: string, text: string) => expect((await detailCell(page, title).innerText()).trim()).toBe(text);
    const products = JSON.parse(sent.products as string) as { title: string; number: number; xiaoji: number }[];
    const members = sent.members as { username: string }[];
    await expectText('填写人', '系统管理员');
    await expectText('金额', '1234.5');
    await expectText('标记颜色', '#ff0000');
    await expectText('重要程度', '紧急');
    await expectText('处理状态', '处理中');
    await expectText('来源渠道', leadSource);
    await expectText('性别', '女');
    await expectText('日期', '2024-05-01');
    await expectText('提醒时间', '2024-05-02 09:30');
    await expectText('起止日期', '2024/05/01 00:00:00 至 2024/05/31 23:59:59');
    await expectText('是否启用', '否');
    await expectText('备注', '第一行备注\n第二行');
    await detailCell(page, '所在地区').getByText(county).waitFor();
    await expectText('所在城市', city);
    await expectText('所在地区', county);
    await expectText('所属部门', String(sent.branch_names));
    await expectText('关联合同', String(sent.contract_name));
    await expectText('关联客户', String(sent.customer_name));
    await expectText('负责人', String(sent.owner_name));
    await expectText('参与人', members.map((m) => m.username).join('、'));
    await expectText('所属分类', String(sent.dept_name));
    await expectText('标签', '重点客户、待回访');
    await expectText('详细说明', '富文本说明内容');
    await expectText('扩展属性', '颜色：红');
    await expectText('行程安排', '2024-06-01 出发拜访');
    await detailCell(page, '产品明细').getByText(products[0].title).waitFor();

    const pictures = JSON.parse(sent.pictures as string) as { url: string }[];
    // Records store the stable address; <img> loads the short-lived signed URL the server hands out (issue #12).
    const signedSrc = async (label: string) => {
      const img = detailCell(page, label).locator('img').first();
      for (let i = 0; i < 50; i++) {
        const src = (await img.getAttribute('src')) ?? '';
        if (src.includes('sig=')) return src;
        await page.waitForTimeout(100);
      }
      return (await img.getAttribute('src')) ?? '';
    };
    expect(await signedSrc('现场图片')).toMatch(new RegExp(`^${pictures[0].url.replace(/\./g, '\\.')}\\?exp=\\d+&u=\\d+&sig=`));
    expect(await signedSrc('封面图')).toMatch(new RegExp(`^${String(sent.cover).replace(/\./g, '\\.')}\\?exp=\\d+&u=\\d+&sig=`));
    await page.waitForFunction(() => {
      const img = Array.from(document.getElementsByTagName('img')).find((i) => i.src.includes('sig='));
      return Boolean(img && img.complete && img.naturalWidth > 0);
    });
    const imageLoaded = await detailCell(page, '现场图片')
      .locator('img')
      .first()
      .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0);
    expect(imageLoaded).toBe(true);

    const attachment = detailCell(page, '附件').getByRole('link', { name: 'e2e-附件.txt' });
    const href = await attachment.getAttribute('href');
    const download = await page.request.get(href ?? '');
    expect(await download.text()).toBe('端到端测试附件\n');

    await screenshot(page, 'dynamic-form-detail');
  }, 240_000);
});
