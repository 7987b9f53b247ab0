import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { logIn, screenshot, useBrowser } from '../support/browser';
import { apiCall } from '../support/portal';

/**
 * 批量导入 / 批量导出 on /crm/customer/watched as the administrator: an .xlsx with two bad rows is
 * checked (the dry run names them with their reasons and imports nothing), then imported; the list's
 * current filter is exported and the download is read back.
 */
describe('batch import and export of customers', () => {
  const browser = useBrowser();
  const stamp = String(Date.now() % 1_000_000).padStart(6, '0');
  const prefix = `批量导入测试${stamp}`;
  const names = [`${prefix}甲`, `${prefix}乙`, `${prefix}丙`];
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'portal-e2e-xlsx-'));
  let token = '';

  beforeAll(async () => {
    token = (await logIn(browser().page, 'admin', 'admin123')).LoginToken;
  });
  afterAll(() => rmSync(workDir, { recursive: true, force: true }));

  async function listTotal(key: string): Promise<number> {
    const { body } = await apiCall<never>('api/customer/index', { key, page: 1, rows: 10 }, token);
    return Number(body.total);
  }

  async function search(key: string): Promise<void> {
    const { page } = browser();
    const box = page.getByPlaceholder('客户名称/手机号/编号');
    await box.fill(key);
    await Promise.all([page.waitForResponse((r) => /\/api\/customer\/index$/i.test(new URL(r.url()).pathname)), box.press('Enter')]);
  }

  it('lists the rejected rows of the dry run, imports nothing before 确认导入, then imports the valid rows', async () => {
    const { page } = browser();
    const mobile = (n: number) => `166${stamp}${String(n).padStart(2, '0')}`;
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('客户');
    sheet.addRow(['客户名称', '联系人', '手机号码', '客户来源', '客户级别']);
    sheet.addRow([names[0], '张一', mobile(1), '展会', 'A']);
    sheet.addRow([`${prefix}坏号码`, '张二', '12345', '展会', '']); // row 3
    sheet.addRow([names[1], '张三', mobile(3), '网络推广', 'B']);
    sheet.addRow([`${prefix}坏来源`, '张四', mobile(4), '不存在的来源', '']); // row 5
    sheet.addRow([names[2], '张五', mobile(5), '客户介绍', '']);
    const file = path.join(workDir, '客户导入.xlsx');
    await workbook.xlsx.writeFile(file);

    await page.goto('/crm/customer/watched');
    await page.locator('.ant-table-row').first().waitFor();
    await page.getByRole('button', { name: /更\s*多/ }).click();
    await page.getByText('批量导入', { exact: true }).click();
    const dialog = page.getByRole('dialog').filter({ hasText: '上传文件' });
    await dialog.locator('input[type="file"]').setInputFiles(file);
    await dialog.getByRole('button', { name: '下一步' }).click();

    // 字段对应 was matched by title; 检查数据 runs the dry run.
    await dialog.getByText(/共 5 行数据/).waitFor();
    await dialog.getByRole('button', { name: '检查数据' }).click();
    await dialog.getByText('共 5 行，可导入 3 行，未通过 2 行').waitFor();
    const badMobile = dialog.locator('tr', { hasText: '手机号码格式不正确' });
    await expect(badMobile.locator('td').first().innerText()).resolves.toBe('3');
    const badSource = dialog.locator('tr', { hasText: '客户来源不存在' });
    await expect(badSource.locator('td').first().innerText()).resolves.toBe('5');
    await screenshot(page, 'import-dry-run-report');

    // Nothing is imported by the dry run.
    await expect(listTotal(prefix)).resolves.toBe(0);

    await Promise.all([
      page.waitForResponse((r) => /\/api\/customer\/import$/i.test(new URL(r.url()).pathname)),
      dialog.getByRole('button', { name: '确认导入' }).click(),
    ]);
    await dialog.getByText('成功导入 3 条，未导入 2 条').waitFor();
    await dialog.getByRole('button', { name: '完成' }).click();
    await expect(listTotal(prefix)).resolves.toBe(3);

    await search(prefix);
    for (const name of names) await page.locator('.ant-table-row', { hasText: name }).first().waitFor();
    await expect(page.locator('.ant-table-row', { hasText: '坏' }).count()).resolves.toBe(0);
  });

  it('exports the current filter to a real .xlsx', async () => {
    const { page } = browser();
    await expect(page.locator('.ant-table-row').count()).resolves.toBe(3);
    await page.getByRole('button', { name: /更\s*多/ }).click();
    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), page.getByText('批量导出', { exact: true }).click()]);
    expect(download.suggestedFilename()).toMatch(/^客户导出-\d{8}\.xlsx$/);
    const saved = path.join(workDir, 'export.xlsx');
    await download.saveAs(saved);
    await page.getByText('导出完成').waitFor();

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(saved);
    const rows: string[][] = [];
    workbook.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => (v === null || v === undefined ? '' : String(v)))));
    expect(rows[0].slice(0, 4)).toEqual(['客户编号', '客户名称', '联系人', '手机号码']);
    expect(
      rows
        .slice(1)
        .map((r) => r[1])
        .sort(),
    ).toEqual([...names].sort());
    for (const row of rows.slice(1)) expect(row[0]).toMatch(/^KH\d{13}$/);
  });
});
