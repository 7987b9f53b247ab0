import { DEMO, startServer, type TestServer } from './harness';

type Envelope = { result: string; msg: string; data?: Record<string, unknown>; model?: Record<string, string[]> };

let s: TestServer;
let ipCounter = 0;
/** Each test logs in from its own client IP so the per-IP failure limit of one test does not leak into another. */
const freshIp = () => ({ 'x-forwarded-for': `10.0.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}` });

beforeAll(async () => {
  s = await startServer();
});
afterAll(async () => {
  await s.close();
});

describe('login', () => {
  test('returns the token, user info and the permission tree; the user name is trimmed', async () => {
    const res = await s.post<Envelope>('/api/user/login', { username: '  admin ', password: 'admin123' }, { headers: freshIp() });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ result: 'success', msg: '登录成功', data: { NickName: '系统管理员', header: '' } });
    expect(res.body.data?.LoginToken).toMatch(/^[0-9a-f]{64}$/);
    expect(typeof res.body.data?.UserID).toBe('number');
    expect(typeof res.body.data?.ShopID).toBe('number');
    expect(Object.keys(res.body.model ?? {}).sort()).toEqual(['admin', 'bi', 'call', 'crm', 'dbcall', 'erp', 'manage', 'oa', 'system', 'work']);
    expect(res.body.model?.system).toContain('user');
  });

  test('stores only the hash of the token', async () => {
    const token = await s.login(...DEMO.sales, { headers: freshIp() });
    const stored = await s.app.portal.db.selectFrom('sessions').select('token_hash').execute();
    expect(stored.map((r) => r.token_hash)).not.toContain(token);
  });

  test('a wrong password or unknown user gets 用户名或密码错误', async () => {
    const headers = freshIp();
    const wrong = await s.post<Envelope>('/api/user/login', { username: 'finance2', password: 'nope' }, { headers });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ result: 'error', msg: '用户名或密码错误' });
    const unknown = await s.post<Envelope>('/api/user/login', { username: 'nobody', password: 'x' }, { headers });
    expect(unknown.body.msg).toBe('用户名或密码错误');
    const missing = await s.post<Envelope>('/api/user/login', { username: ' ', password: 'x' }, { headers });
    expect(missing.status).toBe(400);
    expect(missing.body.msg).toBe('请输入用户名');
  });

  test('role permissions differ: 销售 has no system or bi, 销售经理 only Loglos in system', async () => {
    const sales = await s.post<Envelope>('/api/user/login', { username: 'sales1', password: 'sales123' }, { headers: freshIp() });
    expect(sales.body.model?.system).toEqual([]);
    expect(sales.body.model?.bi).toEqual([]);
    expect(sales.body.model?.crm).toContain('customer/watched');
    const manager = await s.post<Envelope>('/api/user/login', { username: 'manager1', password: 'manager123' }, { headers: freshIp() });
    expect(manager.body.model?.system).toEqual(['Loglos']);
    const finance = await s.post<Envelope>('/api/user/login', { username: 'finance1', password: 'finance123' }, { headers: freshIp() });
    expect(finance.body.model?.bi).toEqual(['financeTotal', 'financePayment']);
    expect(finance.body.model?.crm.some((p) => p.startsWith('customer/'))).toBe(false);
  });

  test('a departed user cannot log in: 该账号已停用', async () => {
    const res = await s.post<Envelope>('/api/user/login', { username: 'sales13', password: 'sales123' }, { headers: freshIp() });
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('该账号已停用');
  });

  test('a session of a user who departs stops working', async () => {
    const token = await s.login('sales14', 'sales123', { headers: freshIp() });
    expect((await s.get('/api/user/isApplogin', { token })).status).toBe(200);
    await s.app.portal.db.updateTable('users').set({ quit_status: 1 }).where('username', '=', 'sales14').execute();
    const after = await s.get<Envelope>('/api/user/isApplogin', { token });
    expect(after.status).toBe(401);
    expect(after.body.msg).toContain('登陆');
    await s.app.portal.db.updateTable('users').set({ quit_status: 0 }).where('username', '=', 'sales14').execute();
  });
});

describe('sessions', () => {
  test('isApplogin, GetUser and menu auth answer for a live session', async () => {
    const token = await s.login(...DEMO.manager, { headers: freshIp() });
    const alive = await s.get<Envelope>('/api/user/isApplogin', { token });
    expect(alive.body).toMatchObject({ result: 'success', data: { login: true } });
    const me = await s.post<Envelope>('/api/user/GetUser', {}, { token });
    expect(me.body).toMatchObject({ result: 'success', data: { NickName: '张伟', BranchName: '销售一部', rolename: '销售经理' } });
    expect(me.body.data?.lastLogin).toMatchObject({ IP: expect.any(String), Date: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/) });
    const menu = await s.post<Envelope>('/Api/menu/auth/', {}, { token });
    expect(menu.body.result).toBe('success');
    expect(menu.body.data).toEqual(me.body.model);
  });

  test('logout ends the session', async () => {
    const token = await s.login(...DEMO.sales, { headers: freshIp() });
    const out = await s.post<Envelope>('/api/user/logout', {}, { token });
    expect(out.body).toEqual({ result: 'success', msg: '退出成功' });
    const after = await s.get<Envelope>('/api/user/isApplogin', { token });
    expect(after.status).toBe(401);
    expect(after.body).toEqual({ result: 'error', msg: '登陆已过期，请重新登陆' });
  });

  test('a session expires after SESSION_TTL_HOURS', async () => {
    const token = await s.login(...DEMO.sales, { headers: freshIp() });
    s.clock.advance((s.config.sessionTtlHours - 0.01) * 3600_000);
    expect((await s.get('/api/user/isApplogin', { token })).status).toBe(200);
    s.clock.advance(0.02 * 3600_000);
    const expired = await s.get<Envelope>('/api/user/isApplogin', { token });
    expect(expired.status).toBe(401);
    expect(expired.body.msg).toContain('登陆');
  });

  test('an administrator revokes all sessions of a user; others may not', async () => {
    const a = await s.login(...DEMO.finance, { headers: freshIp() });
    const b = await s.login(...DEMO.finance, { headers: freshIp() });
    const admin = await s.login(...DEMO.admin, { headers: freshIp() });
    const sales = await s.login(...DEMO.sales, { headers: freshIp() });
    const finance = await s.app.portal.db.selectFrom('users').select('id').where('username', '=', 'finance1').executeTakeFirstOrThrow();

    const refused = await s.post<Envelope>('/api/user/RevokeSessions', { id: finance.id }, { token: sales });
    expect(refused.status).toBe(403);
    expect((await s.get('/api/user/isApplogin', { token: a })).status).toBe(200);

    const unknown = await s.post<Envelope>('/api/user/RevokeSessions', { id: 999999 }, { token: admin });
    expect(unknown.status).toBe(404);
    expect(unknown.body.msg).toBe('用户不存在');

    const done = await s.post<Envelope>('/api/user/RevokeSessions', { id: finance.id }, { token: admin });
    expect(done.body.result).toBe('success');
    for (const token of [a, b]) {
      const res = await s.post<Envelope>('/api/user/GetUser', {}, { token });
      expect(res.status).toBe(401);
      expect(res.body.msg).toContain('登陆');
    }
    expect((await s.get('/api/user/isApplogin', { token: admin })).status).toBe(200);
  });

  test('EditPwd checks the old password and length, then ends the other sessions only', async () => {
    const headers = freshIp();
    const current = await s.login('sales2', 'sales123', { headers });
    const other = await s.login('sales2', 'sales123', { headers });
    const wrongOld = await s.post<Envelope>('/api/user/EditPwd', { oldpwd: 'bad', newpwd: 'newpass1' }, { token: current });
    expect(wrongOld.status).toBe(400);
    expect(wrongOld.body.msg).toBe('原密码错误');
    const tooShort = await s.post<Envelope>('/api/user/EditPwd', { oldpwd: 'sales123', newpwd: '123' }, { token: current });
    expect(tooShort.body.msg).toBe('新密码长度必须为6到32个字符');
    const tooLong = await s.post<Envelope>('/api/user/EditPwd', { oldpwd: 'sales123', newpwd: 'x'.repeat(33) }, { token: current });
    expect(tooLong.status).toBe(400);
    expect((await s.get('/api/user/isApplogin', { token: other })).status).toBe(200);

    const ok = await s.post<Envelope>('/api/user/EditPwd', { oldpwd: 'sales123', newpwd: 'newpass1' }, { token: current });
    expect(ok.body.result).toBe('success');
    expect((await s.get('/api/user/isApplogin', { token: current })).status).toBe(200);
    expect((await s.get('/api/user/isApplogin', { token: other })).status).toBe(401);
    const oldLogin = await s.post<Envelope>('/api/user/login', { username: 'sales2', password: 'sales123' }, { headers });
    expect(oldLogin.body.msg).toBe('用户名或密码错误');
    await s.login('sales2', 'newpass1', { headers: freshIp() });
  });
});

describe('failed-login limit', () => {
  test('5 failures on one account from one IP lock that IP out of it for 15 minutes, even with the right password; other IPs are not locked', async () => {
    const headers = freshIp();
    for (let i = 0; i < 5; i++) {
      const res = await s.post<Envelope>('/api/user/login', { username: 'sales3', password: 'wrong' }, { headers });
      expect(res.status).toBe(400);
    }
    const locked = await s.post<Envelope>('/api/user/login', { username: 'sales3', password: 'sales123' }, { headers });
    expect(locked.status).toBe(429);
    expect(locked.body).toEqual({ result: 'error', msg: '登录失败次数过多，请15分钟后再试' });
    // another account is not affected, nor the same account from elsewhere
    await s.login('sales4', 'sales123', { headers: freshIp() });
    await s.login('sales3', 'sales123', { headers: freshIp() });
    s.clock.advance(16 * 60_000);
    await s.login('sales3', 'sales123', { headers });
  });

  test('20 failures from one IP lock that IP for every account', async () => {
    const headers = freshIp();
    for (let i = 0; i < 20; i++) {
      const res = await s.post<Envelope>('/api/user/login', { username: `ghost${i}`, password: 'x' }, { headers });
      expect(res.status).toBe(400);
    }
    const locked = await s.post<Envelope>('/api/user/login', { username: 'admin', password: 'admin123' }, { headers });
    expect(locked.status).toBe(429);
    expect(locked.body.msg).toBe('登录失败次数过多，请15分钟后再试');
    await s.login(...DEMO.admin, { headers: freshIp() });
    s.clock.advance(16 * 60_000);
    await s.login(...DEMO.admin, { headers });
  });
});

describe('login records', () => {
  test('getloglos shows own records to a user and all records with system Loglos', async () => {
    const sales = await s.login('sales5', 'sales123', { headers: freshIp() });
    const own = await s.post<{ rows: { UserName: string; success: number; IP: string; Date: string; Ua: string }[]; total: number }>(
      '/api/user/getloglos',
      { page: 1, rows: 50 },
      { token: sales },
    );
    expect(own.status).toBe(200);
    expect(own.body.total).toBeGreaterThan(0);
    expect(new Set(own.body.rows.map((r) => r.UserName))).toEqual(new Set(['sales5']));
    expect(own.body.rows[0]).toMatchObject({
      success: 1,
      IP: expect.stringMatching(/^10\.0\./),
      Date: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
    });

    const manager = await s.login(...DEMO.manager, { headers: freshIp() });
    const all = await s.post<{ rows: { UserName: string; success: number }[]; total: number }>(
      '/api/user/getloglos',
      { page: 1, rows: 200 },
      { token: manager },
    );
    expect(all.body.total).toBeGreaterThan(own.body.total);
    expect(all.body.rows.some((r) => r.success === 0)).toBe(true);

    const bad = await s.post<Envelope>('/api/user/getloglos', { page: 'abc' }, { token: sales });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe('页码必须是正整数');
  });
});
