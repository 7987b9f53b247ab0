import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { logIn, screenshot, useBrowser } from '../support/browser';
import { apiCall } from '../support/portal';

/**
 * 公海客户 › 批量导入 as 张伟 (manager1, who holds customer/total:import): a sheet with a new customer, a
 * duplicate of an existing customer and a bad row; the dry run lists every row's outcome (跳过 by
 * default), 导入为新客户 re-checks, and 确认导入 puts the rows straight into the pool.
 */
describe('import straight into the public pool', () => {
  const browser = useBrowser();
  const stamp = String(Date.now() % 1_000_000).padStart(6, '0');
  const prefix = `公海导入测试${stamp}`;
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'portal-e2e-pool-xlsx-'));
  let token = '';

  beforeAll(async () => {
    token = (await logIn(browser().page, 'manager1', 'manager123')).LoginToken;
  });
  afterAll(() => rmSync(workDir, { recursive: true, force: true }));

  it('plans every row, lets 导入为新客户 take the duplicate, and imports into 公海客户', async () => {
    const { page } = browser();
    const mobile = (n: number) => `168${stamp}${String(n).padStart(2, '0')}`;
    const existing = `${prefix}已有`;
    const created = await apiCall(
      'api/customer/CustomerAddEndit',
      { id: 0, CustomerName: existing, contact_name: '郑一', contact_mobile: mobile(9), LaiYuan: 1 },
      token,
    );
    expect(created.body).toMatchObject({ result: 'success' });

    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('客户');
    sheet.addRow(['客户名称', '联系人', '手机号码', '客户来源']);
    sheet.addRow([`${prefix}新`, '郑二', mobile(1), '展会']); // row 2
    sheet.addRow([existing, '郑三', mobile(2), '展会']); // row 3: same name as an existing customer
    sheet.addRow([`${prefix}坏号码`, '郑四', '12345', '展会']); // row 4
    const file = path.join(workDir, '公海导入.xlsx');
    await workbook.xlsx.writeFile(file);

    await page.goto('/crm/customer/total');
    await page.locator('.ant-table-row').first().waitFor();
    await page.getByRole('button', { name: /更\s*多/ }).click();
    await page.getByText('批量导入', { exact: true }).click();
    const dialog = page.getByRole('dialog').filter({ hasText: '上传文件' });
    await dialog.getByText('批量导入到公海').waitFor();
    await dialog.locator('input[type="file"]').setInputFiles(file);
    await dialog.getByRole('button', { name: '下一步' }).click();
    await dialog.getByText(/共 3 行数据/).waitFor();
    await dialog.getByRole('button', { name: '检查数据' }).click();

    await dialog.getByText('共 3 行，可导入 1 行，跳过 1 行，未通过 1 行').waitFor();
    await dialog.locator('tr', { hasText: '与已有客户重复（客户名称），已跳过' }).waitFor();
    await dialog.locator('tr', { hasText: '导入公海' }).waitFor();
    await screenshot(page, 'pool-import-dry-run-skip');

    await dialog.getByLabel('导入为新客户').check();
    await dialog.getByText('共 3 行，可导入 2 行，未通过 1 行').waitFor();
    await dialog.locator('tr', { hasText: '与已有客户重复（客户名称），导入为新客户' }).waitFor();

    await Promise.all([
      page.waitForResponse((r) => /\/api\/customer\/poolimport$/i.test(new URL(r.url()).pathname)),
      dialog.getByRole('button', { name: '确认导入' }).click(),
    ]);
    await dialog.getByText('成功导入 2 条，未导入 1 条').waitFor();
    await dialog.getByRole('button', { name: '完成' }).click();

    // Both are in the pool, without owner, with the reason 导入公海.
    const pool = await apiCall<never>('api/customer/index', { view: 'total', key: prefix, page: 1, rows: 10 }, token);
    const rows = (pool.body as unknown as { rows: { CustomerName: string; poolReason?: string }[] }).rows;
    expect(rows.map((r) => r.CustomerName).sort()).toEqual([existing, `${prefix}新`].sort());
    const box = page.getByPlaceholder('客户名称/手机号/编号');
    await box.fill(`${prefix}新`);
    await box.press('Enter');
    await page
      .locator('.ant-table-row', { hasText: `${prefix}新` })
      .getByText('导入公海')
      .waitFor();
  });
});
