/** Issue 12 item 9: login records follow the viewer's data scope (all / department subtree / own). */
import { DEMO, startServer, type TestServer } from './harness';

type Records = { rows: { UserName: string; success: number }[]; total: number };

let s: TestServer;

beforeAll(async () => {
  s = await startServer();
});
afterAll(async () => {
  await s.close();
});

test('销售经理 sees the records of their department subtree only; the administrator sees everyone’s; 销售 their own', async () => {
  const db = s.app.portal.db;
  const users = await db
    .selectFrom('users as u')
    .leftJoin('branches as b', 'b.id', 'u.branch_id')
    .select(['u.username', 'u.branch_id', 'b.name'])
    .where('u.quit_status', '=', 0)
    .execute();
  const manager1 = users.find((u) => u.username === 'manager1');
  const outsider = users.find((u) => u.username.startsWith('sales') && u.branch_id !== manager1?.branch_id);
  if (!outsider) throw new Error('no user of another department');
  await s.login(outsider.username, 'sales123');
  await s.login(...DEMO.admin);
  await s.post('/api/user/login', { username: 'nobody-at-all', password: 'x' });
  await s.login(...DEMO.sales);
  const manager = await s.login(...DEMO.manager);

  const seen = await s.post<Records>('/api/user/getloglos', { page: 1, rows: 200 }, { token: manager });
  const names = new Set(seen.body.rows.map((r) => r.UserName));
  expect(names.has('manager1')).toBe(true);
  expect(names.has('sales1')).toBe(true);
  expect(names.has('admin')).toBe(false);
  expect(names.has(outsider.username)).toBe(false);
  expect(names.has('nobody-at-all')).toBe(false);

  const admin = await s.login(...DEMO.admin);
  const all = await s.post<Records>('/api/user/getloglos', { page: 1, rows: 200 }, { token: admin });
  const allNames = new Set(all.body.rows.map((r) => r.UserName));
  for (const n of ['admin', outsider.username, 'nobody-at-all', 'manager1']) expect(allNames.has(n)).toBe(true);

  const sales = await s.login(...DEMO.sales);
  const own = await s.post<Records>('/api/user/getloglos', { page: 1, rows: 200 }, { token: sales });
  expect(new Set(own.body.rows.map((r) => r.UserName))).toEqual(new Set(['sales1']));
});

test('登录记录 filters: user, department, date range and result, with the browser and the person’s name', async () => {
  const db = s.app.portal.db;
  const admin = await s.login(...DEMO.admin);
  await s.post(
    '/api/user/login',
    { username: 'sales2', password: 'wrong' },
    { headers: { 'user-agent': 'Mozilla/5.0 (Windows NT 10.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36' } },
  );
  const sales2 = await db.selectFrom('users').select('id').where('username', '=', 'sales2').executeTakeFirstOrThrow();
  const list = (body: Record<string, unknown>) =>
    s.post<{ rows: { UserName: string; NickName: string; BranchName: string; browser: string; result: string; success: number }[]; total: number }>(
      '/api/user/getloglos',
      { rows: 200, ...body },
      { token: admin },
    );

  const failed = await list({ userId: sales2.id, success: 0 });
  expect(failed.body.total).toBe(1);
  expect(failed.body.rows[0]).toMatchObject({ UserName: 'sales2', NickName: '赵强', BranchName: '销售一部', browser: 'Chrome 126', result: '失败' });
  const branch = await db.selectFrom('branches').select('id').where('name', '=', '销售一部').executeTakeFirstOrThrow();
  const department = await list({ BranchID: branch.id });
  expect(department.body.rows.every((r) => r.BranchName === '销售一部')).toBe(true);
  expect(department.body.total).toBeGreaterThan(1);

  const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
  expect((await list({ start: today, end: today })).body.total).toBeGreaterThan(0);
  expect((await list({ start: '2020-01-01', end: '2020-01-02' })).body.total).toBe(0);
  expect((await list({ start: '2020-13-01' })).body).toMatchObject({ result: 'error', msg: '开始日期格式不正确' });
  expect((await list({ start: '2021-01-02', end: '2021-01-01' })).body).toMatchObject({ result: 'error', msg: '结束日期不能早于开始日期' });
  // A filter never widens the viewer's scope: 销售 asking for someone else's records gets none.
  const sales = await s.login(...DEMO.sales);
  const other = await s.post<{ total: number }>('/api/user/getloglos', { userId: sales2.id }, { token: sales });
  expect(other.body.total).toBe(0);
});
