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
  const users = await db.selectFrom('users as u').leftJoin('branches as b', 'b.id', 'u.branch_id').select(['u.username', 'u.branch_id', 'b.name']).where('u.quit_status', '=', 0).execute();
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
