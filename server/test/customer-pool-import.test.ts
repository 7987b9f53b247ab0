/**
 * 公海客户 › 批量导入 (api/customer/PoolImport*): rows go straight into the pool (gonghai=1, no owner,
 * 导入公海 in the log); rows duplicating an existing customer (name or mobile) are skipped or imported as
 * new customers as the user chose; blacklisted names/mobiles are always refused naming the row; the dry
 * run says per row what would happen and writes nothing; the pool page's import right. SQLite and PostgreSQL.
 */
import { DEMO, startServer, tableCounts, type TestServer } from './harness';
import { download, readXlsx, upload, xlsxOf, type Cell, type Envelope } from './batch-helpers';

type Planned = { row: number; outcome: 'import' | 'skip' | 'reject'; note: string };
type RowReason = { row: number; reason: string; values: string[] };
type DryRun = { total: number; valid: number; rejected: RowReason[]; skipped: RowReason[]; plan: Planned[] };
type Result = { total: number; imported: number; rejected: number; skipped: number };

let s: TestServer;
const t = { manager: '', sales: '', admin: '' };
const HEADERS = ['客户名称', '联系人', '手机', '客户来源', '级别'];
const MAPPING = { CustomerName: 0, contact_name: 1, contact_mobile: 2, LaiYuan: 3, level: 4 };
const mobile = (n: number) => `167${String(n).padStart(8, '0')}`;
const db = () => s.app.portal.db;

beforeAll(async () => {
  s = await startServer();
  t.manager = await s.login(...DEMO.manager);
  t.sales = await s.login(...DEMO.sales);
  t.admin = await s.login(...DEMO.admin);
  const source = await db().selectFrom('lead_sources').select('id').orderBy('id').executeTakeFirstOrThrow();
  const now = new Date().toISOString();
  const base = {
    code: null,
    contact_name: '旧联系人',
    lai_yuan: source.id,
    level: '',
    industry: '',
    address: '',
    beizhu: '',
    owner_id: null,
    branch_id: null,
    created_by: null,
    created_at: now,
    updated_at: now,
    genjin_time: '',
    next_genjin_time: '',
    clue: 1,
    gonghai: 0,
    is_top: 0,
    watch_user_id: null,
  };
  await db()
    .insertInto('customers')
    .values([
      { ...base, customer_name: '公海导入已有公司', contact_mobile: mobile(900), blacklisted: 0, black_reason: '' },
      { ...base, customer_name: '公海导入黑名单公司', contact_mobile: mobile(901), blacklisted: 1, black_reason: '恶意客户' },
    ])
    .execute();
});
afterAll(async () => s.close());

const SHEET: Cell[][] = [
  HEADERS,
  ['公海导入新公司甲', '张三', mobile(1), '展会', 'A'], // row 2: new
  ['公海导入已有公司', '李四', mobile(2), '展会', ''], // row 3: same name as an existing customer
  ['公海导入新公司乙', '王五', mobile(900), '其他', 'B'], // row 4: same mobile as an existing customer
  ['公海导入黑名单公司', '赵六', mobile(3), '展会', ''], // row 5: blacklisted name
  ['公海导入新公司丙', '钱七', mobile(901), '展会', ''], // row 6: blacklisted mobile
  ['公海导入新公司丁', '孙八', mobile(1), '展会', ''], // row 7: mobile of row 2
  ['', '周九', mobile(4), '展会', ''], // row 8: no name
];

async function preview(token = t.manager) {
  return upload<{ token: string; suggestedMapping: Record<string, number> }>(s, '/api/customer/PoolImportPreview', await xlsxOf(SHEET), '公海导入.xlsx', token);
}
const dryRun = (token: string, duplicates?: string) =>
  s.post<Envelope<DryRun>>('/api/customer/PoolImportDryRun', { token, mapping: MAPPING, duplicates }, { token: t.manager });
const run = (token: string, duplicates?: string) =>
  s.post<Envelope<Result>>('/api/customer/PoolImport', { token, mapping: MAPPING, duplicates }, { token: t.manager });

test('the pool page’s import right: a rep without it is refused, the manager may', async () => {
  const file = await xlsxOf(SHEET);
  expect((await upload(s, '/api/customer/PoolImportPreview', file, 'a.xlsx', t.sales)).status).toBe(403);
  expect((await s.post('/api/customer/PoolImportDryRun', { token: 'x', mapping: MAPPING }, { token: t.sales })).status).toBe(403);
  expect((await s.post('/api/customer/PoolImport', { token: 'x', mapping: MAPPING }, { token: t.sales })).status).toBe(403);
  expect((await preview()).body.result).toBe('success');
});

test('the dry run says per row what would happen (跳过 by default) and writes nothing', async () => {
  const { token } = (await preview()).body.data;
  const before = await tableCounts(s.app);
  const res = await dryRun(token);
  expect(res.body.result).toBe('success');
  const report = res.body.data;
  expect(report).toMatchObject({ total: 7, valid: 1 });
  expect(report.plan).toEqual([
    { row: 2, outcome: 'import', note: '导入公海' },
    { row: 3, outcome: 'skip', note: '与已有客户重复（客户名称），已跳过' },
    { row: 4, outcome: 'skip', note: '与已有客户重复（手机号码），已跳过' },
    { row: 5, outcome: 'reject', note: '第5行：客户名称或手机号码在黑名单中，不能导入' },
    { row: 6, outcome: 'reject', note: '第6行：客户名称或手机号码在黑名单中，不能导入' },
    { row: 7, outcome: 'reject', note: '手机号码与文件中第2行重复' },
    { row: 8, outcome: 'reject', note: expect.stringContaining('客户名称') },
  ]);
  expect(report.skipped.map((r) => r.row)).toEqual([3, 4]);
  expect(report.rejected.map((r) => r.row)).toEqual([5, 6, 7, 8]);
  // 导入为新客户: the duplicates would be imported, the blacklisted rows still refused.
  const asNew = (await dryRun(token, 'new')).body.data;
  expect(asNew.valid).toBe(3);
  expect(asNew.plan.filter((p) => p.outcome === 'import').map((p) => [p.row, p.note])).toEqual([
    [2, '导入公海'],
    [3, '与已有客户重复（客户名称），导入为新客户'],
    [4, '与已有客户重复（手机号码），导入为新客户'],
  ]);
  expect(asNew.rejected.map((r) => r.row)).toEqual([5, 6, 7, 8]);
  expect((await dryRun(token, 'merge')).body.msg).toBe('重复数据的处理方式只能是跳过或导入为新客户');
  // The download (of the last dry run: 跳过) lists the skipped rows too, with their reasons.
  await dryRun(token, 'skip');
  const file = await download(s, '/api/customer/PoolImportRejected', { method: 'POST', token: t.manager, body: { token } });
  expect(file.status).toBe(200);
  const sheet = await readXlsx(file.data);
  expect(sheet.slice(1).map((r) => r[0])).toEqual(['3', '4', '5', '6', '7', '8']);
  expect(await tableCounts(s.app)).toEqual(before);
});

test('跳过: the new row goes into the pool without owner, logged 导入公海; duplicates are skipped', async () => {
  const { token } = (await preview()).body.data;
  const res = await run(token, 'skip');
  expect(res.body).toMatchObject({
    result: 'success',
    msg: '成功导入1条客户到公海，跳过2条重复客户',
    data: { total: 7, imported: 1, rejected: 4, skipped: 2 },
  });
  const row = await db().selectFrom('customers').selectAll().where('customer_name', '=', '公海导入新公司甲').executeTakeFirstOrThrow();
  expect(row).toMatchObject({ gonghai: 1, owner_id: null, pool_reason: '导入公海', previous_owner_id: null, owned_at: '', level: 'A' });
  expect(row.pool_at).not.toBe('');
  const logs = await db().selectFrom('customer_logs').select(['ext', 'user_id']).where('customer_id', '=', row.id).execute();
  expect(logs.map((l) => l.ext)).toEqual(['导入公海']);
  expect(await db().selectFrom('customers').select('id').where('customer_name', '=', '公海导入已有公司').execute()).toHaveLength(1);
  // It is listed in the pool view.
  const pool = await s.post<{ rows: { id: number; poolReason?: string }[] }>(
    '/api/customer/index',
    { rows: 50, view: 'total', filters: JSON.stringify({ CustomerName: '公海导入新公司甲' }) },
    { token: t.sales },
  );
  expect(pool.body.rows.map((r) => r.id)).toEqual([row.id]);
  // The token is spent.
  expect((await run(token)).body.msg).toBe('导入文件已过期，请重新上传');
});

test('导入为新客户: duplicates become new pool customers; blacklisted rows are never imported', async () => {
  const { token } = (await preview()).body.data;
  // Row 2 (甲) now exists too: it is a duplicate of the customer imported above.
  const res = await run(token, 'new');
  expect(res.body).toMatchObject({ result: 'success', data: { imported: 3, rejected: 4, skipped: 0 } });
  expect(await db().selectFrom('customers').select('gonghai').where('customer_name', '=', '公海导入已有公司').orderBy('id').execute()).toEqual([
    { gonghai: 0 },
    { gonghai: 1 },
  ]);
  expect(await db().selectFrom('customers').select('id').where('customer_name', '=', '公海导入新公司甲').execute()).toHaveLength(2);
  expect(await db().selectFrom('customers').select('id').where('contact_mobile', '=', mobile(3)).execute()).toHaveLength(0);
  expect(await db().selectFrom('customers').select('id').where('customer_name', '=', '公海导入新公司丙').execute()).toHaveLength(0);
});
