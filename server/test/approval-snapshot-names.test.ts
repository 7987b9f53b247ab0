/**
 * The approval panel shows names, not ids (issue #31: 费用部门 showed "3" to every viewer). A work
 * form's snapshot carries each picker's display text (`field2`) as the database has it — a person's
 * name, the departments', a customer's — and the submitter as 填写人, whatever the browser sent; an
 * id naming nothing is refused; an approver's node edit of a picker gets the new record's name.
 * SQLite, or PostgreSQL with DATABASE_URL.
 */
import { DEMO, startServer, type TestServer } from './harness';

type Env<T = Record<string, unknown>> = { result: string; msg: string; data: T };

let s: TestServer;
const t = { admin: '', sales: '' };
const uid: Record<string, number> = {};
let flowId = 0;
let branch: { id: number; name: string };
let customer: { id: number; customer_name: string };

const post = <T = Record<string, unknown>>(url: string, body: Record<string, unknown>, token = t.admin) => s.post<Env<T>>(url, body, { token });
const snapshot = async (taskid: number, token: string) =>
  (await post<{ data: Record<string, unknown> }>('/api/WorkFlow/detail', { taskid }, token)).body.data.data;

beforeAll(async () => {
  s = await startServer();
  t.admin = await s.login(...DEMO.admin);
  t.sales = await s.login(...DEMO.sales);
  const db = s.app.portal.db;
  for (const u of await db.selectFrom('users').select(['id', 'username']).execute()) uid[u.username] = u.id;
  branch = await db.selectFrom('branches').select(['id', 'name']).where('name', '=', '财务部').executeTakeFirstOrThrow();
  customer = await db.selectFrom('customers').select(['id', 'customer_name']).where('owner_id', '=', uid.sales1).orderBy('id').executeTakeFirstOrThrow();
  const items = [
    { type: 'userinfo', field: 'applicant', title: '填写人' },
    { type: 'user', field: 'owner', field2: 'owner_name', title: '负责人', required: true, max: 1 },
    { type: 'users', field: 'members', field2: 'member_list', title: '同行人', max: 5 },
    { type: 'branch', field: 'dept', field2: 'dept_names', title: '费用部门', max: 2 },
    { type: 'customer', field: 'cust', field2: 'cust_name', title: '拜访客户' },
  ];
  expect((await post('/api/workform/add', { mode: 'outing', title: '外出申请', items })).body.result).toBe('success');
  const json = {
    nodes: [
      { id: 's', name: '开始', config: { kind: 'start' } },
      {
        id: 'a',
        name: '管理员审批',
        config: { kind: 'approver', mode: 'or', approver: { type: 'users', userIds: [uid.admin] }, writeField: { owner: 'edit' } },
      },
      { id: 'e', name: '结束', config: { kind: 'end' } },
    ],
    lines: [
      { from: 's', to: 'a' },
      { from: 'a', to: 'e' },
    ],
  };
  const flow = await post<{ id: number }>('/api/flow/add', { name: '外出审批', formMode: 'outing', WorlFlowJson: JSON.stringify(json) });
  expect(flow.body.result).toBe('success');
  flowId = flow.body.data.id;
});
afterAll(async () => {
  await s.close();
});

const submit = (data: Record<string, unknown>) => post<{ taskid: number }>('/api/WorkFlow/Approval', { flowId, data: JSON.stringify(data) }, t.sales);

test('the snapshot names the people, departments and customer the ids name, and the submitter as 填写人', async () => {
  const res = await submit({
    applicant: uid.admin,
    applicant_name: '伪造的填写人',
    owner: uid.manager1,
    owner_name: '老板',
    members: `${uid.sales2},${uid.finance1}`,
    dept: String(branch.id),
    cust: customer.id,
  });
  expect(res.body.result).toBe('success');
  const expected = {
    applicant: uid.sales1,
    applicant_name: '李娜',
    owner: uid.manager1,
    owner_name: '张伟',
    member_list: [expect.objectContaining({ userid: uid.sales2, username: '赵强' }), expect.objectContaining({ userid: uid.finance1, username: '王芳' })],
    dept_names: branch.name,
    cust_name: customer.customer_name,
  };
  expect(await snapshot(res.body.data.taskid, t.admin)).toMatchObject(expected);
  expect(await snapshot(res.body.data.taskid, t.sales)).toMatchObject(expected);
});

test.each([
  [{ owner: 999999 }, '负责人不存在'],
  [{ owner: '张伟' }, '负责人格式不正确'],
  [{ members: '1,999999' }, '同行人不存在'],
  [{ dept: '999999' }, '费用部门不存在'],
  [{ cust: 999999 }, '拜访客户不存在'],
])('an id naming nothing is refused: %j', async (patch, msg) => {
  expect((await submit({ owner: uid.manager1, ...patch })).body).toEqual({ result: 'error', msg });
});

test('an approver’s node edit of a picker takes the name of the person it now names', async () => {
  const res = await submit({ owner: uid.manager1, owner_name: '张伟' });
  const taskid = res.body.data.taskid;
  const todo = (await post<never>('/api/WorkFlow/todo', { rows: 100 })).body as unknown as { rows: { id: number; TaskID: number }[] };
  const step = todo.rows.find((r) => r.TaskID === taskid)!;
  const edit = await post('/api/WorkFlow/editFormField', { stepid: step.id, data: JSON.stringify({ owner: uid.manager2, owner_name: '随便写的' }) });
  expect(edit.body).toMatchObject({ result: 'success' });
  expect(await snapshot(taskid, t.sales)).toMatchObject({ owner: uid.manager2, owner_name: '刘洋' });
});
