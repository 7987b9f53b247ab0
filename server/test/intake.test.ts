/**
 * 进件 (api/customer/EntryAudit, EntryAuditdetail, EntryAuditList): submission validated against the
 * `intake` form, the customer in the submitter's data scope, 进件资料 the submitter's own uploads,
 * numbering by the 'entry' rule under parallel submits, the 进件审核 flow (部门经理 → 财务) moving the
 * record's status, and the detail and list limited by the data scope.
 */
import { DEMO, startServer, type TestServer } from './harness';
import * as intakeContractByCustomer from '../src/db/migrations/049-intake-contract-by-customer';

type Envelope<T = Record<string, unknown>> = { result: string; msg: string; data: T };
type Row = { id: number; entrySn: string; customerName: string; Money: string; status: number; statusText: string; taskid: number; UserName: string };
type List = { rows: Row[]; total: number };
type Submitted = { id: number; entrySn: string; taskid: number; status: number };

const PDF = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n');
const LOGINS = { ...DEMO, sales2: ['sales2', 'sales123'], sales5: ['sales5', 'sales123'], manager2: ['manager2', 'manager123'] } as const;
type Who = keyof typeof LOGINS;

let s: TestServer;
const tokens: Partial<Record<Who, string>> = {};
const uid: Record<string, number> = {};
/** A customer owned by 李娜 (sales1, 销售一部), one by 赵强 (sales2, 销售一部) and one by 吴婷 (sales5, 销售二部). */
const customer = { sales1: 0, sales2: 0, sales5: 0 };
let file1 = { id: 0, url: '' };
let file5 = { id: 0, url: '' };

const post = <T = Record<string, unknown>>(who: Who, url: string, body: Record<string, unknown> = {}) => s.post<T>(url, body, { token: tokens[who] });

async function upload(who: Who): Promise<{ id: number; url: string }> {
  const form = new FormData();
  form.append('code', 'intake-test');
  form.append('file', new Blob([new Uint8Array(PDF)]), '营业执照.pdf');
  const res = await fetch(`${s.url}/api/file/UploadFile`, { method: 'POST', headers: { authkey: tokens[who]! }, body: form });
  const body = (await res.json()) as Envelope<{ id: number; url: string }>;
  expect(body.result).toBe('success');
  return { id: body.data.id, url: body.data.url };
}

const valid = (over: Record<string, unknown> = {}) => ({
  customerId: customer.sales1,
  Money: '12345.67',
  riqi: '2026-11-20',
  files: JSON.stringify([{ id: file1.id, url: file1.url, name: '营业执照.pdf' }]),
  beizhu: '首期',
  ...over,
});

async function ownerCustomer(username: string): Promise<number> {
  const row = await s.app.portal.db
    .selectFrom('customers as c')
    .innerJoin('users as u', 'u.id', 'c.owner_id')
    .select('c.id')
    .where('u.username', '=', username)
    .where('c.gonghai', '=', 0)
    .orderBy('c.id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const stepOf = async (username: string, taskId: number) =>
  (
    await s.app.portal.db
      .selectFrom('wf_steps as st')
      .innerJoin('users as u', 'u.id', 'st.user_id')
      .select('st.id')
      .where('st.instance_id', '=', taskId)
      .where('u.username', '=', username)
      .where('st.status', '<', 3)
      .executeTakeFirstOrThrow()
  ).id;

beforeAll(async () => {
  s = await startServer();
  for (const [who, [username, password]] of Object.entries(LOGINS) as [Who, readonly [string, string]][]) tokens[who] = await s.login(username, password);
  for (const u of await s.app.portal.db.selectFrom('users').select(['id', 'username']).execute()) uid[u.username] = u.id;
  customer.sales1 = await ownerCustomer('sales1');
  customer.sales2 = await ownerCustomer('sales2');
  customer.sales5 = await ownerCustomer('sales5');
  file1 = await upload('sales');
  file5 = await upload('sales5');
});
afterAll(async () => {
  await s.close();
});

test('a rep submits an intake: numbered by the 进件编号 rule, under review at the department manager', async () => {
  const res = await post<Envelope<Submitted>>('sales', '/api/customer/EntryAudit', valid());
  expect(res.body).toMatchObject({ result: 'success', msg: '提交成功', data: { status: 1 } });
  expect(res.body.data.entrySn).toMatch(/^JJ\d{8}\d{4}$/);
  expect(await stepOf('manager1', res.body.data.taskid)).toBeGreaterThan(0);
  const inst = await s.app.portal.db
    .selectFrom('wf_instances')
    .select(['form_mode', 'record_id', 'title'])
    .where('id', '=', res.body.data.taskid)
    .executeTakeFirstOrThrow();
  expect(inst).toMatchObject({ form_mode: 'intake', record_id: res.body.data.id });
  expect(inst.title).toContain('12345.67元');

  // The spec's shape: the values under `form` (a JSON string).
  const viaForm = await post<Envelope<Submitted>>('sales', '/api/customer/EntryAudit', { form: JSON.stringify(valid({ Money: 800 })) });
  expect(viaForm.body).toMatchObject({ result: 'success', data: { status: 1 } });
  expect(viaForm.body.data.entrySn).not.toBe(res.body.data.entrySn);
});

test('validation names the field: required fields, amount > 0, date, own uploads, the customer’s contract', async () => {
  const refuse = async (over: Record<string, unknown>, msg: string) => {
    const res = await post('sales', '/api/customer/EntryAudit', valid(over));
    expect({ status: res.status, body: res.body }).toEqual({ status: 400, body: { result: 'error', msg } });
  };
  const before = await s.app.portal.db
    .selectFrom('intake_records')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  await refuse({ customerId: '' }, '客户：请选择');
  await refuse({ Money: '' }, '进件金额：信息必须填写');
  await refuse({ Money: '0' }, '进件金额必须大于0');
  await refuse({ Money: '-20' }, '进件金额必须大于0');
  await refuse({ Money: '12.345' }, '进件金额格式不正确（最多两位小数）');
  await refuse({ riqi: '' }, '进件日期：请选择');
  await refuse({ files: '[]' }, '请上传进件资料');
  await refuse({ files: JSON.stringify([{ id: file5.id, url: file5.url }]) }, '进件资料只能使用自己上传的文件');
  await refuse({ files: JSON.stringify([{ id: file1.id, url: file5.url }]) }, '进件资料只能使用自己上传的文件');
  await refuse({ customerId: 999999 }, '客户不存在');
  const otherContract = await s.app.portal.db.selectFrom('contracts').select('id').where('customer_id', '<>', customer.sales1).executeTakeFirstOrThrow();
  await refuse({ contractId: otherContract.id }, '关联合同不属于所选客户');
  await refuse({ beizhu: '备'.repeat(301) }, '备注不能超过300个字符');
  await refuse({ id: 5 }, '进件提交后不能修改，被退回时请在审批中重新提交');
  const after = await s.app.portal.db
    .selectFrom('intake_records')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  expect(Number(after.n)).toBe(Number(before.n));
});

test('a customer outside the data scope is refused: another department’s, or a colleague’s for an own-scope rep', async () => {
  const other = await s.app.portal.db.selectFrom('customers').select('id').where('id', '=', customer.sales5).executeTakeFirstOrThrow();
  const byManager = await post('manager', '/api/customer/EntryAudit', valid({ customerId: other.id, files: JSON.stringify([]) }));
  // The form's checks come first (no files); with the manager's own file the scope decides.
  expect(byManager.body).toMatchObject({ result: 'error', msg: '请上传进件资料' });
  const managerFile = await upload('manager');
  const refused = await post('manager', '/api/customer/EntryAudit', valid({ customerId: other.id, files: JSON.stringify([managerFile]) }));
  expect({ status: refused.status, body: refused.body }).toEqual({ status: 403, body: { result: 'error', msg: '该客户不在您的数据范围内，不能提交进件' } });
  const colleague = await post('sales', '/api/customer/EntryAudit', valid({ customerId: customer.sales2 }));
  expect(colleague.body).toEqual({ result: 'error', msg: '该客户不在您的数据范围内，不能提交进件' });
  // The manager may submit for a customer of his own department.
  expect((await post('manager', '/api/customer/EntryAudit', valid({ customerId: customer.sales2, files: JSON.stringify([managerFile]) }))).body).toMatchObject({
    result: 'success',
  });
  // 财务 has 进件审核 but not 新建进件.
  expect((await post('finance', '/api/customer/EntryAudit', valid())).status).toBe(403);
});

test('parallel submits get distinct consecutive numbers', async () => {
  const replies = await Promise.all(
    Array.from({ length: 8 }, (_, i) => post<Envelope<Submitted>>('sales', '/api/customer/EntryAudit', valid({ Money: String(100 + i) }))),
  );
  for (const r of replies) expect(r.body.result).toBe('success');
  const numbers = replies.map((r) => r.body.data.entrySn);
  expect(new Set(numbers).size).toBe(8);
  const seqs = numbers.map((n) => Number(n.slice(-4))).sort((a, b) => a - b);
  expect(seqs[7] - seqs[0]).toBe(7);
  const stored = await s.app.portal.db.selectFrom('intake_records').select('entry_sn').execute();
  expect(new Set(stored.map((r) => r.entry_sn)).size).toBe(stored.length);
});

test('detail: the submitter, the manager (department), finance (all); not another department’s rep', async () => {
  const { body } = await post<Envelope<Submitted>>('sales', '/api/customer/EntryAudit', valid({ Money: '5000.5' }));
  const id = body.data.id;
  const detail = await post<Envelope<Record<string, unknown>>>('sales', '/api/customer/EntryAuditdetail', { id });
  expect(detail.body).toMatchObject({
    result: 'success',
    data: {
      id,
      entrySn: body.data.entrySn,
      customerId: customer.sales1,
      Money: '5000.50',
      riqi: '2026-11-20',
      beizhu: '首期',
      status: 1,
      statusText: '审核中',
      taskid: body.data.taskid,
      UserName: '李娜',
      BranchName: '销售一部',
    },
  });
  expect(detail.body.data.files).toEqual([expect.objectContaining({ id: file1.id, url: file1.url, FileName: '营业执照.pdf', format: 'pdf' })]);
  expect((await post('manager', '/api/customer/EntryAuditdetail', { id })).body.result).toBe('success');
  expect((await post('finance', '/api/customer/EntryAuditdetail', { id })).body.result).toBe('success');
  const other = await post('sales5', '/api/customer/EntryAuditdetail', { id });
  expect({ status: other.status, body: other.body }).toEqual({ status: 403, body: { result: 'error', msg: '没有权限查看此进件' } });
  // Another department's manager holds 全部审批 (the seeded 销售经理 has every oa page): he may open its approval, so its detail too.
  expect((await post('manager2', '/api/customer/EntryAuditdetail', { id })).status).toBe(200);
  expect((await post('sales', '/api/customer/EntryAuditdetail', { id: 999999 })).body).toEqual({ result: 'error', msg: '进件不存在' });

  // The flow: 部门经理 → 财务 (或签 among the 财务 role); the record follows the instance.
  expect((await post('manager', '/api/WorkFlow/Approved', { ids: await stepOf('manager1', body.data.taskid), ext: '同意' })).body).toMatchObject({
    result: 'success',
    data: { recordStatus: 1 },
  });
  expect((await post('finance', '/api/WorkFlow/Approved', { ids: await stepOf('finance1', body.data.taskid) })).body).toMatchObject({
    result: 'success',
    data: { recordStatus: 2 },
  });
  expect((await post('sales', '/api/customer/EntryAuditdetail', { id })).body.data).toMatchObject({ status: 2, statusText: '通过' });
});

test('list: scoped, paged, newest first, filtered by status and key', async () => {
  const mine = (await post<List>('sales', '/api/customer/EntryAuditList', { rows: 100 })).body;
  expect(mine.total).toBeGreaterThanOrEqual(12);
  expect(mine.rows.every((r) => r.UserName === '李娜')).toBe(true);
  expect(mine.rows[0].id).toBeGreaterThan(mine.rows[mine.rows.length - 1].id);
  const page2 = (await post<List>('sales', '/api/customer/EntryAuditList', { rows: 5, page: 2 })).body;
  expect(page2).toMatchObject({ total: mine.total });
  expect(page2.rows.map((r) => r.id)).toEqual(mine.rows.slice(5, 10).map((r) => r.id));
  const passed = (await post<List>('sales', '/api/customer/EntryAuditList', { rows: 100, status: '2' })).body;
  expect(passed.rows.length).toBeGreaterThanOrEqual(1);
  expect(passed.rows.every((r) => r.status === 2 && r.statusText === '通过')).toBe(true);
  const one = mine.rows[3];
  expect((await post<List>('sales', '/api/customer/EntryAuditList', { key: one.entrySn })).body.rows.map((r) => r.id)).toEqual([one.id]);

  // Another department's rep sees none of these; the seeded demo intakes show for their submitters and managers.
  const other = (await post<List>('sales5', '/api/customer/EntryAuditList', { rows: 100 })).body;
  expect(other.rows.some((r) => r.UserName === '李娜')).toBe(false);
  // Her own seeded intake (通过), and those of customers she participates in.
  expect(other.rows.filter((r) => r.UserName === '吴婷').map((r) => r.statusText)).toEqual(['通过']);
  const manager2 = (await post<List>('manager2', '/api/customer/EntryAuditList', { rows: 100 })).body;
  expect(manager2.rows.map((r) => r.statusText).sort()).toEqual(['未通过', '通过']);
  const all = (await post<List>('finance', '/api/customer/EntryAuditList', { rows: 100 })).body;
  expect(all.total).toBe(mine.total + 1 + 4); // the manager's own intake and the four seeded ones of others
  expect((await post('sales', '/api/customer/EntryAuditList', { status: '9' })).body).toEqual({ result: 'error', msg: '审批状态参数不正确' });
});

test('进件审核 (todo=1): the intakes waiting for the user’s decision, outside the data scope too; needs the page right', async () => {
  const { body } = await post<Envelope<Submitted>>('sales', '/api/customer/EntryAudit', valid({ Money: '777' }));
  const managerTodo = (await post<List>('manager', '/api/customer/EntryAuditList', { todo: 1, rows: 100 })).body;
  expect(managerTodo.rows.map((r) => r.id)).toContain(body.data.id);
  expect(managerTodo.rows.every((r) => r.status === 1)).toBe(true);
  // Not yet at 财务.
  expect((await post<List>('finance', '/api/customer/EntryAuditList', { todo: 1, rows: 100 })).body.rows.map((r) => r.id)).not.toContain(body.data.id);
  await post('manager', '/api/WorkFlow/Approved', { ids: await stepOf('manager1', body.data.taskid) });
  expect((await post<List>('manager', '/api/customer/EntryAuditList', { todo: 1, rows: 100 })).body.rows.map((r) => r.id)).not.toContain(body.data.id);
  // Both 财务 (或签) see it; the seeded one at 财务 too.
  const financeTodo = (await post<List>('finance', '/api/customer/EntryAuditList', { todo: 1, rows: 100 })).body;
  expect(financeTodo.rows.map((r) => r.id)).toContain(body.data.id);
  expect(financeTodo.rows.some((r) => r.UserName === '赵强')).toBe(true);
  // A rep has 进件管理 but not 进件审核.
  expect((await post('sales', '/api/customer/EntryAuditList', { todo: 1 })).status).toBe(403);
});

test('字段权限: the customer name on intakes follows the viewer’s 客户名称 rule, in the list and the detail', async () => {
  const db = s.app.portal.db;
  const { body } = await post<Envelope<Submitted>>('sales', '/api/customer/EntryAudit', valid({ Money: '88' }));
  const name = (await db.selectFrom('customers').select('customer_name').where('id', '=', customer.sales1).executeTakeFirstOrThrow()).customer_name;
  const { role_id: roleId } = await db.selectFrom('users').select('role_id').where('id', '=', uid.sales1).executeTakeFirstOrThrow();
  await db.insertInto('role_field_masks').values({ role_id: roleId, module: 'customer', field: 'CustomerName', mode: 'mask' }).execute();
  try {
    const row = (await post<List>('sales', '/api/customer/EntryAuditList', { key: body.data.entrySn })).body.rows[0];
    expect(row.customerName).not.toBe(name);
    expect(row.customerName).toContain('*');
    expect((await post<Envelope<Row>>('sales', '/api/customer/EntryAuditdetail', { id: body.data.id })).body.data.customerName).toBe(row.customerName);
    // A viewer without the rule reads the name.
    expect((await post<Envelope<Row>>('manager', '/api/customer/EntryAuditdetail', { id: body.data.id })).body.data.customerName).toBe(name);
    // The approval's title, which approval lists show unmasked, names the 进件编号 and not the customer.
    const { title } = await db.selectFrom('wf_instances').select('title').where('id', '=', body.data.taskid).executeTakeFirstOrThrow();
    expect(title).toContain(body.data.entrySn);
    expect(title).not.toContain(name);
  } finally {
    await db.deleteFrom('role_field_masks').where('role_id', '=', roleId).where('field', '=', 'CustomerName').execute();
  }
});

test('typed input: cc as picked users, ids or `1,2`; the form as JSON; the messages of bad values', async () => {
  const ccOf = async (taskId: number) =>
    (await s.app.portal.db.selectFrom('wf_cc').select('user_id').where('instance_id', '=', taskId).orderBy('user_id').execute()).map((r) => r.user_id);
  const picked = [
    { userid: uid.sales2, username: '赵强', header: '' },
    { userid: uid.sales5, username: '吴婷' },
  ];
  const viaUsers = await post<Envelope<Submitted>>('sales', '/api/customer/EntryAudit', valid({ cc: JSON.stringify(picked) }));
  expect(viaUsers.body).toMatchObject({ result: 'success', data: { status: 1 } });
  expect(await ccOf(viaUsers.body.data.taskid)).toEqual([uid.sales2, uid.sales5].sort((a, b) => a - b));
  const viaIds = await post<Envelope<Submitted>>('sales', '/api/customer/EntryAudit', valid({ cc: `${uid.sales2},${uid.sales2}` }));
  expect(await ccOf(viaIds.body.data.taskid)).toEqual([uid.sales2]);
  // All under `form` (an object in a JSON body), its cc included.
  const viaForm = await post<Envelope<Submitted>>('sales', '/api/customer/EntryAudit', {
    form: { ...valid({ Money: 66 }), files: [{ id: file1.id, url: file1.url }], cc: [uid.sales5] },
  });
  expect(viaForm.body).toMatchObject({ result: 'success', data: { status: 1 } });
  expect(await ccOf(viaForm.body.data.taskid)).toEqual([uid.sales5]);

  const refuse = async (body: Record<string, unknown>, msg: string) => {
    const res = await post('sales', '/api/customer/EntryAudit', body);
    expect({ status: res.status, body: res.body }).toEqual({ status: 400, body: { result: 'error', msg } });
  };
  const six = [uid.sales1, uid.sales2, uid.sales5, uid.manager1, uid.finance1, uid.admin].map((userid) => ({ userid }));
  await refuse(valid({ cc: JSON.stringify(six) }), '抄送人最多5个');
  await refuse(valid({ cc: JSON.stringify([{ userid: 'x', username: '赵强' }]) }), '抄送人格式不正确');
  await refuse(valid({ cc: JSON.stringify([{ username: '赵强' }]) }), '抄送人格式不正确');
  await refuse(valid({ cc: '[{' }), '抄送人格式不正确');
  await refuse({ form: '{"customerId":' }, '进件表单格式不正确');
  await refuse({ form: '[1]' }, '进件表单格式不正确');
  await refuse(valid({ Money: 'abc' }), '进件金额必须是数字');
  await refuse(valid({ riqi: '2026-11-20 10:00' }), '进件日期格式不正确（应为 年-月-日）');
  await refuse(valid({ files: '[{' }), '进件资料格式不正确');
  await refuse(valid({ files: JSON.stringify([{ id: file1.id }]) }), '进件资料格式不正确');
  await refuse(valid({ contractId: 'abc' }), '关联合同不存在');
  await refuse(valid({ customerId: 'abc' }), '客户：请选择');
  await refuse(valid({ id: '7' }), '进件提交后不能修改，被退回时请在审批中重新提交');
  // id 0 (or '') is a new record.
  expect((await post('sales', '/api/customer/EntryAudit', valid({ id: '0' }))).body).toMatchObject({ result: 'success' });
});

test('新建进件’s 关联合同 hangs on 客户: the form asks for the chosen customer’s contracts only, older installations are brought in line', async () => {
  type Item = { json: string };
  const contractField = async () => {
    const res = await post<Envelope<{ items: Item[] }>>('sales', '/Api/formField/index/', { mode: 'intake', isshow: 1 });
    return res.body.data.items.map((i) => JSON.parse(i.json) as Record<string, unknown>).find((f) => f.type === 'contract');
  };
  expect(await contractField()).toMatchObject({ field: 'contractId', parent: 'customerId', parentParams: '{"customerId":"$parent"}' });

  // What the picker then asks: the chosen customer's contracts, with their names.
  const contracts = await post<{ rows: { customerId: number; title: string }[]; total: number }>('sales', '/api/contract/index', {
    dataType: 'all',
    customerId: customer.sales1,
    page: 1,
    rows: 20,
  });
  expect(contracts.body.rows.length).toBeGreaterThan(0);
  expect(contracts.body.rows.every((r) => r.customerId === customer.sales1 && r.title !== '')).toBe(true);

  // An installation seeded before the fix: the migration adds the dependency to the unchanged field.
  const db = s.app.portal.db;
  const form = await db.selectFrom('forms').select('id').where('mode', '=', 'intake').executeTakeFirstOrThrow();
  const rows = await db.selectFrom('form_fields').select(['id', 'json']).where('form_id', '=', form.id).execute();
  const stored = rows.find((r) => (JSON.parse(r.json) as { type: string }).type === 'contract')!;
  const { parent: _parent, parentParams: _params, ...old } = JSON.parse(stored.json) as Record<string, unknown>;
  await db
    .updateTable('form_fields')
    .set({ json: JSON.stringify(old) })
    .where('id', '=', stored.id)
    .execute();
  expect(await contractField()).not.toHaveProperty('parent');
  await intakeContractByCustomer.up(db as never);
  expect(await contractField()).toMatchObject({ parent: 'customerId', parentParams: '{"customerId":"$parent"}' });
});
