import fs from 'node:fs';
import path from 'node:path';
import { DEMO, startServer, type TestServer } from './harness';
import { download, readXlsx, upload, xlsxOf, type Cell, type Envelope } from './batch-helpers';
import { DEFAULT_POOL_RULES, setPoolRulesSource } from '../src/modules/crm/pool/pool-rules';

// These files import hundreds of rows as one person: lift the ownership cap (pool rules) that imports respect.
setPoolRulesSource(async () => ({ ...DEFAULT_POOL_RULES, ownershipCap: 1_000_000 }));

type Row = { id: number; code: string; CustomerName: string; level: string };
type Progress = { done: number; total: number; finished: boolean };

let s: TestServer;
const t: Record<'admin' | 'manager' | 'sales' | 'finance', string> = { admin: '', manager: '', sales: '', finance: '' };

const HEADERS = [
  '客户编号',
  '客户名称',
  '联系人',
  '手机号码',
  '客户来源',
  '客户级别',
  '所属行业',
  '地址',
  '负责人',
  '所属部门',
  '成交状态',
  '创建时间',
  '最后跟进时间',
  '下次跟进时间',
  '备注',
];

beforeAll(async () => {
  s = await startServer();
  t.admin = await s.login(...DEMO.admin);
  t.manager = await s.login(...DEMO.manager);
  t.sales = await s.login(...DEMO.sales);
  t.finance = await s.login(...DEMO.finance);
});
afterAll(async () => {
  await s.close();
});

/** Starts an export, polls it to the end, downloads it and reads it back. */
async function exportRows(filters: Record<string, unknown>, token: string) {
  const start = await s.post<Envelope<{ jobId: string; total: number }>>('/api/customer/ExportStart', filters, { token });
  expect(start.body.result).toBe('success');
  const { jobId, total } = start.body.data;
  let progress: Progress = { done: 0, total, finished: false };
  for (let i = 0; i < 200 && !progress.finished; i++) {
    const res = await s.post<Envelope<Progress>>('/api/customer/ExportProgress', { jobId }, { token });
    expect(res.body.result).toBe('success');
    progress = res.body.data;
    expect(progress.done).toBeLessThanOrEqual(progress.total);
    if (!progress.finished) await new Promise((r) => setTimeout(r, 50));
  }
  expect(progress).toEqual({ done: total, total, finished: true });
  const file = await download(s, `/api/customer/ExportDownload?jobId=${jobId}`, { token });
  expect(file.status).toBe(200);
  expect(file.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  expect(file.headers.get('content-disposition')).toContain("filename*=UTF-8''%E5%AE%A2%E6%88%B7%E5%AF%BC%E5%87%BA-");
  return { jobId, total, rows: await readXlsx(file.data) };
}

async function waitFinished(jobId: string, token: string): Promise<void> {
  for (let i = 0; i < 200; i++) {
    const res = await s.post<Envelope<Progress>>('/api/customer/ExportProgress', { jobId }, { token });
    if (res.body.data.finished) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the export did not finish');
}

async function listAll(filters: Record<string, unknown>, token: string): Promise<{ rows: Row[]; total: number }> {
  const out: Row[] = [];
  let total = 0;
  for (let page = 1; ; page++) {
    const res = await s.post<{ rows: Row[]; total: number }>('/api/customer/index', { ...filters, page, rows: 200 }, { token });
    total = res.body.total;
    out.push(...res.body.rows);
    if (res.body.rows.length < 200) return { rows: out, total };
  }
}

describe('customer export', () => {
  beforeAll(async () => {
    const sheet: Cell[][] = [['客户名称', '联系人', '手机号码', '客户来源']];
    for (let i = 0; i < 1200; i++) sheet.push([`导出分页公司${i}`, '张三', `166${String(i).padStart(8, '0')}`, '展会']);
    const { token } = (await upload<{ token: string }>(s, '/api/customer/ImportPreview', await xlsxOf(sheet), '分页.xlsx', t.admin)).body.data;
    const mapping = { CustomerName: 0, contact_name: 1, contact_mobile: 2, LaiYuan: 3 };
    const imported = await s.post<Envelope<{ imported: number }>>('/api/customer/Import', { token, mapping }, { token: t.admin });
    expect(imported.body.data.imported).toBe(1200);
  });

  test('exports the current filter to a real .xlsx: the header and the same rows in the same order as the list', async () => {
    const filters = { scene: 'all', sort: 'UpdateTime', order: 'asc', filters: JSON.stringify({ level: 'A' }), page: 3, rows: 10 };
    const list = await listAll(filters, t.admin);
    expect(list.total).toBeGreaterThan(10);
    const { rows, total } = await exportRows(filters, t.admin);
    expect(total).toBe(list.total);
    expect(rows[0]).toEqual(HEADERS);
    expect(rows.slice(1).map((r) => r[0])).toEqual(list.rows.map((r) => r.code));
    for (const r of rows.slice(1)) expect(r[5]).toBe('A');
  });

  // Exporting is the action right customer/watched:export: managers (department scope) and administrators.
  test('applies the search key and the data scope of the user', async () => {
    const list = await listAll({ scene: 'all' }, t.manager);
    const everyone = await listAll({ scene: 'all' }, t.admin);
    expect(list.total).toBeLessThan(everyone.total);
    const { rows } = await exportRows({ scene: 'all' }, t.manager);
    expect(rows.length - 1).toBe(list.total);
    expect(new Set(rows.slice(1).map((r) => r[0]))).toEqual(new Set(list.rows.map((r) => r.code)));

    const keyed = await listAll({ key: list.rows[0].CustomerName.slice(0, 3) }, t.manager);
    const keyedExport = await exportRows({ key: list.rows[0].CustomerName.slice(0, 3) }, t.manager);
    expect(keyedExport.rows.slice(1).map((r) => r[1])).toEqual(keyed.rows.map((r) => r.CustomerName));
  });

  test('pages through more than one read page when many rows share the sort value', async () => {
    // The 1,200 imported customers share one created time: the keyset pages must fall back on the id.
    const filters = { key: '导出分页公司', sort: 'AddTime', order: 'desc' };
    const { rows, total } = await exportRows(filters, t.admin);
    expect(total).toBe(1200);
    const codes = rows.slice(1).map((r) => r[0]);
    expect(new Set(codes).size).toBe(1200);
    const list = await listAll(filters, t.admin);
    expect(codes).toEqual(list.rows.map((r) => r.code));
  });

  test('a job belongs to its user and is downloaded once', async () => {
    const { jobId } = await exportRows({ filters: JSON.stringify({ level: 'B' }) }, t.admin);
    // The temp file goes once it has been sent.
    const tempFile = path.join(s.config.dataDir, 'tmp', `export-customer-${jobId}.xlsx`);
    for (let i = 0; i < 50 && fs.existsSync(tempFile); i++) await new Promise((r) => setTimeout(r, 20));
    expect(fs.existsSync(tempFile)).toBe(false);
    const again = await download(s, `/api/customer/ExportDownload?jobId=${jobId}`, { token: t.admin });
    expect(again.status).toBe(404);
    expect(JSON.parse(again.data.toString())).toMatchObject({ result: 'error', msg: '导出任务不存在或已过期' });

    const start = await s.post<Envelope<{ jobId: string }>>('/api/customer/ExportStart', { filters: JSON.stringify({ level: 'C' }) }, { token: t.admin });
    const { jobId: otherJob } = start.body.data;
    const other = await s.post<Envelope>('/api/customer/ExportProgress', { jobId: otherJob }, { token: t.manager });
    expect(other.body).toMatchObject({ result: 'error', msg: '导出任务不存在或已过期' });
    expect((await download(s, `/api/customer/ExportDownload?jobId=${otherJob}`, { token: t.manager })).status).toBe(404);
    // One running export per user; the next may start once it has finished.
    const busy = await s.post<Envelope<{ jobId: string }>>('/api/customer/ExportStart', {}, { token: t.admin });
    if (busy.body.result === 'error') expect(busy.body.msg).toBe('已有导出任务正在进行，请稍候');
    else await waitFinished(busy.body.data.jobId, t.admin);
    await waitFinished(otherJob, t.admin);
  });

  test('needs a login and the customer permission; bad filters are refused by name', async () => {
    expect((await download(s, '/api/customer/ExportDownload?jobId=0')).status).toBe(401);
    expect((await s.post('/api/customer/ExportStart', {}, { token: t.finance })).status).toBe(403);
    expect((await s.post('/api/customer/ExportStart', {}, { token: t.sales })).status).toBe(403);
    const bad = await s.post<Envelope>('/api/customer/ExportStart', { sort: 'password' }, { token: t.admin });
    expect(bad.body).toMatchObject({ result: 'error', msg: '排序字段不正确' });
    const none = await s.post<Envelope>('/api/customer/ExportStart', { key: '绝对不存在的客户名称xyz' }, { token: t.admin });
    expect(none.body).toMatchObject({ result: 'error', msg: '没有可导出的数据' });
  });

  test('advanced-search filters narrow the list and the export alike', async () => {
    const filters = { filters: JSON.stringify({ CustomerName: '导出分页公司11', contact_mobile: '1660000' }) };
    const list = await listAll(filters, t.admin);
    // 导出分页公司11, 110..119 and 1100..1199 (all their mobiles start with 1660000).
    expect(list.total).toBe(111);
    for (const r of list.rows) expect(r.CustomerName.startsWith('导出分页公司11')).toBe(true);
    const { rows } = await exportRows(filters, t.admin);
    expect(rows.length - 1).toBe(111);
  });
});
