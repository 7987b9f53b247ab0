/**
 * Issue 12 item 8: hostile input must be refused with 400 (in the envelope), on SQLite and on
 * PostgreSQL alike — never a 500, never stored. NUL bytes, lone surrogates, floats and huge numbers
 * where ids are expected, arrays where a single value is expected. (The route layer's TypeBox schemas
 * cover these; this file is the regression guard.)
 */
import { DEMO, startServer, type TestServer } from './harness';

let s: TestServer;
let admin = '';

beforeAll(async () => {
  s = await startServer();
  admin = await s.login(...DEMO.admin);
});
afterAll(async () => {
  await s.close();
});

const customer = { id: '0', CustomerName: '坏输入测试有限公司', contact_name: '王测试', contact_mobile: '13912345670', LaiYuan: 1 };

type Case = [label: string, path: string, body: Record<string, unknown>];
const cases: Case[] = [
  ['NUL in a customer name', '/api/customer/CustomerAddEndit', { ...customer, CustomerName: 'a\u0000b' }],
  ['NUL in a search key', '/api/customer/index', { key: 'x\u0000y' }],
  ['NUL in a 查重 name', '/api/customer/CheckDuplicate', { name: '\u0000' }],
  ['NUL in a login name', '/api/user/login', { username: 'admin\u0000', password: 'admin123' }],
  ['lone surrogate in a customer name', '/api/customer/CustomerAddEndit', { ...customer, CustomerName: 'a\ud800b' }],
  ['lone surrogate in a search key', '/api/customer/index', { key: '\udc00' }],
  ['float id', '/api/customer/Views', { id: 1.5 }],
  ['huge id', '/api/customer/Views', { id: 1e30 }],
  ['huge id as text', '/api/customer/Views', { id: '1e30' }],
  ['negative id', '/api/customer/Views', { id: -3 }],
  ['float page', '/api/customer/index', { page: 1.5 }],
  ['huge page', '/api/user/getloglos', { page: 1e30 }],
  ['array for an id', '/api/customer/Views', { id: [1, 2] }],
  ['array for a name', '/api/customer/CustomerAddEndit', { ...customer, CustomerName: ['a', 'b'] }],
  ['object for a key', '/api/customer/index', { key: { $ne: 1 } }],
  ['float adviser', '/api/customer/KehuDistribution', { ids: '1', userid: 2.5 }],
  ['huge file id', '/api/file/DeleteFile', { id: 1e30 }],
  ['array for a task title', '/api/task/add', { title: ['x'], content: 'y' }],
];

/** Form bodies carry nested values as JSON text (a stringified array may be a legitimate text), and lone surrogates arrive as U+FFFD: those cases are JSON-only. */
const formCases = cases.filter(([label]) => !/^(array|object|lone surrogate)/.test(label));

describe.each([
  ['JSON', false, cases],
  ['form', true, formCases],
] as const)('%s bodies', (_kind, form, list) => {
  test.each(list)('%s → 400', async (_label, path, body) => {
    const res = await s.post<{ result: string; msg: string }>(path, body, { token: admin, form });
    expect({ status: res.status, result: res.body.result }).toEqual({ status: 400, result: 'error' });
    expect(typeof res.body.msg).toBe('string');
  });
});

test('nothing with a NUL byte or a lone surrogate was stored', async () => {
  const rows = await s.app.portal.db.selectFrom('customers').select('customer_name').where('customer_name', 'like', '%a%b%').execute();
  for (const r of rows) {
    expect(r.customer_name).not.toContain('\u0000');
    expect(/[\ud800-\udfff]/.test(r.customer_name.replace(/[\ud800-\udbff][\udc00-\udfff]/g, ''))).toBe(false);
  }
});
