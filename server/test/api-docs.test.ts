import { DEMO, startServer, type TestServer } from './harness';

type Operation = {
  summary?: string;
  description?: string;
  tags?: string[];
  'x-right'?: string;
  'x-record-check'?: string;
  requestBody?: unknown;
  parameters?: unknown[];
  responses?: Record<string, unknown>;
};
type OpenApi = { openapi: string; paths: Record<string, Record<string, Operation>>; tags: { name: string }[] };

let s: TestServer;
const t = { admin: '', manager: '', sales: '', finance: '' };

beforeAll(async () => {
  s = await startServer();
  t.admin = await s.login(...DEMO.admin);
  t.manager = await s.login(...DEMO.manager);
  t.sales = await s.login(...DEMO.sales);
  t.finance = await s.login(...DEMO.finance);
});
afterAll(async () => {
  await s.close();
});

/** The document's path for a route path as declared: `:name` → `{name}`. */
const docPath = (url: string) => url.replace(/:([A-Za-z_]+)/g, '{$1}');

test('the OpenAPI 3.1 document lists every registered route with its Chinese summary, area tag and right', async () => {
  const res = await s.get<OpenApi>('/api/docs/json', { token: t.admin });
  expect(res.status).toBe(200);
  const doc = res.body;
  expect(doc.openapi).toBe('3.1.0');
  const documented = s.app.registeredRoutes().filter((r) => !r.declaration.hidden);
  expect(documented.length).toBeGreaterThan(60);
  const missing: string[] = [];
  for (const route of documented) {
    const d = route.declaration;
    const operation = doc.paths[docPath(d.url)]?.[d.method.toLowerCase()];
    if (!operation) {
      missing.push(`${d.method} ${d.url}`);
      continue;
    }
    expect(operation.summary).toBe(d.summary);
    expect(operation.summary).toMatch(/[\u4e00-\u9fff]/);
    expect(operation.tags).toEqual([d.tag]);
    expect(typeof operation['x-right']).toBe('string');
    expect(operation.description).toContain('权限：');
    expect(operation.description).toContain('记录级检查：');
  }
  expect(missing).toEqual([]);
  // Inputs come from the schemas: a form body with its Chinese field titles, a GET's query parameters.
  const del = doc.paths['/api/customer/delete'].post;
  expect(del['x-right']).toBe('crm customer/watched:delete');
  expect(JSON.stringify(del.requestBody)).toContain('application/x-www-form-urlencoded');
  expect(JSON.stringify(del.requestBody)).toContain('客户');
  expect(JSON.stringify(doc.paths['/Api/city/list/'].get.parameters)).toContain('parentid');
  expect(doc.tags.map((tag) => tag.name)).toEqual(expect.arrayContaining(['crm', 'system', 'oa', 'auth']));
  // Replies come from the contract's schemas: a route declaring `reply` documents its 200 reply's fields.
  const views = JSON.stringify(doc.paths['/api/customer/GetRoleType'].post.responses?.['200']);
  expect(views).toContain('application/json');
  expect(views).toContain('dataScope');
  expect(views).toContain('columns');
});

test('only system administrators may read the docs: anonymous 401, other roles 403', async () => {
  for (const path of ['/api/docs', '/api/docs/json', '/api/docs/static/swagger-ui-bundle.js']) {
    const anonymous = await s.get<{ result: string; msg: string }>(path);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.msg).toContain('登陆');
    for (const token of [t.manager, t.sales, t.finance]) {
      const res = await s.get<{ result: string; msg: string }>(path, { token });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ result: 'error', msg: '没有权限执行此操作' });
    }
  }
});

test('the UI is self-hosted: its page and assets come from /api/docs, none from a CDN', async () => {
  const page = await fetch(`${s.url}/api/docs`, { headers: { authkey: t.admin } });
  expect(page.status).toBe(200);
  const html = await page.text();
  const assets = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]);
  expect(assets.length).toBeGreaterThan(3);
  for (const asset of assets) {
    expect(asset.startsWith('/api/docs/static/')).toBe(true);
    const res = await fetch(`${s.url}${asset}`, { headers: { authkey: t.admin } });
    expect(res.status).toBe(200);
    expect((await res.arrayBuffer()).byteLength).toBeGreaterThan(0);
  }
  // Mixed-case and trailing-slash URLs still resolve (API paths are lower-cased).
  const mixedCase = await fetch(`${s.url}/API/Docs/`, { headers: { authkey: t.admin } });
  expect(mixedCase.status).toBe(200);
  expect(await mixedCase.text()).toContain('swagger-ui-bundle.js');
});

test('a browser opens the docs with ?authkey= once: it gets an HttpOnly cookie and a clean URL', async () => {
  const first = await fetch(`${s.url}/api/docs?authkey=${t.admin}`, { redirect: 'manual' });
  await first.text();
  expect(first.status).toBe(302);
  expect(first.headers.get('location')).toBe('/api/docs');
  const cookie = first.headers.get('set-cookie') ?? '';
  expect(cookie).toContain('HttpOnly');
  expect(cookie).toContain('Path=/api/docs');
  const json = await s.get<{ openapi: string }>('/api/docs/json', { headers: { cookie: cookie.split(';')[0] } });
  expect(json.status).toBe(200);
  expect(json.body.openapi).toBe('3.1.0');
  // The cookie is for the docs only: the API still wants the authkey header.
  expect((await s.post('/api/user/GetUser', {}, { headers: { cookie: cookie.split(';')[0] } })).status).toBe(401);
  // A non-administrator's token in the query is refused.
  expect((await s.get('/api/docs?authkey=' + t.manager)).status).toBe(403);
});
