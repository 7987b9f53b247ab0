import { sql } from 'kysely';
import { countIdsCapped } from '../src/db/count';
import { keyedList } from '../src/modules/crm/customer/customer-search';
import { DEMO, startServer, type TestServer } from './harness';

/**
 * The search index's list tokens (migration 046): a keyed 我的客户 count is answered by the index
 * alone, so the tokens must follow every change of owner, department, pool, blacklist, merge, lead
 * state, participants and searched fields, whoever writes them (database triggers). Runs on SQLite and
 * PostgreSQL.
 */
type Row = { id: number; CustomerName: string; contact_mobile: string; code: string; UserID: number };
type List = { rows: Row[]; total: number; totalCapped?: boolean };

let s: TestServer;
const tokens: Record<'admin' | 'manager' | 'sales', string> = { admin: '', manager: '', sales: '' };
const users: Record<string, number> = {};

beforeAll(async () => {
  s = await startServer();
  tokens.admin = await s.login(...DEMO.admin);
  tokens.manager = await s.login(...DEMO.manager);
  tokens.sales = await s.login(...DEMO.sales);
  for (const u of await s.app.portal.db.selectFrom('users').select(['id', 'username']).execute()) users[u.username] = u.id;
});
afterAll(async () => {
  await s.close();
});

const list = async (token: string, body: Record<string, unknown>) => (await s.post<List>('/api/customer/index', { rows: 200, ...body }, { token })).body;

/** The customers a role's 我的客户 shows for `key`, computed from the tables without the search index. */
async function expected(role: 'admin' | 'manager' | 'sales', scene: string, key: string): Promise<number[]> {
  const db = s.app.portal.db;
  const me = users[role === 'admin' ? 'admin' : role === 'manager' ? 'manager1' : 'sales1'];
  const manager = await db.selectFrom('users').select('branch_id').where('id', '=', users.manager1).executeTakeFirstOrThrow();
  const parts = new Set((await db.selectFrom('customer_participants').select('customer_id').where('user_id', '=', me).execute()).map((p) => p.customer_id));
  const rows = await db
    .selectFrom('customers')
    .select(['id', 'customer_name', 'contact_mobile', 'code', 'owner_id', 'branch_id', 'created_at'])
    .where('gonghai', '=', 0)
    .where('blacklisted', '=', 0)
    .where('merged_into', 'is', null)
    .where('clue', 'in', [1, 2])
    .execute();
  const k = key.toLowerCase();
  return rows
    .filter((c) => [c.customer_name, c.contact_mobile, c.code ?? ''].some((f) => f.toLowerCase().includes(k)))
    .filter((c) => role !== 'manager' || c.branch_id === manager.branch_id)
    .filter((c) => role !== 'sales' || scene !== 'all' || c.owner_id === me || parts.has(c.id))
    .filter((c) => scene !== 'mine' || c.owner_id === me)
    .filter((c) => scene !== 'participating' || parts.has(c.id))
    .sort((a, b) => (a.created_at === b.created_at ? b.id - a.id : a.created_at < b.created_at ? 1 : -1))
    .map((c) => c.id);
}

async function expectList(role: 'admin' | 'manager' | 'sales', scene: string, key: string): Promise<number> {
  const want = await expected(role, scene, key);
  const got = await list(tokens[role], { key, scene });
  expect({ role, scene, key, total: got.total, ids: got.rows.map((r) => r.id) }).toEqual({ role, scene, key, total: want.length, ids: want.slice(0, 200) });
  return want.length;
}

const KEYS = ['科技', '有限', '公司', '13', 'kh'];

test('a keyed 我的客户 equals the tables for every role and scene', async () => {
  let seen = 0;
  for (const role of ['admin', 'manager', 'sales'] as const)
    for (const scene of ['all', 'mine', 'participating']) for (const key of KEYS) seen += await expectList(role, scene, key);
  expect(seen).toBeGreaterThan(0);
});

test('the tokens follow every writer: owner, department, pool, blacklist, lead, merge, participants, fields, delete', async () => {
  const db = s.app.portal.db;
  const sales = users.sales1;
  const other = users.sales2;
  const target = await db
    .selectFrom('customers')
    .select(['id', 'branch_id'])
    .where('owner_id', '=', sales)
    .where('gonghai', '=', 0)
    .where('blacklisted', '=', 0)
    .where('clue', 'in', [1, 2])
    .orderBy('id')
    .executeTakeFirstOrThrow();
  // A key only this customer holds, through its name (the trigger recomputes the windows).
  await db.updateTable('customers').set({ customer_name: '甲乙丙丁测试客户' }).where('id', '=', target.id).execute();
  const count = async (role: 'admin' | 'manager' | 'sales' = 'sales', scene = 'all') => (await list(tokens[role], { key: '丙丁', scene })).total;
  expect(await count()).toBe(1);
  expect(await count('admin')).toBe(1);

  await db.updateTable('customers').set({ owner_id: other }).where('id', '=', target.id).execute();
  expect(await count()).toBe(0);
  expect(await count('admin')).toBe(1);
  await db.insertInto('customer_participants').values({ customer_id: target.id, user_id: sales }).execute();
  expect(await count()).toBe(1);
  expect(await count('sales', 'participating')).toBe(1);
  expect(await count('sales', 'mine')).toBe(0);
  await db.deleteFrom('customer_participants').where('customer_id', '=', target.id).where('user_id', '=', sales).execute();
  expect(await count()).toBe(0);
  await db.updateTable('customers').set({ owner_id: sales }).where('id', '=', target.id).execute();
  expect(await count('sales', 'mine')).toBe(1);

  for (const [change, undo] of [
    [{ blacklisted: 1 }, { blacklisted: 0 }],
    [
      { gonghai: 1, owner_id: null },
      { gonghai: 0, owner_id: sales },
    ],
    [{ clue: 3 }, { clue: 1 }],
    [{ merged_into: target.id + 1 }, { merged_into: null }],
  ] as const) {
    await db.updateTable('customers').set(change).where('id', '=', target.id).execute();
    expect({ change, sales: await count(), admin: await count('admin') }).toEqual({ change, sales: 0, admin: 0 });
    await db.updateTable('customers').set(undo).where('id', '=', target.id).execute();
    expect({ undo, sales: await count(), admin: await count('admin') }).toEqual({ undo, sales: 1, admin: 1 });
  }

  // The department: the manager of 销售一部 sees it only while it belongs there.
  const dept = await db.selectFrom('users').select('branch_id').where('id', '=', users.manager1).executeTakeFirstOrThrow();
  const elsewhere = await db
    .selectFrom('branches')
    .select('id')
    .where('id', '!=', dept.branch_id as number)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  await db.updateTable('customers').set({ branch_id: dept.branch_id }).where('id', '=', target.id).execute();
  expect(await count('manager')).toBe(1);
  await db.updateTable('customers').set({ branch_id: elsewhere.id }).where('id', '=', target.id).execute();
  expect(await count('manager')).toBe(0);
  await db.updateTable('customers').set({ branch_id: target.branch_id }).where('id', '=', target.id).execute();

  // Mobile and code are searched too.
  await db.updateTable('customers').set({ contact_mobile: '19912345678', code: 'ZZQ9' }).where('id', '=', target.id).execute();
  expect((await list(tokens.sales, { key: 'zzq' })).total).toBe(1);
  expect((await list(tokens.sales, { key: '9912' })).total).toBe(1);

  // Deleted (through the API): out of the index; the participants' cascade does not bring it back.
  const created = await create('壬癸删除测试客户');
  await db.insertInto('customer_participants').values({ customer_id: created, user_id: other }).execute();
  expect((await list(tokens.admin, { key: '壬癸' })).total).toBe(1);
  const removed = await s.post<{ result: string }>('/api/customer/delete', { ids: String(created) }, { token: tokens.admin });
  expect(removed.body.result).toBe('success');
  expect((await list(tokens.admin, { key: '壬癸' })).total).toBe(0);
  if (s.app.portal.dialect === 'sqlite') {
    const left = await sql<{ n: number }>`SELECT count(*) AS n FROM customer_search WHERE rowid = ${created}`.execute(db);
    expect(Number(left.rows[0].n)).toBe(0);
  }

  // Everything still equals the tables.
  for (const key of KEYS) await expectList('sales', 'all', key);
});

// Each with its own mobile: one customer's mobile is not another's (customer-duplicates.test.ts).
let created = 0;
const create = async (name: string) =>
  (
    await s.post<{ data?: { id: number } }>(
      '/api/customer/CustomerAddEndit',
      { id: '0', CustomerName: name, contact_name: '周一', contact_mobile: `1390000${String((created += 1)).padStart(4, '0')}`, LaiYuan: 1, level: 'A' },
      { token: tokens.sales },
    )
  ).body.data?.id as number;

test("a new customer (created through the API) is found by key in its owner's list at once", async () => {
  expect(await create('戊己庚辛新建客户')).toBeGreaterThan(0);
  expect((await list(tokens.sales, { key: '庚辛' })).total).toBe(1);
  expect((await list(tokens.sales, { key: '庚辛', scene: 'mine' })).total).toBe(1);
  expect((await list(tokens.manager, { key: '庚辛' })).total).toBe(1);
});

test('the stored tokens equal the tokens computed from the tables', async () => {
  const db = s.app.portal.db;
  if (s.app.portal.dialect === 'postgres') {
    const wrong = await sql<{ n: number }>`SELECT count(*)::int AS n FROM customers AS c WHERE c.list_tokens IS DISTINCT FROM portal_list_tokens(c)`.execute(
      db,
    );
    expect(wrong.rows[0].n).toBe(0);
    return;
  }
  const listed = await sql<{
    n: number;
  }>`SELECT count(*) AS n FROM customers WHERE gonghai = 0 AND blacklisted = 0 AND merged_into IS NULL AND clue IN (1, 2)`.execute(db);
  const lst = await sql<{ n: number }>`SELECT count(*) AS n FROM customer_search WHERE customer_search MATCH 'lst'`.execute(db);
  expect(Number(lst.rows[0].n)).toBe(Number(listed.rows[0].n));
  for (const u of Object.values(users)) {
    const own = await sql<{ id: number }>`SELECT rowid AS id FROM customer_search WHERE customer_search MATCH ${`own${u}`} ORDER BY rowid`.execute(db);
    const owned = await sql<{
      id: number;
    }>`SELECT id FROM customers WHERE owner_id = ${u} AND gonghai = 0 AND blacklisted = 0 AND merged_into IS NULL AND clue IN (1, 2) ORDER BY id`.execute(db);
    expect(own.rows.map((r) => r.id)).toEqual(owned.rows.map((r) => r.id));
    const par = await sql<{ id: number }>`SELECT rowid AS id FROM customer_search WHERE customer_search MATCH ${`par${u}`} ORDER BY rowid`.execute(db);
    const parts = await sql<{
      id: number;
    }>`SELECT c.id FROM customers c JOIN customer_participants p ON p.customer_id = c.id WHERE p.user_id = ${u} AND c.gonghai = 0 AND c.blacklisted = 0 AND c.merged_into IS NULL AND c.clue IN (1, 2) ORDER BY c.id`.execute(
      db,
    );
    expect(par.rows.map((r) => r.id)).toEqual(parts.rows.map((r) => r.id));
  }
});

test('keyedList: its ids, and its condition driving or probed, are the same customers', async () => {
  const db = s.app.portal.db;
  const dialect = s.app.portal.dialect;
  const manager = await db.selectFrom('users').select('branch_id').where('id', '=', users.manager1).executeTakeFirstOrThrow();
  const departments = (await db.selectFrom('branches').select('id').execute()).map((b) => `brn${b.id}`);
  for (const tokens of [
    [['lst']],
    [[`own${users.sales1}`, `par${users.sales1}`]],
    [[`own${users.sales1}`]],
    [[`brn${manager.branch_id}`]],
    [departments],
    [departments, [`own${users.sales1}`]],
  ]) {
    const keyed = keyedList(dialect, '科技', tokens);
    if (!keyed) throw new Error(`no keyed list for ${JSON.stringify(tokens)}`);
    const ids = (await keyed.ids.execute(db)).rows.map((r) => r.id).sort((a, b) => a - b);
    expect(ids.length).toBeGreaterThan(0);
    for (const access of ['drive', 'probe'] as const) {
      const rows = await db.selectFrom('customers as c').select('c.id').where('c.gonghai', '=', 0).where(keyed.condition(access)).orderBy('c.id').execute();
      expect({ access, ids: rows.map((r) => r.id) }).toEqual({ access, ids });
    }
  }
  expect(keyedList(dialect, 'wx_zhang2026', [['lst']])).toBeNull();
  expect(keyedList(dialect, '科技', [['lst']], { name: true })).toBeNull();
});

test("everyone's and a department's keyed counts over several id ranges (PostgreSQL reads them newest first) stop at the cap", async () => {
  const db = s.app.portal.db;
  const dialect = s.app.portal.dialect;
  // Copies of a listed customer far apart in id (65,536 ids a range on PostgreSQL, migration 047).
  const source = await db
    .selectFrom('customers')
    .selectAll()
    .where('gonghai', '=', 0)
    .where('blacklisted', '=', 0)
    .where('merged_into', 'is', null)
    .where('clue', 'in', [1, 2])
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const far = [70_000, 140_000, 300_000];
  for (const id of far) {
    const { list_tokens: _computed, ...row } = source as typeof source & { list_tokens?: unknown };
    await db
      .insertInto('customers')
      .values({ ...row, id, code: `RANGE${id}`, customer_name: `子丑区间客户${id}` })
      .execute();
  }
  const keyed = keyedList(dialect, '子丑', [['lst']]);
  const department = keyedList(dialect, '子丑', [[`brn${source.branch_id}`, 'brn999999']]);
  const other = keyedList(dialect, '子丑', [['brn999999']]);
  if (!keyed || !department || !other) throw new Error('no keyed list');
  for (const ranges of [keyed, department]) expect((await ranges.ids.execute(db)).rows.map((r) => r.id).sort((a, b) => a - b)).toEqual(far);
  expect((await other.ids.execute(db)).rows).toEqual([]);
  expect(await countIdsCapped(db, dialect, keyed.ids, 1, 2)).toEqual({ total: 2, capped: true, ids: null });
  expect(await countIdsCapped(db, dialect, keyed.ids, 5, 3)).toMatchObject({ total: 3, capped: false });
  const got = await list(tokens.admin, { key: '子丑' });
  expect({ total: got.total, ids: got.rows.map((r) => r.id).sort((a, b) => a - b) }).toEqual({ total: 3, ids: far });
  // Out of the list (blacklisted): out of the count.
  await db.updateTable('customers').set({ blacklisted: 1 }).where('id', '=', far[2]).execute();
  expect((await list(tokens.admin, { key: '子丑' })).total).toBe(2);
  await db.deleteFrom('customers').where('id', 'in', far).execute();
});

test('PostgreSQL: two participants added at once to one customer both get their token', async () => {
  if (s.app.portal.dialect !== 'postgres') return; // SQLite runs one writer at a time
  const db = s.app.portal.db;
  const customer = await create('并发参与人测试客户');
  let inserted!: () => void;
  const firstInserted = new Promise<void>((resolve) => (inserted = resolve));
  const first = db.transaction().execute(async (tx) => {
    await tx.insertInto('customer_participants').values({ customer_id: customer, user_id: users.sales2 }).execute();
    inserted();
    await new Promise((resolve) => setTimeout(resolve, 300)); // the second waits for this row meanwhile
  });
  await firstInserted;
  const second = db.transaction().execute((tx) => tx.insertInto('customer_participants').values({ customer_id: customer, user_id: users.manager1 }).execute());
  await Promise.all([first, second]);
  const row = await sql<{ tokens: string[] }>`SELECT list_tokens AS tokens FROM customers WHERE id = ${customer}`.execute(db);
  expect(row.rows[0].tokens).toEqual(expect.arrayContaining([`par${users.sales2}`, `par${users.manager1}`]));
});
