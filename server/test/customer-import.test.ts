import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { DEMO, startServer, tableCounts, type TestServer } from './harness';
import { download, readXlsx, upload, xlsxOf, type Cell, type Envelope } from './batch-helpers';
import { DEFAULT_POOL_RULES, setPoolRulesSource } from '../src/modules/crm/pool/pool-rules';

// These files import hundreds of rows as one person: lift the ownership cap (pool rules) that imports respect.
setPoolRulesSource(async () => ({ ...DEFAULT_POOL_RULES, ownershipCap: 1_000_000 }));

type Preview = {
  token: string;
  headers: string[];
  sampleRows: string[][];
  total: number;
  fields: { key: string; title: string; required: boolean }[];
  suggestedMapping: Record<string, number>;
};
type DryRun = { total: number; valid: number; rejected: { row: number; reason: string; values: string[] }[] };
type Duplicate = {
  id: number;
  CustomerName: string;
  contact_name?: string;
  contact_mobile: string;
  UserName: string;
  BranchName?: string;
  AddTime: string;
  gonghai?: number;
  visible: boolean;
};

let s: TestServer;
const t: Record<'admin' | 'sales' | 'finance' | 'manager', string> = { admin: '', sales: '', finance: '', manager: '' };
const userIds: Record<string, number> = {};

const HEADERS = ['客户名称', '联系人', '手机', '客户来源', '级别', '备注'];
/** Mobiles with a prefix the demo seed never uses. */
const mobile = (n: number) => `166${String(n).padStart(8, '0')}`;

beforeAll(async () => {
  s = await startServer();
  t.admin = await s.login(...DEMO.admin);
  t.sales = await s.login(...DEMO.sales);
  t.finance = await s.login(...DEMO.finance);
  t.manager = await s.login(...DEMO.manager);
  for (const u of await s.app.portal.db.selectFrom('users').select(['id', 'username']).execute()) userIds[u.username] = u.id;
});
afterAll(async () => {
  await s.close();
});

async function preview(rows: Cell[][], token = t.sales, fileName = '客户导入.xlsx') {
  return upload<Preview>(s, '/api/customer/ImportPreview', await xlsxOf(rows), fileName, token);
}

async function customerCount(): Promise<number> {
  return (await tableCounts(s.app)).customers;
}

describe('import preview', () => {
  test('reads the headers and sample rows and suggests the mapping by title, writing nothing', async () => {
    const before = await tableCounts(s.app);
    const res = await preview([HEADERS, ['甲公司', '张三', mobile(1), '展会', 'A', ''], ['乙公司', '李四', Number(mobile(2)), '其他', '', '老客户']]);
    // Status and message together: a refusal shows its reason in the failure.
    expect({ status: res.status, result: res.body.result, msg: res.body.msg }).toEqual({ status: 200, result: 'success', msg: '上传成功' });
    const data = res.body.data;
    expect(data.token).toMatch(/^[a-f0-9]{32}$/);
    expect(data.headers).toEqual(HEADERS);
    expect(data.total).toBe(2);
    expect(data.sampleRows[1]).toEqual(['乙公司', '李四', mobile(2), '其他', '', '老客户']);
    // 手机 and 级别 are aliases of 手机号码 and 客户级别.
    expect(data.suggestedMapping).toEqual({ CustomerName: 0, contact_name: 1, contact_mobile: 2, LaiYuan: 3, level: 4, beizhu: 5 });
    expect(data.fields.find((f) => f.key === 'CustomerName')).toEqual({ key: 'CustomerName', title: '客户名称', required: true });
    expect(await tableCounts(s.app)).toEqual(before);
  });

  test('refuses anything but .xlsx, a damaged file, a file over 5MB and an empty sheet, in Chinese', async () => {
    const csv = await upload(s, '/api/customer/ImportPreview', Buffer.from('客户名称,联系人\n甲,乙\n'), '客户.csv', t.sales);
    expect(csv.body).toMatchObject({ result: 'error', msg: '只支持导入 .xlsx 格式的Excel文件' });
    const damaged = await upload(s, '/api/customer/ImportPreview', Buffer.from('not a zip at all'), '客户.xlsx', t.sales);
    expect(damaged.body).toMatchObject({ result: 'error', msg: '文件不是有效的 .xlsx 文件' });
    const huge = await upload(s, '/api/customer/ImportPreview', Buffer.alloc(6 * 1024 * 1024, 1), '客户.xlsx', t.sales);
    expect(huge.body).toMatchObject({ result: 'error', msg: '导入文件不能超过5MB' });
    const empty = await preview([HEADERS]);
    expect(empty.body).toMatchObject({ result: 'error', msg: '文件中没有数据' });
  });

  test('refuses more than 10,000 rows, in Chinese', async () => {
    const rows: Cell[][] = [HEADERS];
    for (let i = 0; i < 10_001; i++) rows.push([`公司${i}`, '张三', mobile(i), '展会', '', '']);
    const tooMany = await preview(rows);
    expect(tooMany.body).toMatchObject({ result: 'error', msg: '单次最多导入10000行数据，请拆分文件后再导入' });
  });

  test('needs the customer create permission and a login', async () => {
    const file = await xlsxOf([HEADERS, ['甲公司', '张三', mobile(1), '展会', '', '']]);
    expect((await upload(s, '/api/customer/ImportPreview', file, 'a.xlsx', t.finance)).status).toBe(403);
    const anonymous = await upload(s, '/api/customer/ImportPreview', file, 'a.xlsx');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.msg).toContain('登陆');
  });
});

describe('dry run and import', () => {
  let existingMobile: string;

  beforeAll(async () => {
    const row = await s.app.portal.db.selectFrom('customers').select('contact_mobile').orderBy('id').executeTakeFirstOrThrow();
    existingMobile = row.contact_mobile;
  });

  /** Sheet rows 2..9: three valid rows and five rejected ones, each for another reason. */
  function mixedSheet(): Cell[][] {
    return [
      HEADERS,
      ['导入甲公司', '张三', mobile(101), '展会', 'A', ''], // row 2 ok
      ['', '李四', mobile(102), '展会', '', ''], // row 3 no name
      ['导入丙公司', '王五', '12345', '展会', '', ''], // row 4 bad mobile
      ['导入丁公司', '赵六', mobile(104), '不存在的来源', '', ''], // row 5 unknown source
      ['导入戊公司', '钱七', existingMobile, '展会', '', ''], // row 6 mobile of an existing customer
      ['导入己公司', '孙八', mobile(101), '展会', '', ''], // row 7 same mobile as row 2
      ['导入庚公司', '周九', mobile(107), '电话营销', 'b', '重点跟进'], // row 8 ok (level in lower case)
      [],
      ['导入辛公司', '吴十', mobile(109), '客户介绍', '', ''], // row 10 ok (after an empty row)
    ];
  }
  const MAPPING = { CustomerName: 0, contact_name: 1, contact_mobile: 2, LaiYuan: 3, level: 4, beizhu: 5 };

  test('the dry run lists each rejected row with its sheet row number and reason, and writes nothing', async () => {
    const before = await tableCounts(s.app);
    const { token } = (await preview(mixedSheet())).body.data;
    const res = await s.post<Envelope<DryRun>>('/api/customer/ImportDryRun', { token, mapping: MAPPING }, { token: t.sales });
    expect(res.body.result).toBe('success');
    const report = res.body.data;
    expect(report.total).toBe(8);
    expect(report.valid).toBe(3);
    expect(report.rejected.map((r) => [r.row, r.reason])).toEqual([
      [3, '客户名称不能为空'],
      [4, '手机号码格式不正确'],
      [5, '客户来源不存在'],
      // The owner named; the customer's name only when the importer may see it (customer-duplicates.test.ts).
      [6, expect.stringMatching(/^手机号码已被(其他客户|客户“.+”)使用（负责人：.+）$/)],
      [7, '手机号码与文件中第2行重复'],
    ]);
    expect(report.rejected[2].values).toEqual(['导入丁公司', '赵六', mobile(104), '不存在的来源', '', '']);
    expect(await tableCounts(s.app)).toEqual(before);

    // The rejected rows as a real .xlsx: 行号, the sheet's columns, 错误原因.
    const file = await download(s, '/api/customer/ImportRejected', { method: 'POST', token: t.sales, body: { token } });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toContain('spreadsheetml');
    const rows = await readXlsx(file.data);
    expect(rows[0]).toEqual(['行号', ...HEADERS, '错误原因']);
    expect(rows.slice(1).map((r) => [r[0], r[r.length - 1]])).toEqual(report.rejected.map((r) => [String(r.row), r.reason]));
  });

  test('checks the mapping: required fields must be mapped, columns must exist and be used once', async () => {
    const { token } = (await preview(mixedSheet())).body.data;
    const dry = (mapping: Record<string, unknown>) => s.post<Envelope>('/api/customer/ImportDryRun', { token, mapping }, { token: t.sales });
    expect((await dry({ CustomerName: 0, contact_name: 1, contact_mobile: 2 })).body.msg).toBe('请为“客户来源”选择对应的列');
    expect((await dry({ ...MAPPING, industry: 9 })).body.msg).toBe('“所属行业”对应的列不存在');
    expect((await dry({ ...MAPPING, industry: 0 })).body.msg).toBe('“客户名称”列只能对应一个字段');
    expect((await dry({ ...MAPPING, hack: 1 })).body.msg).toBe('导入字段不存在：hack');
  });

  test('a token is bound to its uploader', async () => {
    const { token } = (await preview(mixedSheet())).body.data;
    const other = await s.post<Envelope>('/api/customer/ImportDryRun', { token, mapping: MAPPING }, { token: t.admin });
    expect(other.body).toMatchObject({ result: 'error', msg: '导入文件已过期，请重新上传' });
    const forged = await s.post<Envelope>('/api/customer/ImportDryRun', { token: '../../portal.db', mapping: MAPPING }, { token: t.sales });
    expect(forged.body.msg).toBe('导入文件已过期，请重新上传');
    expect((await s.post('/api/customer/Import', { token, mapping: MAPPING }, { token: t.finance })).status).toBe(403);
  });

  test('import after confirmation writes only the valid rows, owned by the importer, with codes and contacts', async () => {
    const before = await tableCounts(s.app);
    const { token } = (await preview(mixedSheet())).body.data;
    await s.post('/api/customer/ImportDryRun', { token, mapping: MAPPING }, { token: t.sales });
    expect(await tableCounts(s.app)).toEqual(before);

    const res = await s.post<Envelope<{ total: number; imported: number; rejected: number }>>(
      '/api/customer/Import',
      { token, mapping: MAPPING },
      { token: t.sales },
    );
    expect(res.body).toMatchObject({ result: 'success', msg: '成功导入3条客户', data: { total: 8, imported: 3, rejected: 5 } });
    const after = await tableCounts(s.app);
    expect(after.customers).toBe(before.customers + 3);
    expect(after.contacts).toBe(before.contacts + 3);

    const db = s.app.portal.db;
    const imported = await db
      .selectFrom('customers')
      .selectAll()
      .where('customer_name', 'in', ['导入甲公司', '导入庚公司', '导入辛公司'])
      .orderBy('id')
      .execute();
    expect(imported.map((c) => c.customer_name)).toEqual(['导入甲公司', '导入庚公司', '导入辛公司']);
    for (const c of imported) {
      expect(c.owner_id).toBe(userIds.sales1);
      expect(c.code).toBe(`KH${c.code?.slice(2, 10)}${String(c.id).padStart(5, '0')}`);
    }
    expect(imported[1]).toMatchObject({ level: 'B', beizhu: '重点跟进', contact_mobile: mobile(107) });
    const contact = await db.selectFrom('contacts').selectAll().where('customer_id', '=', imported[0].id).executeTakeFirstOrThrow();
    expect(contact).toMatchObject({ contact_name: '张三', mobile: mobile(101), is_primary: 1 });

    // They are in the importer's list and found by the search key.
    const list = await s.post<{ rows: { CustomerName: string }[]; total: number }>('/api/customer/index', { key: '导入庚', scene: 'mine' }, { token: t.sales });
    expect(list.body.rows.map((r) => r.CustomerName)).toEqual(['导入庚公司']);

    // The token is spent and its temp file gone.
    await new Promise((r) => setTimeout(r, 50));
    expect(fs.readdirSync(path.join(s.config.dataDir, 'tmp')).filter((f) => f.includes(token))).toEqual([]);
    const again = await s.post<Envelope>('/api/customer/Import', { token, mapping: MAPPING }, { token: t.sales });
    expect(again.body.msg).toBe('导入文件已过期，请重新上传');
  });

  test('two imports of one upload at the same moment: exactly one runs, the other is told the upload is spent', async () => {
    const sheet: Cell[][] = [HEADERS, ['并发导入公司', '张并发', mobile(301), '展会', '', '']];
    const { token } = (await preview(sheet)).body.data;
    const before = await customerCount();
    const replies = await Promise.all(
      [1, 2].map(() => s.post<Envelope<{ imported: number }>>('/api/customer/Import', { token, mapping: MAPPING }, { token: t.sales })),
    );
    const messages = replies.map((r) => r.body.msg).sort();
    expect(messages).toEqual(['导入文件已过期，请重新上传', '成功导入1条客户'].sort());
    expect(await customerCount()).toBe(before + 1);
  });

  test('a file without any valid row imports nothing', async () => {
    const { token } = (await preview([HEADERS, ['', '张三', '12', '展会', '', '']])).body.data;
    const res = await s.post<Envelope>('/api/customer/Import', { token, mapping: MAPPING }, { token: t.sales });
    expect(res.body).toMatchObject({ result: 'error', msg: '没有可导入的数据' });
  });

  test('is one transaction: a failure after 200 rows were written leaves nothing behind', async () => {
    const db = s.app.portal.db;
    const rows: Cell[][] = [HEADERS];
    for (let i = 0; i < 300; i++) rows.push([`整批公司${i}`, i === 250 ? '触发失败' : '张三', mobile(1000 + i), '展会', '', '']);
    const { token } = (await preview(rows)).body.data;
    const dry = await s.post<Envelope<DryRun>>('/api/customer/ImportDryRun', { token, mapping: MAPPING }, { token: t.sales });
    expect(dry.body.data.valid).toBe(300);

    // The database refuses the contact of row 252 (the 251st customer, in the second chunk of 200).
    if (s.app.portal.dialect === 'sqlite') {
      await sql`CREATE TRIGGER fail_import BEFORE INSERT ON contacts WHEN NEW.contact_name = '触发失败' BEGIN SELECT RAISE(ABORT, 'boom'); END`.execute(db);
    } else {
      await sql`CREATE FUNCTION fail_import() RETURNS trigger AS $$ BEGIN IF NEW.contact_name = '触发失败' THEN RAISE EXCEPTION 'boom'; END IF; RETURN NEW; END $$ LANGUAGE plpgsql`.execute(
        db,
      );
      await sql`CREATE TRIGGER fail_import BEFORE INSERT ON contacts FOR EACH ROW EXECUTE FUNCTION fail_import()`.execute(db);
    }
    const before = await tableCounts(s.app);
    try {
      const res = await s.post<Envelope>('/api/customer/Import', { token, mapping: MAPPING }, { token: t.sales });
      expect(res.body).toMatchObject({ result: 'error', msg: '导入失败，没有导入任何数据，请稍后再试' });
      expect(await tableCounts(s.app)).toEqual(before);
      const written = await db.selectFrom('customers').select('id').where('customer_name', 'like', '整批公司%').execute();
      expect(written).toHaveLength(0);
    } finally {
      if (s.app.portal.dialect === 'sqlite') await sql`DROP TRIGGER fail_import`.execute(db);
      else {
        await sql`DROP TRIGGER fail_import ON contacts`.execute(db);
        await sql`DROP FUNCTION fail_import()`.execute(db);
      }
    }
    // Once the cause is gone, the same upload imports all 300 rows.
    const retry = await s.post<Envelope<{ imported: number }>>('/api/customer/Import', { token, mapping: MAPPING }, { token: t.sales });
    expect(retry.body.data.imported).toBe(300);
    expect(await customerCount()).toBe(before.customers + 300);
  });
});

describe('duplicate check (查重)', () => {
  let other: { id: number; customer_name: string; contact_mobile: string };

  beforeAll(async () => {
    const db = s.app.portal.db;
    // A customer of someone outside sales1's scope, with a contact that has WeChat and QQ.
    other = await db
      .selectFrom('customers')
      .select(['id', 'customer_name', 'contact_mobile'])
      .where('owner_id', '<>', userIds.sales1)
      .where('gonghai', '=', 0)
      .where('id', 'not in', db.selectFrom('customer_participants').select('customer_id').where('user_id', '=', userIds.sales1))
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('contacts')
      .values({
        customer_id: other.id,
        contact_name: '查重联系人',
        mobile: mobile(900),
        wechat: 'dup_wechat_1',
        qq: '88990011',
        zhiwei: '',
        sex: '',
        is_primary: 0,
        created_at: new Date().toISOString(),
      })
      .execute();
  });

  const check = (body: Record<string, unknown>, token = t.sales) =>
    s.post<{ rows: Duplicate[]; total: number; result?: string; msg?: string }>('/api/customer/CheckDuplicate', body, { token });

  test('finds a customer by the mobile of the customer or of any contact, by WeChat and by QQ', async () => {
    for (const body of [{ mobile: other.contact_mobile }, { mobile: mobile(900) }, { wechat: 'dup_wechat_1' }, { qq: '88990011' }]) {
      const res = await check(body, t.admin);
      expect(res.status).toBe(200);
      expect(res.body.rows.map((r) => r.id)).toContain(other.id);
      // Outside sales1's scope: found, but only as "exists, owner, department".
      const hidden = await check(body);
      expect(hidden.body.rows).toContainEqual(expect.objectContaining({ visible: false, CustomerName: '', contact_mobile: '' }));
    }
    expect((await check({ wechat: 'nobody_has_this' })).body).toEqual({ rows: [], total: 0 });
  });

  test('finds customers whose name contains the given name, with owner and created time', async () => {
    const part = [...other.customer_name].slice(0, 4).join('');
    const res = await check({ name: part }, t.admin);
    expect(res.body.rows.length).toBeGreaterThan(0);
    for (const r of res.body.rows) expect(r.CustomerName).toContain(part);
    const row = res.body.rows.find((r) => r.id === other.id);
    expect(row).toMatchObject({
      UserName: expect.any(String),
      AddTime: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
      visible: true,
      contact_mobile: other.contact_mobile,
    });
  });

  test('outside the data scope it shows only that it exists, the owner and the department', async () => {
    const res = await check({ mobile: other.contact_mobile });
    const row = res.body.rows.find((r) => !r.visible);
    expect(row).toEqual({
      id: -1,
      CustomerName: '',
      contact_name: '',
      contact_mobile: '',
      UserName: expect.any(String),
      BranchName: expect.any(String),
      AddTime: '',
      gonghai: 0,
      visible: false,
    });
    expect(row?.UserName).not.toBe('');
    expect(row?.BranchName).not.toBe('');
  });

  test('needs a criterion and the customer permission', async () => {
    expect((await check({ name: ' ' })).body).toMatchObject({ result: 'error', msg: '请输入客户名称、手机号码、微信或QQ' });
    expect((await check({ mobile: other.contact_mobile }, t.finance)).status).toBe(403);
  });
});
