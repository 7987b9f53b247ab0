/** 员工管理 › 批量导入: api/user/ImportTemplate, ImportPreview, ImportDryRun, ImportRejected, Import. */
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { DEMO, startServer, tableCounts, type TestServer } from './harness';
import { download, readXlsx, upload, xlsxOf, type Cell, type Envelope } from './batch-helpers';

type Preview = {
  token: string;
  headers: string[];
  total: number;
  fields: { key: string; title: string; required: boolean }[];
  suggestedMapping: Record<string, number>;
};
type DryRun = { total: number; valid: number; rejected: { row: number; reason: string; values: string[] }[] };
type Imported = { total: number; imported: number; rejected: number; passwords: { row: number; username: string; nickName: string; password: string }[] };

let s: TestServer;
let admin = '';
let sales = '';
const ids: Record<string, number> = {};

const SECURITY_DEFAULTS = { passwordMinLength: 6, passwordClasses: 1, loginFailLimit: 5, sessionHours: 12 };
const HEADERS = ['账号', '姓名', '手机号码', '邮箱', '部门', '角色', '上级', '职位', '状态', '初始密码'];
const MAPPING = { username: 0, nickName: 1, mobile: 2, email: 3, branch: 4, role: 5, superior: 6, jobTitle: 7, status: 8, password: 9 };

beforeAll(async () => {
  s = await startServer();
  admin = await s.login(...DEMO.admin);
  sales = await s.login(...DEMO.sales);
  const db = s.app.portal.db;
  for (const b of await db.selectFrom('branches').select(['id', 'name']).execute()) ids[b.name] = b.id;
  for (const r of await db.selectFrom('roles').select(['id', 'name']).execute()) ids[r.name] = r.id;
});
afterAll(async () => s.close());

async function preview(rows: Cell[][], token = admin) {
  return upload<Preview>(s, '/api/user/ImportPreview', await xlsxOf(rows, '员工'), '员工导入.xlsx', token);
}
const dryRun = (token: string, who = admin) => s.post<Envelope<DryRun>>('/api/user/ImportDryRun', { token, mapping: MAPPING }, { token: who });
const runImport = (token: string, who = admin) => s.post<Envelope<Imported>>('/api/user/Import', { token, mapping: MAPPING }, { token: who });
const user = (username: string) => s.app.portal.db.selectFrom('users').selectAll().where('username', '=', username).executeTakeFirst();
const tmpFiles = () => fs.readdirSync(path.join(s.config.dataDir, 'tmp')).map((f) => fs.readFileSync(path.join(s.config.dataDir, 'tmp', f)));

test('the template has every column, and the preview suggests the mapping from it', async () => {
  const template = await download(s, '/api/user/ImportTemplate', { token: admin });
  expect(template.status).toBe(200);
  const rows = await readXlsx(template.data);
  expect(rows[0]).toEqual(['账号*', '姓名*', '手机号码', '邮箱', '部门*', '角色*', '上级', '职位', '状态', '初始密码']);
  expect(rows[1][4]).toMatch(/\//);

  const res = await upload<Preview>(s, '/api/user/ImportPreview', template.data, '模板.xlsx', admin);
  expect(res.body).toMatchObject({ result: 'success', data: { total: 1, suggestedMapping: MAPPING } });
});

test('at most 1,000 rows a file', async () => {
  // Each row costs a password hash: a file holds at most 1,000 staff.
  const many: Cell[][] = [HEADERS];
  for (let i = 0; i < 1001; i++) many.push([`many.${i}`, `员工${i}`, '', '', '销售一部', '销售', '', '', '', '']);
  expect((await preview(many)).body).toMatchObject({ result: 'error', msg: '单次最多导入1000行数据，请拆分文件后再导入' });
});

test('初始密码 never reaches the disk in plain text', async () => {
  const secret = 'Sec!ret-Pass-9137';
  const sealed = await preview([HEADERS, ['disk.check', '磁盘检查', '', '', '销售一部', '销售', '', '', '', secret]]);
  expect(sealed.body.data.token).toMatch(/^[a-f0-9]{64}$/);
  await dryRun(sealed.body.data.token);
  for (const data of tmpFiles()) expect(data.includes(Buffer.from(secret))).toBe(false);
});

test('happy path: rows created with department by name or path, role, superior (existing or another row), status; given and generated passwords log in', async () => {
  const before = await tableCounts(s.app);
  const { token } = (
    await preview([
      HEADERS,
      ['imp.lead', '导入组长', '13900000001', 'lead@example.com', '华信科技有限公司/总部/销售一部', '销售经理', 'manager1', '组长', '在职', 'Lead1234'],
      ['imp.member', '导入组员', 13900000002, '', '总部 / 销售一部', '销售', '导入组长', '销售代表', '', ''],
      ['imp.east', '导入华东', '', '', '华东销售部', '销售', 'imp.member', '', '在职', ''],
      ['imp.gone', '导入离职', '', '', '财务部', '财务', '', '', '离职', 'Gone1234'],
    ])
  ).body.data;
  const dry = await dryRun(token);
  expect(dry.body.data).toMatchObject({ total: 4, valid: 4, rejected: [] });
  expect(await tableCounts(s.app)).toEqual(before);

  const res = await runImport(token);
  expect(res.body).toMatchObject({ result: 'success', msg: '成功导入4名员工', data: { total: 4, imported: 4, rejected: 0 } });
  // Generated passwords only for the rows without one, once, in this answer.
  const generated = res.body.data.passwords;
  expect(generated.map((p) => [p.row, p.username, p.nickName])).toEqual([
    [3, 'imp.member', '导入组员'],
    [4, 'imp.east', '导入华东'],
  ]);
  for (const p of generated) expect(p.password).toMatch(/^[A-Za-z0-9]{10}$/);

  const lead = await user('imp.lead');
  const member = await user('imp.member');
  const east = await user('imp.east');
  const gone = await user('imp.gone');
  expect(lead).toMatchObject({
    nick_name: '导入组长',
    mobile: '13900000001',
    email: 'lead@example.com',
    branch_id: ids['销售一部'],
    role_id: ids['销售经理'],
    job_title: '组长',
    quit_status: 0,
  });
  expect(lead?.password_hash).toMatch(/^scrypt\$/);
  expect(member).toMatchObject({ mobile: '13900000002', branch_id: ids['销售一部'], role_id: ids['销售'], superior_id: lead?.id, quit_status: 0 });
  expect(east).toMatchObject({ branch_id: ids['华东销售部'], superior_id: member?.id });
  expect(gone).toMatchObject({ quit_status: 1 });
  const manager1 = await user('manager1');
  expect(lead?.superior_id).toBe(manager1?.id);

  await s.login('imp.lead', 'Lead1234');
  await s.login('imp.member', generated[0].password);
  await s.login('imp.east', generated[1].password);
  const refused = await s.post<Envelope>('/api/user/login', { username: 'imp.gone', password: 'Gone1234' });
  expect(refused.body).toMatchObject({ result: 'error', msg: '该账号已停用' });
  // The list shows them.
  const list = await s.post<{ rows: { UserName: string; superiorName: string }[] }>('/api/user/index', { key: '导入组员' }, { token: admin });
  expect(list.body.rows).toEqual([expect.objectContaining({ UserName: 'imp.member', superiorName: '导入组长' })]);
});

test('the dry run names each rejected row and its problem: duplicates in the sheet and in the database, unknown department or role, bad mobile, email or password, superiors', async () => {
  const before = await tableCounts(s.app);
  const sheet: Cell[][] = [
    HEADERS,
    ['ok.one', '正常一', '', '', '销售二部', '销售', '', '', '', ''], // 2 ok
    ['manager2', '重复账号', '', '', '销售二部', '销售', '', '', '', ''], // 3 exists
    ['ok.one', '文件重复', '', '', '销售二部', '销售', '', '', '', ''], // 4 same as row 2
    ['x.dept', '部门错', '', '', '华南区', '销售', '', '', '', ''], // 5
    ['x.role', '角色错', '', '', '销售二部', '区域总监', '', '', '', ''], // 6
    ['x.mobile', '手机错', '12345', '', '销售二部', '销售', '', '', '', ''], // 7
    ['x.email', '邮箱错', '', 'not-an-email', '销售二部', '销售', '', '', '', ''], // 8
    ['x.pwd', '密码错', '', '', '销售二部', '销售', '', '', '', '123'], // 9
    ['bad name!', '账号错', '', '', '销售二部', '销售', '', '', '', ''], // 10
    ['x.noname', '', '', '', '销售二部', '销售', '', '', '', ''], // 11
    ['x.sup', '上级错', '', '', '销售二部', '销售', '查无此人', '', '', ''], // 12
    ['x.supbad', '上级未通过', '', '', '销售二部', '销售', 'x.dept', '', '', ''], // 13 superior is row 5
    ['x.status', '状态错', '', '', '销售二部', '销售', '', '', '休假', ''], // 14
    ['x.cycle1', '循环一', '', '', '销售二部', '销售', 'x.cycle2', '', '', ''], // 15
    ['x.cycle2', '循环二', '', '', '销售二部', '销售', 'x.cycle1', '', '', ''], // 16
    ['x.departed', '上级离职', '', '', '销售二部', '销售', '徐磊', '', '', ''], // 17 徐磊 is departed
    ['x.nobranch', '无部门', '', '', '', '销售', '', '', '', ''], // 18
    ['x.self', '自己', '', '', '销售二部', '销售', 'x.self', '', '', ''], // 19
  ];
  const { token } = (await preview(sheet)).body.data;
  const res = await dryRun(token);
  expect(res.body.result).toBe('success');
  expect(res.body.data.valid).toBe(1);
  expect(res.body.data.rejected.map((r) => [r.row, r.reason])).toEqual([
    [3, '账号 manager2 已存在'],
    [4, '账号 ok.one 与文件中第2行重复'],
    [5, '部门「华南区」不存在'],
    [6, '角色「区域总监」不存在'],
    [7, '手机号码「12345」格式不正确'],
    [8, '邮箱「not-an-email」格式不正确'],
    [9, '初始密码长度必须为6到32个字符'],
    [10, '账号「bad name!」只能包含字母、数字和 _ . @ -'],
    [11, '姓名不能为空'],
    [12, '上级「查无此人」不存在'],
    [13, '上级「x.dept」在文件第5行，该行未通过检查'],
    [14, '状态「休假」不正确，只能是在职或离职'],
    [15, '上级关系形成循环，请检查文件中的上级'],
    [16, '上级关系形成循环，请检查文件中的上级'],
    [17, '上级「徐磊」已离职，请重新选择'],
    [18, '部门不能为空'],
    [19, '上级不能是本人'],
  ]);
  // The 初始密码 column is not sent back.
  expect(res.body.data.rejected.find((r) => r.row === 9)?.values[9]).toBe('');
  expect(await tableCounts(s.app)).toEqual(before);

  const file = await download(s, '/api/user/ImportRejected', { method: 'POST', token: admin, body: { token } });
  expect(file.status).toBe(200);
  const rows = await readXlsx(file.data);
  expect(rows[0]).toEqual(['行号', ...HEADERS, '错误原因']);
  expect(rows.slice(1).map((r) => [r[0], r[r.length - 1]])).toEqual(res.body.data.rejected.map((r) => [String(r.row), r.reason]));
  expect(rows.find((r) => r[0] === '9')?.[10]).toBe('');

  // Importing writes only the valid row.
  const done = await runImport(token);
  expect(done.body).toMatchObject({ result: 'success', data: { imported: 1, rejected: 17 } });
  expect((await tableCounts(s.app)).users).toBe(before.users + 1);
});

test('the password policy of 基础设置 applies to given passwords and shapes generated ones', async () => {
  const security = (values: Record<string, number>) => s.post<Envelope>('/api/setting/saveSecurity', values, { token: admin });
  expect((await security({ passwordMinLength: 12, passwordClasses: 4, loginFailLimit: 5, sessionHours: 12 })).body.result).toBe('success');
  try {
    const { token } = (
      await preview([
        HEADERS,
        ['pol.weak', '弱密码', '', '', '销售一部', '销售', '', '', '', 'Abcdef123456'],
        ['pol.gen', '生成密码', '', '', '销售一部', '销售', '', '', '', ''],
      ])
    ).body.data;
    const dry = await dryRun(token);
    expect(dry.body.data.rejected.map((r) => [r.row, r.reason])).toEqual([[2, '初始密码至少要包含小写字母、大写字母、数字、其他字符中的4类']]);
    const res = await runImport(token);
    const [generated] = res.body.data.passwords;
    expect(generated.password.length).toBe(12);
    expect(generated.password).toMatch(/[^A-Za-z0-9]/);
    await s.login('pol.gen', generated.password);
  } finally {
    await security(SECURITY_DEFAULTS);
  }
});

test('rights: without the 新建员工 right 403, without a login 401; a staff administrator who is not 超级管理员 cannot import one', async () => {
  const file = await xlsxOf([HEADERS, ['r.one', '权限', '', '', '销售一部', '销售', '', '', '', '']]);
  expect((await upload(s, '/api/user/ImportPreview', file, 'a.xlsx', sales)).status).toBe(403);
  expect((await download(s, '/api/user/ImportTemplate', { token: sales })).status).toBe(403);
  const { token } = (await preview([HEADERS, ['r.one', '权限', '', '', '销售一部', '销售', '', '', '', '']])).body.data;
  expect((await dryRun(token, sales)).status).toBe(403);
  expect((await runImport(token, sales)).status).toBe(403);
  expect((await download(s, '/api/user/ImportRejected', { method: 'POST', token: sales, body: { token } })).status).toBe(403);
  const anonymous = await upload(s, '/api/user/ImportPreview', file, 'a.xlsx');
  expect(anonymous.status).toBe(401);
  expect(anonymous.body.msg).toContain('登陆');

  // 人事: the staff page with 新建员工, not 超级管理员.
  const role = await s.post<Envelope<{ id: number }>>(
    '/main/role/add',
    { name: '导入人事', rights: { system: ['user', 'user:create'] }, dataScope: 'all' },
    { token: admin },
  );
  expect(role.body.result).toBe('success');
  await s.post(
    '/api/user/add',
    { username: 'imp.hr', nickName: '导入人事', branchId: ids['行政部'], roleId: role.body.data.id, password: 'Hr123456' },
    { token: admin },
  );
  const hr = await s.login('imp.hr', 'Hr123456');
  const sheet = await preview(
    [HEADERS, ['hr.admin', '想当管理员', '', '', '行政部', '超级管理员', '', '', '', ''], ['hr.sales', '普通销售', '', '', '销售一部', '销售', '', '', '', '']],
    hr,
  );
  const report = await dryRun(sheet.body.data.token, hr);
  expect(report.body.data.rejected.map((r) => [r.row, r.reason])).toEqual([[2, '只有超级管理员可以授予、变更或管理超级管理员账号（角色「超级管理员」）']]);
  expect((await runImport(sheet.body.data.token, hr)).body.data).toMatchObject({ imported: 1 });
  expect(await user('hr.admin')).toBeUndefined();

  // A token is bound to its uploader: another administrator's use is answered as an expired upload.
  const { token: adminToken } = (await preview([HEADERS, ['r.two', '令牌', '', '', '销售一部', '销售', '', '', '', '']])).body.data;
  for (const call of ['/api/user/ImportDryRun', '/api/user/Import']) {
    const other = await s.post<Envelope>(call, { token: adminToken, mapping: MAPPING }, { token: hr });
    expect(other.body).toMatchObject({ result: 'error', msg: '导入文件已过期，请重新上传' });
  }
  // A token with another key does not open the file either.
  const forged = adminToken.slice(0, 32) + 'f'.repeat(32);
  expect((await s.post<Envelope>('/api/user/ImportDryRun', { token: forged, mapping: MAPPING }, { token: admin })).body.msg).toBe('导入文件已过期，请重新上传');
  expect(await user('r.two')).toBeUndefined();
});

test('all or nothing: a failure on the 3rd row leaves nothing behind; the same upload imports everything once the cause is gone', async () => {
  const db = s.app.portal.db;
  const rows: Cell[][] = [HEADERS];
  for (let i = 0; i < 5; i++)
    rows.push([`batch.${i}`, i === 2 ? '触发失败' : `整批${i}`, '', '', '销售一部', '销售', i > 0 ? 'batch.0' : '', '', '', 'Batch1234']);
  const { token } = (await preview(rows)).body.data;
  expect((await dryRun(token)).body.data.valid).toBe(5);
  if (s.app.portal.dialect === 'sqlite') {
    await sql`CREATE TRIGGER fail_staff_import BEFORE INSERT ON users WHEN NEW.nick_name = '触发失败' BEGIN SELECT RAISE(ABORT, 'boom'); END`.execute(db);
  } else {
    await sql`CREATE FUNCTION fail_staff_import() RETURNS trigger AS $$ BEGIN IF NEW.nick_name = '触发失败' THEN RAISE EXCEPTION 'boom'; END IF; RETURN NEW; END $$ LANGUAGE plpgsql`.execute(
      db,
    );
    await sql`CREATE TRIGGER fail_staff_import BEFORE INSERT ON users FOR EACH ROW EXECUTE FUNCTION fail_staff_import()`.execute(db);
  }
  const before = await tableCounts(s.app);
  try {
    const res = await runImport(token);
    expect(res.body).toMatchObject({ result: 'error', msg: '导入失败，没有导入任何数据，请稍后再试' });
    expect(await tableCounts(s.app)).toEqual(before);
    expect(await db.selectFrom('users').select('id').where('username', 'like', 'batch.%').execute()).toHaveLength(0);
  } finally {
    if (s.app.portal.dialect === 'sqlite') await sql`DROP TRIGGER fail_staff_import`.execute(db);
    else {
      await sql`DROP TRIGGER fail_staff_import ON users`.execute(db);
      await sql`DROP FUNCTION fail_staff_import()`.execute(db);
    }
  }
  const retry = await runImport(token);
  expect(retry.body.data.imported).toBe(5);
  expect((await tableCounts(s.app)).users).toBe(before.users + 5);
  // The token is spent.
  expect((await runImport(token)).body.msg).toBe('导入文件已过期，请重新上传');
});
