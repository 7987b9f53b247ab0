import type { PermissionTree } from '../src/modules/system/role/permission-tree';
import { DEMO, startServer, type TestServer } from './harness';

type Envelope<T = unknown> = { result: string; msg: string; data: T };
type RoleRow = { id: number; name: string; dataScope: string; remark: string; builtIn: number; version: number; userCount: number };
type RoleDetail = RoleRow & { rights: PermissionTree };

let s: TestServer;
let admin = '';

beforeAll(async () => {
  s = await startServer();
  admin = await s.login(...DEMO.admin);
});
afterAll(async () => s.close());

const roles = (body: Record<string, unknown> = {}, token = admin) => s.post<{ rows: RoleRow[]; total: number }>('/main/role/index', body, { token });
const detail = async (id: number) => (await s.post<Envelope<RoleDetail>>('/main/role/detail', { id }, { token: admin })).body.data;
const roleId = async (name: string) => (await roles({ key: name })).body.rows.find((r) => r.name === name)?.id ?? 0;

test('main/role/index lists the roles paged and searchable, with how many employed staff hold each', async () => {
  const all = await roles();
  expect(all.status).toBe(200);
  expect(all.body.total).toBe(4);
  expect(all.body.rows[0]).toMatchObject({ name: '超级管理员', builtIn: 1, dataScope: 'all' });
  expect(all.body.rows.find((r) => r.name === '销售')?.userCount).toBeGreaterThan(0);
  const paged = await roles({ page: 2, rows: 3 });
  expect(paged.body).toMatchObject({ total: 4, rows: [expect.objectContaining({ id: expect.any(Number) })] });
  expect((await roles({ key: '财务' })).body.rows.map((r) => r.name)).toEqual(['财务']);
});

test('main/role/options lists every role as {id, name} for the staff form, 超级管理员 first', async () => {
  const res = await s.post<Envelope<{ id: number; name: string }[]>>('/main/role/options', {}, { token: admin });
  expect(res.status).toBe(200);
  expect(res.body.data[0]).toEqual({ id: expect.any(Number), name: '超级管理员' });
  expect(res.body.data.map((r) => r.name)).toEqual(expect.arrayContaining(['销售', '财务']));
  expect(res.body.data.every((r) => Object.keys(r).sort().join() === 'id,name')).toBe(true);
});

test('the rights catalogue lists areas, pages and their actions with Chinese titles', async () => {
  const res = await s.post<
    Envelope<
      { area: string; title: string; groups: { title: string; pages: { path: string; title: string; actions: { right: string; title: string }[] }[] }[] }[]
    >
  >('/main/role/rights', {}, { token: admin });
  const crm = res.body.data.find((a) => a.area === 'crm');
  expect(crm?.title).toBe('客户');
  const watched = crm?.groups.flatMap((g) => g.pages).find((p) => p.path === 'customer/watched');
  expect(watched).toMatchObject({ title: '我的客户' });
  expect(watched?.actions).toContainEqual({ key: 'delete', right: 'customer/watched:delete', title: '删除' });
});

test('create, edit (rights reach the holder on the next request), copy and delete a role', async () => {
  const created = await s.post<Envelope<{ id: number }>>(
    '/main/role/add',
    {
      name: '电话销售',
      rights: { crm: ['index', 'customer/watched', 'customer/watched:create', 'customer/black:delete', 'nonsense'], system: [] },
      dataScope: 'branch',
    },
    { token: admin },
  );
  expect(created.body).toMatchObject({ result: 'success', msg: '添加成功' });
  const id = created.body.data.id;
  const role = await detail(id);
  // Unknown rights and an action whose page is not granted are dropped.
  expect(role.rights.crm).toEqual(['index', 'customer/watched', 'customer/watched:create']);
  expect(role).toMatchObject({ dataScope: 'branch', version: 0 });

  // Give it to sales2, who then sees the role's menus on the next request.
  const db = s.app.portal.db;
  await db.updateTable('users').set({ role_id: id }).where('username', '=', 'sales2').execute();
  const token = await s.login('sales2', 'sales123');
  expect((await s.post<Envelope<PermissionTree>>('/Api/menu/auth/', {}, { token })).body.data.crm).toEqual([
    'index',
    'customer/watched',
    'customer/watched:create',
  ]);
  const push = jest.spyOn(s.app.portal.realtime, 'sendToUser');
  const saved = await s.post<Envelope>('/main/role/edit', { id, version: 0, name: '电话销售', rights: { crm: ['index'] }, dataScope: 'own' }, { token: admin });
  expect(saved.body).toMatchObject({ result: 'success' });
  // The holder's open portal is told to reload its menus.
  const sales2 = await s.app.portal.db.selectFrom('users').select('id').where('username', '=', 'sales2').executeTakeFirstOrThrow();
  expect(push).toHaveBeenCalledWith(sales2.id, 'privateSystemMsg', [{ type: 'rights', msg: '您的权限已更新' }]);
  expect((await s.post<Envelope<PermissionTree>>('/Api/menu/auth/', {}, { token })).body.data.crm).toEqual(['index']);
  expect((await s.post('/api/customer/index', {}, { token })).status).toBe(403);

  const copy = await s.post<Envelope<{ id: number }>>('/main/role/copy', { id }, { token: admin });
  expect(copy.body.result).toBe('success');
  expect(await detail(copy.body.data.id)).toMatchObject({ name: '电话销售-副本', dataScope: 'own', rights: expect.objectContaining({ crm: ['index'] }) });
  expect((await s.post<Envelope>('/main/role/copy', { id }, { token: admin })).body).toMatchObject({ result: 'error', msg: '角色名称已存在' });

  // Held by sales2: refused, naming how many.
  const refused = await s.post<Envelope>('/main/role/delete', { ids: `${id}` }, { token: admin });
  expect(refused.status).toBe(400);
  expect(refused.body.msg).toBe('角色「电话销售」仍有1名员工使用，不能删除，请先为他们更换角色');
  const gone = await s.post<Envelope>('/main/role/delete', { ids: `${copy.body.data.id}` }, { token: admin });
  expect(gone.body).toMatchObject({ result: 'success', data: { deleted: 1 } });
});

test('超级管理员 keeps every right and cannot be deleted', async () => {
  const id = await roleId('超级管理员');
  const before = await detail(id);
  const res = await s.post<Envelope>(
    '/main/role/edit',
    { id, version: before.version, name: '超级管理员', rights: { crm: [] }, dataScope: 'all', remark: '全部权限' },
    { token: admin },
  );
  expect(res.body.result).toBe('success');
  const after = await detail(id);
  expect(after.rights.system).toEqual(expect.arrayContaining(['role', 'role:edit', 'user:delete', 'basic:edit']));
  expect(after.remark).toBe('全部权限');
  expect(
    (await s.post<Envelope>('/main/role/edit', { id, version: after.version, name: '超级管理员', rights: {}, dataScope: 'own' }, { token: admin })).body.msg,
  ).toBe('超级管理员的权限不能修改');
  expect((await s.post<Envelope>('/main/role/delete', { ids: `${id}` }, { token: admin })).body).toMatchObject({ result: 'error', msg: '超级管理员不能删除' });
  // The administrator still has the system pages.
  expect((await roles()).status).toBe(200);
});

test('two simultaneous edits of one role: one is saved, the other is told the role changed', async () => {
  const id = await roleId('财务');
  const { version } = await detail(id);
  const edit = (bi: string[]) => s.post<Envelope>('/main/role/edit', { id, version, name: '财务', rights: { bi }, dataScope: 'all' }, { token: admin });
  const results = await Promise.all([edit(['financeTotal']), edit(['financePayment']), edit(['customerRank'])]);
  expect(results.filter((r) => r.body.result === 'success')).toHaveLength(1);
  expect(results.filter((r) => r.body.msg === '角色已被他人修改，请刷新后重试')).toHaveLength(2);
  expect((await detail(id)).version).toBe(version + 1);
});

test('bad input names the field; the rights need the role page and its actions', async () => {
  expect((await s.post<Envelope>('/main/role/add', { name: '', rights: {} }, { token: admin })).body.msg).toBe('角色名称不能为空');
  expect((await s.post<Envelope>('/main/role/add', { name: 'x', rights: {}, dataScope: 'everyone' }, { token: admin })).body.msg).toBe('数据范围格式不正确');
  expect((await s.post<Envelope>('/main/role/add', { name: 'x', rights: { crm: 'index' } }, { token: admin })).body.msg).toBe('权限格式不正确');
  const manager = await s.login(...DEMO.manager);
  expect((await roles({}, manager)).status).toBe(403);
  expect((await s.post('/main/role/delete', { ids: '1' }, { token: manager })).status).toBe(403);
});

test('data scope 本部门 (branch) sees its own department only; 本部门及下级 (department) the ones below too', async () => {
  const db = s.app.portal.db;
  const east = await db.selectFrom('branches').select('id').where('name', '=', '华东分公司').executeTakeFirstOrThrow();
  const eastSales = await db.selectFrom('branches').select('id').where('name', '=', '华东销售部').executeTakeFirstOrThrow();
  const below = await db
    .selectFrom('customers')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('branch_id', '=', eastSales.id)
    // What 我的客户 lists: owned customers, not blacklisted or merged, not leads.
    .where('gonghai', '=', 0)
    .where('blacklisted', '=', 0)
    .where('merged_into', 'is', null)
    .where('clue', 'in', [1, 2])
    .executeTakeFirstOrThrow();
  expect(Number(below.n)).toBeGreaterThan(0);
  const totals: Record<string, number> = {};
  for (const scope of ['department', 'branch'] as const) {
    const role = await s.post<Envelope<{ id: number }>>(
      '/main/role/add',
      { name: `华东主管-${scope}`, rights: { crm: ['index', 'customer/watched', 'customer/teamkehu'] }, dataScope: scope },
      { token: admin },
    );
    const user = await s.post<Envelope<{ id: number }>>(
      '/api/user/add',
      { username: `east-${scope}`, nickName: `华东主管${scope}`, branchId: east.id, roleId: role.body.data.id, password: 'East1234' },
      { token: admin },
    );
    expect(user.body.result).toBe('success');
    const token = await s.login(`east-${scope}`, 'East1234');
    totals[scope] = (await s.post<{ total: number }>('/api/customer/index', { scene: 'all' }, { token })).body.total;
  }
  expect(totals.department).toBe(Number(below.n));
  expect(totals.branch).toBe(0);
});
