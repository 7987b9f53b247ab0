/**
 * Issue 12 item 4: 查重 outside the caller's scope must not leak the customer: only "exists, owner,
 * department", full values only (no partial match to walk digits or names), and a per-user limit.
 */
import { DEMO, startServer, type TestServer } from './harness';

type Duplicate = { id: number; CustomerName: string; contact_name: string; contact_mobile: string; UserName: string; BranchName: string; visible: boolean };
type Reply = { rows: Duplicate[]; total: number; result?: string; msg?: string };

let s: TestServer;
let sales = '';
let admin = '';
let other: { id: number; customer_name: string; contact_mobile: string };

beforeAll(async () => {
  s = await startServer();
  sales = await s.login(...DEMO.sales);
  admin = await s.login(...DEMO.admin);
  const db = s.app.portal.db;
  const sales1 = await db.selectFrom('users').select(['id', 'branch_id']).where('username', '=', 'sales1').executeTakeFirstOrThrow();
  other = await db
    .selectFrom('customers')
    .select(['id', 'customer_name', 'contact_mobile'])
    .where('gonghai', '=', 0)
    .where('branch_id', '!=', sales1.branch_id ?? 0)
    .where('id', 'not in', db.selectFrom('customer_participants').select('customer_id').where('user_id', '=', sales1.id))
    .orderBy('id')
    .executeTakeFirstOrThrow();
});
afterAll(async () => {
  await s.close();
});

const check = (body: Record<string, unknown>, token = sales) => s.post<Reply>('/api/customer/CheckDuplicate', body, { token });

test('another department’s customer found by its full mobile: no name, no digits, no id — only owner and department', async () => {
  const res = await check({ mobile: other.contact_mobile });
  expect(res.body.total).toBeGreaterThan(0);
  const text = JSON.stringify(res.body);
  expect(text).not.toContain(other.contact_mobile.slice(-4));
  expect(text).not.toContain(other.customer_name);
  expect(res.body.rows.map((r) => r.id)).not.toContain(other.id);
  expect(res.body.rows[0]).toMatchObject({ visible: false, UserName: expect.any(String), BranchName: expect.any(String) });
});

test('a partial name or a partial mobile finds nothing outside the scope; the full name does', async () => {
  const part = [...other.customer_name].slice(0, [...other.customer_name].length - 1).join('');
  const partial = await check({ name: part });
  expect(partial.body.rows.filter((r) => !r.visible)).toEqual([]);
  const masked = await check({ mobile: `${other.contact_mobile.slice(0, 3)}****${other.contact_mobile.slice(-4)}` });
  expect(masked.body.total).toBe(0);
  const full = await check({ name: other.customer_name });
  expect(full.body.rows.some((r) => !r.visible)).toBe(true);
  // The administrator (scope all) still finds by part of a name, with the details.
  const adminPart = await check({ name: part }, admin);
  expect(adminPart.body.rows.find((r) => r.id === other.id)).toMatchObject({ CustomerName: other.customer_name, visible: true });
});

test('checks are rate-limited per user with a Chinese 429', async () => {
  const token = await s.login('sales2', 'sales123');
  const replies = await Promise.all(Array.from({ length: 40 }, (_, i) => check({ mobile: `1880000${String(i).padStart(4, '0')}` }, token)));
  const refused = replies.filter((r) => r.status === 429);
  expect(replies.length - refused.length).toBeLessThanOrEqual(30);
  expect(refused.length).toBeGreaterThanOrEqual(10);
  expect(refused[0].body).toEqual({ result: 'error', msg: '查重过于频繁，请稍后再试' });
  // another user is not affected
  expect((await check({ mobile: '18800009999' })).status).toBe(200);
});
