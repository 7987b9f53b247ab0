import { recordPushes, userIds, type RecordedPush } from './fake-realtime';
import { DEMO, startServer, type TestServer } from './harness';

type Envelope<T = Record<string, unknown>> = { result: string; msg: string; data?: T };

let s: TestServer;
let pushes: RecordedPush[];
let ids: Record<string, number>;
const t = { admin: '', manager: '', sales1: '', sales2: '', finance: '' };

const assign = (token: string, body: Record<string, unknown>) => s.post<Envelope<{ count: number }>>('/api/customer/KehuDistribution', body, { token });
const countsOf = async (token: string) => {
  const res = await s.post<Envelope>('/api/customer/kehuCounts', {}, { token });
  expect(res.body.result).toBe('success');
  return JSON.parse(res.body.msg) as { 再分配number: number; 我的number: number };
};
const db = () => s.app.portal.db;
const ownedBy = async (userId: number, limit: number) =>
  (
    await db()
      .selectFrom('customers')
      .select('id')
      .where('owner_id', '=', userId)
      .where('gonghai', '=', 0)
      .where('blacklisted', '=', 0)
      .where('clue', 'in', [1, 2])
      .orderBy('id')
      .limit(limit)
      .execute()
  ).map((r) => r.id);
const owners = async (customerIds: number[]) =>
  await db().selectFrom('customers').select(['id', 'owner_id', 'gonghai', 'branch_id']).where('id', 'in', customerIds).orderBy('id').execute();
/** Expected counts straight from the tables. */
const directCounts = async (userId: number) => {
  const mine = await db()
    .selectFrom('customers')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('owner_id', '=', userId)
    .where('gonghai', '=', 0)
    .where('blacklisted', '=', 0)
    .where('clue', 'in', [1, 2])
    .executeTakeFirstOrThrow();
  const unseen = await db()
    .selectFrom('customer_assignments as a')
    .innerJoin('customers as c', 'c.id', 'a.customer_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('a.user_id', '=', userId)
    .where('a.seen', '=', 0)
    .where('c.owner_id', '=', userId)
    .where('c.gonghai', '=', 0)
    .where('c.blacklisted', '=', 0)
    .executeTakeFirstOrThrow();
  return { 再分配number: Number(unseen.n), 我的number: Number(mine.n) };
};

beforeAll(async () => {
  s = await startServer();
  t.admin = await s.login(...DEMO.admin);
  t.manager = await s.login(...DEMO.manager);
  t.sales1 = await s.login(...DEMO.sales);
  t.sales2 = await s.login('sales2', 'sales123');
  t.finance = await s.login(...DEMO.finance);
  ids = await userIds(s);
  pushes = recordPushes(s);
});
afterAll(async () => {
  await s.close();
});
beforeEach(() => {
  pushes.length = 0;
});

describe('api/customer/kehuCounts', () => {
  test('counts owned customers and the unopened reassigned ones (the demo seeds three for 李娜)', async () => {
    const counts = await countsOf(t.sales1);
    expect(counts).toEqual(await directCounts(ids.sales1));
    expect(counts.我的number).toBeGreaterThan(0);
    expect(counts.再分配number).toBe(3);
  });

  test('a user without customers gets zeros', async () => {
    expect(await countsOf(t.finance)).toEqual({ 再分配number: 0, 我的number: 0 });
  });
});

describe('api/customer/KehuDistribution refusals', () => {
  test('asks for customers and for an adviser', async () => {
    expect((await assign(t.manager, { ids: '', userid: ids.sales1 })).body).toMatchObject({ result: 'error', msg: '请选择客户！' });
    expect((await assign(t.manager, { userid: ids.sales1 })).body).toMatchObject({ result: 'error', msg: '请选择客户！' });
    const [c] = await ownedBy(ids.sales2, 1);
    expect((await assign(t.manager, { ids: String(c) })).body).toMatchObject({ result: 'error', msg: '请选择顾问！' });
    expect((await assign(t.manager, { ids: String(c), userid: '' })).body).toMatchObject({ result: 'error', msg: '请选择顾问！' });
  });

  test('needs the assignment right (sales people have none)', async () => {
    const [c] = await ownedBy(ids.sales1, 1);
    const res = await assign(t.sales1, { ids: String(c), userid: ids.sales2 });
    expect(res.status).toBe(403);
    expect(await owners([c])).toEqual([expect.objectContaining({ owner_id: ids.sales1 })]);
  });

  test('a department manager assigns only customers and advisers of their department', async () => {
    const [foreign] = await ownedBy(ids.sales5, 1);
    const [local] = await ownedBy(ids.sales2, 1);
    const outside = await assign(t.manager, { ids: `${local},${foreign}`, userid: ids.sales1 });
    expect(outside.body).toMatchObject({ result: 'error', msg: '只能分配您权限范围内的客户' });
    const toForeign = await assign(t.manager, { ids: String(local), userid: ids.sales5 });
    expect(toForeign.body).toMatchObject({ result: 'error', msg: '只能分配给本部门的顾问' });
    expect((await owners([local]))[0].owner_id).toBe(ids.sales2);
    expect((await owners([foreign]))[0].owner_id).toBe(ids.sales5);
    expect(pushes).toHaveLength(0);
  });

  test('refuses departed advisers, advisers who cannot hold customers and unknown customers', async () => {
    const [c] = await ownedBy(ids.sales2, 1);
    expect((await assign(t.admin, { ids: String(c), userid: ids.sales13 })).body).toMatchObject({ result: 'error', msg: '该顾问已离职，请重新选择' });
    expect((await assign(t.admin, { ids: String(c), userid: ids.finance1 })).body).toMatchObject({ result: 'error', msg: '该顾问没有客户管理权限' });
    expect((await assign(t.admin, { ids: String(c), userid: 999999 })).body).toMatchObject({ result: 'error', msg: '顾问不存在' });
    const unknown = await assign(t.admin, { ids: `${c},999999`, userid: ids.sales1 });
    expect(unknown.body).toMatchObject({ result: 'error', msg: '客户不存在' });
    expect((await owners([c]))[0].owner_id).toBe(ids.sales2);
  });
});

describe('api/customer/KehuDistribution', () => {
  test('gives the customers to the adviser, counts them as unopened and notifies after the commit', async () => {
    const chosen = await ownedBy(ids.sales2, 3);
    const before1 = await countsOf(t.sales1);
    const before2 = await countsOf(t.sales2);
    const res = await assign(t.manager, { ids: chosen.join(','), userid: ids.sales1 });
    expect(res.body).toMatchObject({ result: 'success', msg: '分配成功', data: { count: 3 } });
    const sales1 = await db().selectFrom('users').select('branch_id').where('id', '=', ids.sales1).executeTakeFirstOrThrow();
    for (const row of await owners(chosen)) expect(row).toMatchObject({ owner_id: ids.sales1, gonghai: 0, branch_id: sales1.branch_id });
    expect(await countsOf(t.sales1)).toEqual({ 再分配number: before1.再分配number + 3, 我的number: before1.我的number + 3 });
    expect(await countsOf(t.sales2)).toEqual({ 再分配number: before2.再分配number, 我的number: before2.我的number - 3 });

    const note = await db().selectFrom('notifications').selectAll().where('user_id', '=', ids.sales1).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(note).toMatchObject({ cont: '张伟 将 3 个客户分配给你', kind: 'customer', model_type: 'customer', model_id: null });
    expect(pushes).toEqual([
      expect.objectContaining({ userId: ids.sales1, committed: true, payload: expect.objectContaining({ msg: '张伟 将 3 个客户分配给你' }) }),
    ]);
  });

  test('opening a customer as its owner marks it seen; others opening it do not', async () => {
    const [c] = await db()
      .selectFrom('customer_assignments')
      .select('customer_id')
      .where('user_id', '=', ids.sales1)
      .where('seen', '=', 0)
      .orderBy('customer_id')
      .limit(1)
      .execute();
    const before = await countsOf(t.sales1);
    expect((await s.post('/api/customer/Views', { id: c.customer_id }, { token: t.manager })).body).toMatchObject({ result: 'success' });
    expect((await countsOf(t.sales1)).再分配number).toBe(before.再分配number);
    expect((await s.post('/api/customer/Views', { id: c.customer_id }, { token: t.sales1 })).body).toMatchObject({ result: 'success' });
    expect((await countsOf(t.sales1)).再分配number).toBe(before.再分配number - 1);
  });

  test('assigns public-pool customers and restarts their recycle clock', async () => {
    const pool = (await db().selectFrom('customers').select('id').where('gonghai', '=', 1).orderBy('id').limit(2).execute()).map((r) => r.id);
    expect(pool).toHaveLength(2);
    const res = await assign(t.admin, { ids: pool.join(','), userid: ids.sales2 });
    expect(res.body).toMatchObject({ result: 'success', data: { count: 2 } });
    for (const row of await owners(pool)) expect(row).toMatchObject({ owner_id: ids.sales2, gonghai: 0 });
    const rows = await db().selectFrom('customer_assignments').selectAll().where('customer_id', 'in', pool).execute();
    expect(rows).toHaveLength(2);
    for (const r of rows) expect(r).toMatchObject({ user_id: ids.sales2, assigned_by: ids.admin, seen: 0, assigned_at: expect.any(String) });
    expect(pushes.map((p) => p.payload.msg)).toEqual(['系统管理员 将 2 个客户分配给你']);
  });

  test('待分配 customers (no owner, outside the pool) assign with the owners the list showed (0); a later owner is a conflict', async () => {
    const unowned = (
      await db()
        .selectFrom('customers')
        .select('id')
        .where('owner_id', 'is', null)
        .where('gonghai', '=', 0)
        .where('blacklisted', '=', 0)
        .orderBy('id')
        .limit(2)
        .execute()
    ).map((r) => r.id);
    expect(unowned).toHaveLength(2);
    const [first, second] = unowned;
    const res = await assign(t.admin, { ids: String(first), userid: ids.sales2, owners: '0' });
    expect(res.body).toMatchObject({ result: 'success', msg: '分配成功', data: { count: 1 } });
    expect((await owners([first]))[0]).toMatchObject({ owner_id: ids.sales2, gonghai: 0 });
    // Someone took the other one in between: the list's 0 is stale.
    await db().updateTable('customers').set({ owner_id: ids.sales1 }).where('id', '=', second).execute();
    const stale = await assign(t.admin, { ids: String(second), userid: ids.sales2, owners: '0' });
    expect(stale.body).toMatchObject({ result: 'error', msg: '客户已被他人分配，请刷新后重试' });
    expect((await owners([second]))[0].owner_id).toBe(ids.sales1);
  });

  test('customers the adviser already owns are left alone; assigning to oneself is silent', async () => {
    const already = await ownedBy(ids.sales1, 1);
    const res = await assign(t.manager, { ids: already.join(','), userid: ids.sales1 });
    expect(res.body).toMatchObject({ result: 'success', data: { count: 0 } });
    expect(pushes).toHaveLength(0);
    const before = await countsOf(t.manager);
    const [c] = await ownedBy(ids.sales3, 1);
    const self = await assign(t.manager, { ids: String(c), userid: ids.manager1 });
    expect(self.body).toMatchObject({ result: 'success', data: { count: 1 } });
    expect(await countsOf(t.manager)).toEqual({ 再分配number: before.再分配number, 我的number: before.我的number + 1 });
    expect(pushes).toHaveLength(0);
  });

  test('two simultaneous assignments of the same customers: exactly one is applied, whole; the other is refused', async () => {
    const chosen = await ownedBy(ids.sales4, 5);
    expect(chosen).toHaveLength(5);
    // Both callers saw sales4 as the owner (the list's UserID), as the assignment page sends it.
    const seen = chosen.map(() => ids.sales4).join(',');
    const [a, b] = await Promise.all([
      assign(t.admin, { ids: chosen.join(','), userid: ids.sales1, owners: seen }),
      assign(t.admin, { ids: [...chosen].reverse().join(','), userid: ids.sales2, owners: seen }),
    ]);
    expect([a, b].filter((r) => r.body.result === 'success')).toHaveLength(1);
    expect([a, b].find((r) => r.body.result === 'error')?.body.msg).toBe('客户已被他人分配，请刷新后重试');
    const rows = await owners(chosen);
    const winner = rows[0].owner_id;
    expect(winner).toBe(a.body.result === 'success' ? ids.sales1 : ids.sales2);
    expect(rows.every((r) => r.owner_id === winner)).toBe(true);
    const assignments = await db().selectFrom('customer_assignments').select(['customer_id', 'user_id']).where('customer_id', 'in', chosen).execute();
    expect(assignments).toHaveLength(5);
    expect(assignments.every((r) => r.user_id === winner)).toBe(true);
    expect(await countsOf(t.sales1)).toEqual(await directCounts(ids.sales1));
    expect(await countsOf(t.sales2)).toEqual(await directCounts(ids.sales2));
  });

  test('25 rounds of two managers assigning one customer at once: one 分配成功, one refusal, one notification', async () => {
    const notes = async (userId: number) =>
      Number(
        (
          await db()
            .selectFrom('notifications')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('user_id', '=', userId)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const pool = [...(await ownedBy(ids.sales3, 13)), ...(await ownedBy(ids.sales7, 13))];
    expect(pool.length).toBeGreaterThanOrEqual(25);
    for (const customer of pool) {
      const before = { s5: await notes(ids.sales5), s6: await notes(ids.sales6) };
      const [{ owner_id: owner }] = await owners([customer]);
      const [a, b] = await Promise.all([
        assign(t.admin, { ids: String(customer), userid: ids.sales5, owners: String(owner) }),
        assign(t.admin, { ids: String(customer), userid: ids.sales6, owners: String(owner) }),
      ]);
      const wins = [a, b].filter((r) => r.body.msg === '分配成功');
      expect(wins).toHaveLength(1);
      expect([a, b].filter((r) => r.body.msg === '客户已被他人分配，请刷新后重试')).toHaveLength(1);
      const winner = a.body.msg === '分配成功' ? ids.sales5 : ids.sales6;
      expect((await owners([customer]))[0].owner_id).toBe(winner);
      const after = { s5: await notes(ids.sales5), s6: await notes(ids.sales6) };
      expect(after.s5 - before.s5 + (after.s6 - before.s6)).toBe(1);
      expect(winner === ids.sales5 ? after.s5 - before.s5 : after.s6 - before.s6).toBe(1);
    }
  });
});
