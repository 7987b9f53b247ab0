/**
 * Route input as the declarations describe it: form and JSON bodies and the query coerce into the same
 * typed input; bad values are refused with 400 and a Chinese message naming the field, identically on
 * SQLite and PostgreSQL; framework-level refusals answer in the envelope too.
 */
import http from 'node:http';
import { DEMO, startServer, tableCounts, type TestServer } from './harness';

type Envelope = { result: string; msg: string; data?: { id: number } };

let s: TestServer;
const t = { admin: '', sales: '' };

const validCustomer = { CustomerName: '校验测试公司', contact_name: '张三', contact_mobile: '13800000000', LaiYuan: 1 };

beforeAll(async () => {
  s = await startServer();
  t.admin = await s.login(...DEMO.admin);
  t.sales = await s.login(...DEMO.sales);
});
afterAll(async () => {
  await s.close();
});

const save = (body: Record<string, unknown>, form = true) => s.post<Envelope>('/api/customer/CustomerAddEndit', body, { token: t.sales, form });

test('every route’s input schema compiles (validators are otherwise compiled on a route’s first request)', () => {
  const compiled = s.app.compileAllValidators();
  expect(compiled).toBeGreaterThan(150);
  expect(s.app.compileAllValidators()).toBe(0);
});

describe('one typed input from forms, JSON and the query', () => {
  test('a form body and a JSON body with the same values are the same input', async () => {
    // Each its own mobile: one customer's mobile is not another's.
    const viaForm = await save({ ...validCustomer, CustomerName: '表单提交公司', contact_mobile: '13800000001', LaiYuan: '1', level: 'b' });
    const viaJson = await save({ ...validCustomer, CustomerName: 'JSON提交公司', contact_mobile: '13800000002', LaiYuan: 1, level: 'B' }, false);
    expect(viaForm.body.result).toBe('success');
    expect(viaJson.body.result).toBe('success');
    const rows = await s.app.portal.db
      .selectFrom('customers')
      .select(['customer_name', 'level', 'lai_yuan'])
      .where('customer_name', 'in', ['表单提交公司', 'JSON提交公司'])
      .execute();
    expect(rows.map((r) => [r.level, r.lai_yuan])).toEqual([
      ['B', 1],
      ['B', 1],
    ]);
  });

  test('nested values come as JSON text in a form and as objects in JSON; the query string counts too', async () => {
    const form = await s.post<{ total: number }>('/api/customer/index', { filters: JSON.stringify({ level: 'A' }), rows: 5 }, { token: t.admin });
    const json = await s.post<{ total: number }>('/api/customer/index', { filters: { level: 'A' }, rows: 5 }, { token: t.admin, form: false });
    const query = await s.post<{ total: number }>(`/api/customer/index?rows=5&filters=${encodeURIComponent('{"level":"A"}')}`, {}, { token: t.admin });
    expect(form.body.total).toBeGreaterThan(0);
    expect(json.body.total).toBe(form.body.total);
    expect(query.body.total).toBe(form.body.total);
    const bad = await s.post<Envelope>('/api/customer/index', { filters: '{level' }, { token: t.admin });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ result: 'error', msg: '筛选条件格式不正确' });
  });

  test('unknown fields are dropped, not stored or refused', async () => {
    const res = await save({ ...validCustomer, CustomerName: '多余字段公司', contact_mobile: '13800000003', owner_id: 999, hacked: 'yes' });
    expect(res.body.result).toBe('success');
  });
});

describe('messages name the field the way the client does', () => {
  test.each([
    [{ ...validCustomer, CustomerName: '   ' }, '客户名称不能为空'],
    [{ ...validCustomer, contact_name: undefined }, '联系人不能为空'],
    [{ ...validCustomer, LaiYuan: '' }, '请选择客户来源'],
    [{ ...validCustomer, CustomerName: '长'.repeat(101) }, '客户名称不能超过100个字符'],
    [{ ...validCustomer, contact_mobile: '12345' }, '手机号码格式不正确'],
    [{ ...validCustomer, level: 'D' }, '客户级别只能是A、B或C'],
  ])('%o → %s', async (body, msg) => {
    const res = await save(body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ result: 'error', msg });
  });

  test('a field without its own message: 请选择… for a choice, …格式不正确 for a bad value', async () => {
    expect((await s.post<Envelope>('/api/task/add', { title: '任务' }, { token: t.sales })).body.msg).toBe('请选择负责人');
    expect((await s.post<Envelope>('/api/task/add', { title: '任务', userid: 'abc' }, { token: t.sales })).body.msg).toBe('负责人不正确');
    expect((await s.post<Envelope>('/api/field/set', { formid: 'customer', ids: '' }, { token: t.sales })).body.msg).toBe('请至少选择一个字段');
    expect((await s.post<Envelope>('/api/customer/CheckDuplicate', { name: ['a', 'b'] }, { token: t.sales, form: false })).body.msg).toBe('客户名称格式不正确');
  });
});

describe('ids, numbers and text are refused the same way on SQLite and PostgreSQL', () => {
  const views = (id: unknown, form = true) => s.post<Envelope>('/api/customer/Views', { id }, { token: t.admin, form });

  test.each([
    ['a float', 1.5],
    ['a float as text', '1.5'],
    ['a huge number', '99999999999999999999'],
    ['just past 2^31-1', 2_147_483_648],
    ['NaN', 'NaN'],
    ['hex', '0x10'],
    ['an exponent', '1e3'],
    ['zero', 0],
    ['a negative id', -3],
  ])('%s as an id → 400 客户不存在', async (_what, id) => {
    for (const form of [true, false]) {
      const res = await views(id, form);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ result: 'error', msg: '客户不存在' });
    }
  });

  test('an array where one value is expected → 400', async () => {
    const json = await views([1, 2], false);
    expect(json.status).toBe(400);
    expect(json.body.msg).toBe('客户不存在');
    const repeated = await fetch(`${s.url}/api/customer/Views`, {
      method: 'POST',
      headers: { authkey: t.admin, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'id=1&id=2',
    });
    expect(repeated.status).toBe(400);
    expect(((await repeated.json()) as Envelope).msg).toBe('客户不存在');
  });

  test('id lists: 1,2,3 in a form or an array in JSON; a float or a huge id in the list → 400', async () => {
    const before = await tableCounts(s.app);
    for (const ids of ['1,2.5', '1,99999999999', '1,-2']) {
      const res = await s.post<Envelope>('/api/customer/delete', { ids }, { token: t.admin });
      expect(res.status).toBe(400);
      expect(res.body.msg).toBe('客户不存在');
    }
    const json = await s.post<Envelope>('/api/customer/delete', { ids: [1, 1.5] }, { token: t.admin, form: false });
    expect(json.status).toBe(400);
    expect(await tableCounts(s.app)).toEqual(before);
  });

  test('NUL bytes and lone surrogates in any text → 400 naming the field, nothing stored', async () => {
    const before = await tableCounts(s.app);
    // A form (UTF-8) cannot carry a lone surrogate (it arrives as U+FFFD); JSON can (\ud800).
    const cases: [string, boolean[]][] = [
      ['有\u0000空字符', [true, false]],
      ['孤\ud800代理', [false]],
      ['反\udc00向', [false]],
    ];
    for (const [bad, forms] of cases) {
      for (const form of forms) {
        const res = await save({ ...validCustomer, CustomerName: bad }, form);
        expect(res.status).toBe(400);
        expect(res.body).toEqual({ result: 'error', msg: '客户名称包含不允许的字符' });
      }
    }
    // Inside nested JSON, in a field the route does not know, and in the query string as well.
    const nested = await s.post<Envelope>('/api/customer/index', { filters: JSON.stringify({ CustomerName: 'a\u0000' }) }, { token: t.admin });
    expect(nested.status).toBe(400);
    expect(nested.body.msg).toBe('客户名称包含不允许的字符');
    const unknown = await save({ ...validCustomer, whatever: 'x\u0000' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.msg).toBe('提交的内容包含不允许的字符');
    const query = await s.post<Envelope>('/api/customer/index?key=a%00b', {}, { token: t.admin });
    expect(query.status).toBe(400);
    expect(query.body.msg).toBe('搜索关键字包含不允许的字符');
    const record = await s.post<Envelope>('/api/module/add', { module: 'fieldDemo', data: '{"a":"\\u0000"}' }, { token: t.sales });
    expect(record.status).toBe(400);
    expect(await tableCounts(s.app)).toEqual(before);
  });

  test('a GET query is validated like a body', async () => {
    const res = await s.get<Envelope>('/Api/city/list/?type=1.5', { token: t.admin });
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('地区级别参数不正确（type 只能是1、2或3）');
  });
});

describe('framework-level refusals answer in the envelope', () => {
  const raw = (method: string, path: string, headers: Record<string, string>, body?: string | Buffer) =>
    fetch(`${s.url}${path}`, { method, headers: { authkey: t.admin, ...headers }, body }).then(async (res) => ({
      status: res.status,
      body: (await res.json()) as Envelope,
    }));

  test('bad JSON 400, unknown content type 415, too large 413, unknown path 404', async () => {
    expect(await raw('POST', '/api/customer/index', { 'content-type': 'application/json' }, '{bad')).toEqual({
      status: 400,
      body: { result: 'error', msg: '请求格式不正确' },
    });
    expect(await raw('POST', '/api/customer/index', { 'content-type': 'text/csv' }, 'a,b')).toEqual({
      status: 415,
      body: { result: 'error', msg: '不支持的请求格式' },
    });
    const huge = Buffer.alloc(3 * 1024 * 1024, 'a');
    expect(await raw('POST', '/api/customer/index', { 'content-type': 'application/json' }, huge)).toEqual({
      status: 413,
      body: { result: 'error', msg: '请求内容过大' },
    });
    expect(await raw('POST', '/api/nowhere', {})).toEqual({ status: 404, body: { result: 'error', msg: '接口不存在' } });
  });

  test('oversized headers or URL → 431 in the envelope', async () => {
    const request = (path: string, headers: Record<string, string>) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = http.request(`${s.url}${path}`, { method: 'GET', headers }, (res) => {
          let body = '';
          res.on('data', (c: Buffer) => (body += c.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        });
        req.on('error', reject);
        req.end();
      });
    const bigHeader = await request('/api/user/isApplogin', { 'x-big': 'a'.repeat(20_000) });
    expect(bigHeader.status).toBe(431);
    expect(JSON.parse(bigHeader.body)).toEqual({ result: 'error', msg: '请求头或请求地址过长' });
    const bigUrl = await request(`/api/user/isApplogin?x=${'a'.repeat(20_000)}`, {});
    expect(bigUrl.status).toBe(431);
    expect(JSON.parse(bigUrl.body)).toEqual({ result: 'error', msg: '请求头或请求地址过长' });
  });
});
