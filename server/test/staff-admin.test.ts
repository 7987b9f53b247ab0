import { DEMO, startServer, type TestServer } from './harness';

type Envelope<T = unknown> = { result: string; msg: string; data: T };
type Staff = {
  id: number;
  UserName: string;
  NickName: string;
  BranchID: number;
  BranchName: string;
  rolename: string;
  QuitStatus: number;
  superiorName: string;
  mobile: string;
};

let s: TestServer;
let admin = '';
const ids: Record<string, number> = {};

beforeAll(async () => {
  s = await startServer();
  admin = await s.login(...DEMO.admin);
  const db = s.app.portal.db;
  for (const b of await db.selectFrom('branches').select(['id', 'name']).execute()) ids[b.name] = b.id;
  for (const r of await db.selectFrom('roles').select(['id', 'name']).execute()) ids[r.name] = r.id;
  for (const u of await db.selectFrom('users').select(['id', 'username']).execute()) ids[u.username] = u.id;
});
afterAll(async () => s.close());

const list = (body: Record<string, unknown>) => s.post<{ rows: Staff[]; total: number }>('/api/user/index', body, { token: admin });
const newStaff = (extra: Record<string, unknown> = {}) => ({
  username: 'wang.hai',
  nickName: '王海',
  mobile: '13800138000',
  email: 'wang.hai@example.com',
  branchId: ids['销售二部'],
  roleId: ids['销售'],
  superiorId: ids.manager2,
  jobTitle: '销售代表',
  ...extra,
});

test('api/user/index: 20 a page, search by name, account or mobile, a department with those below it, 在职/离职', async () => {
  const all = await list({});
  expect(all.body.total).toBe(20);
  expect(all.body.rows).toHaveLength(20);
  expect((await list({ key: '李娜' })).body.rows.map((r) => r.UserName)).toEqual(['sales1']);
  expect((await list({ key: 'manager' })).body.total).toBe(3);
  const hq = await list({ BranchID: ids['总部'] });
  expect(hq.body.rows.every((r) => ['销售一部', '销售二部', '财务部', '行政部'].includes(r.BranchName))).toBe(true);
  expect((await list({ BranchID: ids['华东分公司'] })).body.total).toBe(5);
  expect((await list({ QuitStatus: 1 })).body.rows.map((r) => r.NickName)).toEqual(['徐磊']);
  expect((await list({ BranchID: 999999 })).body).toMatchObject({ result: 'error', msg: '部门不存在' });
});

test('add shows a generated password once; the new person logs in with it; detail and edit', async () => {
  const created = await s.post<Envelope<{ id: number; password: string }>>('/api/user/add', newStaff(), { token: admin });
  expect(created.body).toMatchObject({ result: 'success', msg: '添加成功' });
  const { id, password } = created.body.data;
  expect(password).toMatch(/^[A-Za-z0-9]{10}$/);
  await s.login('wang.hai', password);
  const detail = await s.post<Envelope<Staff>>('/api/user/detail', { id }, { token: admin });
  expect(detail.body.data).toMatchObject({ NickName: '王海', BranchName: '销售二部', rolename: '销售', superiorName: '刘洋', mobile: '13800138000' });
  expect((await s.post<Envelope>('/api/user/add', newStaff(), { token: admin })).body.msg).toBe('账号已存在');
  expect((await s.post<Envelope>('/api/user/add', newStaff({ username: 'x1', mobile: '123' }), { token: admin })).body.msg).toBe('手机号格式不正确');
  expect((await s.post<Envelope>('/api/user/add', newStaff({ username: 'x1', nickName: '' }), { token: admin })).body.msg).toBe('姓名不能为空');
  expect((await s.post<Envelope>('/api/user/add', newStaff({ username: 'x1', branchId: '' }), { token: admin })).body.msg).toBe('请选择部门');
  const edited = await s.post<Envelope>('/api/user/edit', { id, ...newStaff({ nickName: '王海涛', jobTitle: '高级销售' }) }, { token: admin });
  expect(edited.body.result).toBe('success');
  expect((await s.post<Envelope<Staff>>('/api/user/detail', { id }, { token: admin })).body.data.NickName).toBe('王海涛');
  // No cycles of superiors.
  expect(
    (await s.post<Envelope>('/api/user/edit', { id: ids.manager2, ...newStaff({ username: 'manager2', nickName: '刘洋', superiorId: id }) }, { token: admin }))
      .body.msg,
  ).toBe('上级不能是自己的下属');
});

test('离职 ends the sessions and connections at once and refuses the login; 复职 restores it', async () => {
  const disconnect = jest.spyOn(s.app.portal.realtime, 'disconnectUser');
  const token = await s.login('sales4', 'sales123');
  const res = await s.post<Envelope>('/api/user/quit', { id: ids.sales4, QuitStatus: 1 }, { token: admin });
  expect(res.body).toMatchObject({ result: 'success', msg: '已设为离职' });
  expect(disconnect).toHaveBeenCalledWith(ids.sales4, { allowReconnect: true });
  const after = await s.get<Envelope>('/api/user/isApplogin', { token });
  expect(after.status).toBe(401);
  expect(after.body.msg).toContain('登陆');
  const login = await s.post<Envelope>('/api/user/login', { username: 'sales4', password: 'sales123' });
  expect(login.body).toMatchObject({ result: 'error', msg: '该账号已停用' });
  // Customers keep their owner (they show under 离职员工客户).
  const owned = await s.app.portal.db.selectFrom('customers').select('id').where('owner_id', '=', ids.sales4).execute();
  expect(owned.length).toBeGreaterThan(0);
  expect((await s.post<Envelope>('/api/user/quit', { id: ids.sales4, QuitStatus: 0 }, { token: admin })).body.msg).toBe('已复职');
  await s.login('sales4', 'sales123');
});

test('the last administrator cannot be demoted, made departed or deleted; nobody departs or deletes themself', async () => {
  const adminEdit = { id: ids.admin, username: 'admin', nickName: '系统管理员', branchId: ids['行政部'], roleId: ids['销售'] };
  expect((await s.post<Envelope>('/api/user/edit', adminEdit, { token: admin })).body.msg).toBe('这是最后一位在职的超级管理员，不能更换角色、离职或删除');
  expect((await s.post<Envelope>('/api/user/quit', { id: ids.admin, QuitStatus: 1 }, { token: admin })).body.msg).toBe('不能将自己设为离职');
  expect((await s.post<Envelope>('/api/user/delete', { ids: `${ids.admin}` }, { token: admin })).body.msg).toBe('不能删除自己');
  // A second administrator is no last one: they can be made departed.
  const second = await s.post<Envelope<{ id: number; password: string }>>(
    '/api/user/add',
    newStaff({ username: 'admin2', nickName: '副管理员', roleId: ids['超级管理员'] }),
    { token: admin },
  );
  const token2 = await s.login('admin2', second.body.data.password);
  expect((await s.post<Envelope>('/api/user/quit', { id: second.body.data.id, QuitStatus: 1 }, { token: admin })).body.result).toBe('success');
  expect((await s.get('/api/user/isApplogin', { token: token2 })).status).toBe(401);
});

test('delete: only staff without records; others are named and must be made departed', async () => {
  const refused = await s.post<Envelope>('/api/user/delete', { ids: `${ids.sales1}` }, { token: admin });
  expect(refused.body).toMatchObject({ result: 'error', msg: '李娜已有业务记录，不能删除，请设为离职' });
  const created = await s.post<Envelope<{ id: number }>>('/api/user/add', newStaff({ username: 'temp1', nickName: '临时', password: 'Abc12345' }), {
    token: admin,
  });
  expect(created.body.data).toMatchObject({ password: '' });
  await s.login('temp1', 'Abc12345');
  const res = await s.post<Envelope>('/api/user/delete', { ids: `${created.body.data.id}` }, { token: admin });
  expect(res.body).toMatchObject({ result: 'success', data: { deleted: 1 } });
});

test('reset password, 外呼, extra departments, GetUser1', async () => {
  const old = await s.login('sales5', 'sales123');
  const reset = await s.post<Envelope<{ password: string }>>('/api/user/ResetPwd', { id: ids.sales5 }, { token: admin });
  expect(reset.body.msg).toBe('密码已重置');
  expect((await s.get('/api/user/isApplogin', { token: old })).status).toBe(401);
  await s.login('sales5', reset.body.data.password);

  expect((await s.post<Envelope<{ callEnabled: number }>>('/api/user/CallState', { id: ids.sales5 }, { token: admin })).body).toMatchObject({
    msg: '已关闭外呼',
    data: { callEnabled: 0 },
  });
  expect((await s.post<Envelope>('/api/user/CallState', { id: ids.sales5 }, { token: admin })).body.msg).toBe('已开启外呼');

  expect((await s.post<Envelope>('/api/user/userBranchAdd', { id: ids.sales5, branchIds: `${ids['华东销售部']}` }, { token: admin })).body.result).toBe(
    'success',
  );
  expect((await list({ BranchID: ids['华东分公司'] })).body.rows.map((r) => r.UserName)).toContain('sales5');
  const detail = await s.post<Envelope<{ extraBranches: { name: string }[] }>>('/api/user/detail', { id: ids.sales5 }, { token: admin });
  expect(detail.body.data.extraBranches).toEqual([{ id: ids['华东销售部'], name: '华东销售部' }]);
  expect((await s.post<Envelope>('/api/user/userBranchRemove', { id: ids.sales5, branchId: ids['华东销售部'] }, { token: admin })).body.msg).toBe('移除成功');
  expect((await list({ BranchID: ids['华东分公司'] })).body.rows.map((r) => r.UserName)).not.toContain('sales5');

  const sales = await s.login(...DEMO.sales);
  const options = await s.post<Envelope<{ id: number; NickName: string }[]>>('/api/user/GetUser1', { key: '张伟' }, { token: sales });
  expect(options.body.data).toEqual([{ id: ids.manager1, NickName: '张伟', BranchName: '销售一部' }]);
  expect((await s.post('/api/user/index', {}, { token: sales })).status).toBe(403);
  expect((await s.post('/api/user/ResetPwd', { id: ids.sales2 }, { token: sales })).status).toBe(403);
});

test('avatars: upload as picType avatar, set it, history, back to an older one; everyone may see it', async () => {
  const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(100, 7)]);
  const token = await s.login('sales6', 'sales123');
  const upload = async (picType: string) => {
    const form = new FormData();
    form.append('picType', picType);
    form.append('file', new Blob([new Uint8Array(PNG)]), 'me.png');
    const res = await fetch(`${s.url}/api/file/UploadFile`, { method: 'POST', headers: { authkey: token }, body: form });
    return ((await res.json()) as Envelope<{ url: string }>).data.url;
  };
  const first = await upload('avatar');
  const second = await upload('avatar');
  const other = await upload('1');
  expect((await s.post<Envelope>('/api/user/setHeader', { url: other }, { token })).body.msg).toBe('头像图片不存在，请先上传');
  expect((await s.post<Envelope>('/api/user/setHeader', { url: first }, { token })).body.msg).toBe('头像已更新');
  expect((await s.post<Envelope>('/api/user/setHeader', { url: second }, { token })).body.msg).toBe('头像已更新');
  const history = await s.post<{ rows: { url: string; current: boolean }[] }>('/api/user/setHeaderLOG', {}, { token });
  expect(history.body.rows.map((r) => [r.url, r.current])).toEqual([
    [second, true],
    [first, false],
  ]);
  expect((await s.post<Envelope>('/api/user/setHeaderLOG', { url: first }, { token })).body.msg).toBe('头像已更新');
  expect((await s.post<Envelope<{ header: string }>>('/api/user/GetUser', {}, { token })).body.data.header).toBe(first);
  expect((await s.post<Envelope>('/api/user/setHeaderLOG', { url: other }, { token })).body.msg).toBe('该头像不在您的历史头像中');
  // Another salesperson may sign (and so see) the avatar, not the other picture.
  const colleague = await s.login(...DEMO.sales);
  const signed = await s.post<Envelope<Record<string, string>>>('/api/file/SignUrls', { urls: JSON.stringify([first, other]) }, { token: colleague });
  expect(JSON.stringify(signed.body.data)).toContain(first.split('/').pop());
  expect(JSON.stringify(signed.body.data)).not.toContain(other.split('/').pop());
});

test('a staff administrator who is not 超级管理员 cannot make anyone 超级管理员 nor manage one', async () => {
  const role = await s.post<Envelope<{ id: number }>>(
    '/main/role/add',
    { name: '人事', rights: { system: ['user', 'user:create', 'user:edit', 'user:delete'] }, dataScope: 'all' },
    { token: admin },
  );
  const hr = await s.post<Envelope<{ id: number }>>(
    '/api/user/add',
    newStaff({ username: 'hr1', nickName: '人事专员', roleId: role.body.data.id, password: 'Hr123456' }),
    { token: admin },
  );
  const token = await s.login('hr1', 'Hr123456');
  const promote = await s.post<Envelope>(
    '/api/user/edit',
    { id: hr.body.data.id, ...newStaff({ username: 'hr1', nickName: '人事专员', roleId: ids['超级管理员'] }) },
    { token },
  );
  expect(promote.status).toBe(403);
  expect(promote.body.msg).toBe('只有超级管理员可以授予、变更或管理超级管理员账号');
  expect((await s.post('/api/user/add', newStaff({ username: 'x2', roleId: ids['超级管理员'] }), { token })).status).toBe(403);
  expect((await s.post('/api/user/ResetPwd', { id: ids.admin }, { token })).status).toBe(403);
  expect((await s.post('/api/user/quit', { id: ids.admin, QuitStatus: 1 }, { token })).status).toBe(403);
  // Ordinary staff they do manage.
  expect((await s.post<Envelope>('/api/user/ResetPwd', { id: ids.sales7 }, { token })).body.result).toBe('success');
});
