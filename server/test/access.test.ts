import { DEMO, startServer, tableCounts, type TestServer } from './harness';

type Envelope = { result: string; msg: string };

/** Every endpoint of this issue except login, with a user lacking its right (undefined = login only). */
type Endpoint = { method: 'GET' | 'POST'; path: string; body?: Record<string, unknown>; deniedFor?: keyof typeof DEMO };

const ENDPOINTS: Endpoint[] = [
  { method: 'POST', path: '/api/user/logout' },
  { method: 'GET', path: '/api/user/isApplogin' },
  { method: 'POST', path: '/api/user/GetUser' },
  { method: 'POST', path: '/Api/menu/auth/' },
  { method: 'POST', path: '/api/user/EditPwd', body: { oldpwd: 'x', newpwd: 'yyyyyy' } },
  { method: 'POST', path: '/api/user/getloglos', body: { page: 1, rows: 10 } },
  { method: 'POST', path: '/api/user/RevokeSessions', body: { id: 1 }, deniedFor: 'manager' },
  { method: 'POST', path: '/api/branch/TreeJson' },
  { method: 'POST', path: '/api/UserSet/GetLaiyaun' },
  { method: 'POST', path: '/api/customer/index', body: { page: 1, rows: 10 }, deniedFor: 'finance' },
  { method: 'POST', path: '/api/customer/Views', body: { id: 1 }, deniedFor: 'finance' },
  { method: 'POST', path: '/api/customer/views', body: { id: 1 }, deniedFor: 'finance' },
  {
    method: 'POST',
    path: '/api/customer/CustomerAddEndit',
    body: { id: 0, CustomerName: '越权测试公司', contact_name: '张三', contact_mobile: '13800000000', LaiYuan: 1 },
    deniedFor: 'finance',
  },
  { method: 'POST', path: '/api/customer/delete', body: { ids: '1' }, deniedFor: 'finance' },
];

let s: TestServer;
const tokens: Partial<Record<keyof typeof DEMO, string>> = {};

beforeAll(async () => {
  s = await startServer();
  for (const role of Object.keys(DEMO) as (keyof typeof DEMO)[]) {
    const [username, password] = DEMO[role];
    tokens[role] = await s.login(username, password);
  }
});
afterAll(async () => {
  await s.close();
});

const call = (e: Endpoint, token?: string) => (e.method === 'GET' ? s.get<Envelope>(e.path, { token }) : s.post<Envelope>(e.path, e.body ?? {}, { token }));

describe.each(ENDPOINTS)('$method $path', (endpoint) => {
  test('refuses a missing login with 401 and a message containing 登陆', async () => {
    const before = await tableCounts(s.app);
    const res = await call(endpoint);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ result: 'error', msg: '请先登陆' });
    expect(await tableCounts(s.app)).toEqual(before);
  });

  test('refuses an unknown token with 401 登陆已过期', async () => {
    const res = await call(endpoint, 'f'.repeat(64));
    expect(res.status).toBe(401);
    expect(res.body.msg).toContain('登陆');
  });

  if (endpoint.deniedFor) {
    const role = endpoint.deniedFor;
    test(`refuses ${role} (missing right) with 403 and changes nothing`, async () => {
      const before = await tableCounts(s.app);
      const res = await call(endpoint, tokens[role]);
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ result: 'error', msg: '没有权限执行此操作' });
      expect(await tableCounts(s.app)).toEqual(before);
    });
  }
});

test('paths are case-insensitive and tolerate a trailing slash', async () => {
  for (const p of ['/API/USER/GETUSER', '/api/user/getuser/', '/Api/User/GetUser']) {
    const res = await s.post<Envelope>(p, {}, { token: tokens.admin });
    expect(res.status).toBe(200);
    expect(res.body.result).toBe('success');
  }
});

test('JSON bodies are accepted as well as forms', async () => {
  const res = await s.post<{ rows: unknown[]; total: number }>(
    '/api/customer/index',
    { page: 1, rows: 5, filters: { level: 'A' } },
    { token: tokens.admin, form: false },
  );
  expect(res.status).toBe(200);
  expect(res.body.rows.length).toBe(5);
});

test('a malformed JSON body gets a 400 envelope without internals', async () => {
  const res = await fetch(`${s.url}/api/customer/index`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authkey: tokens.admin ?? '' },
    body: '{bad',
  });
  expect(res.status).toBe(400);
  const body = (await res.json()) as Envelope;
  expect(body).toEqual({ result: 'error', msg: '请求格式不正确' });
});

test('an unknown API path gets a 404 envelope', async () => {
  const res = await s.post<Envelope>('/api/nothing/here', {}, { token: tokens.admin });
  expect(res.status).toBe(404);
  expect(res.body).toEqual({ result: 'error', msg: '接口不存在' });
  const get = await s.get<Envelope>('/api/nothing/here', { headers: { accept: 'text/html' } });
  expect(get.status).toBe(404);
  expect(get.body.result).toBe('error');
});
