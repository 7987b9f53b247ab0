/**
 * Issue #10: the customer views (api/customer/index {view}), their rights, and the actions on
 * customers — blacklist, pool (send, send others', claim), pin, watch, transfer — with the pool rules
 * (daily claim limit, previous owner's wait, ownership cap, recycling) and their concurrency: of two
 * simultaneous claims or assignments of one customer exactly one succeeds, on SQLite and PostgreSQL.
 */
import { sql } from 'kysely';
import { soonInPoolCondition } from '../src/modules/crm/customer/customer-views';
import { DEFAULT_POOL_RULES, setPoolRulesSource, type PoolRules } from '../src/modules/crm/pool/pool-rules';
import { runPoolRecycle } from '../src/modules/crm/pool/pool-recycle';
import { userIds } from './fake-realtime';
import { DEMO, startServer, type TestServer } from './harness';

type Envelope<T = Record<string, unknown>> = { result: string; msg: string; data?: T };
type Row = {
  id: number;
  UserID: number;
  gonghai: number;
  isTop: number;
  watched: number;
  poolReason: string;
  previousOwner: string;
  poolDays: number | null;
  recycleDays: number | null;
  blacklisted: number;
  clue: number;
  unseen: number;
};
type List = { rows: Row[]; total: number };

let s: TestServer;
let ids: Record<string, number>;
let rules: PoolRules = { ...DEFAULT_POOL_RULES };
setPoolRulesSource(async () => rules);
const t = { admin: '', manager: '', sales1: '', sales2: '', sales3: '' };
const DAY = 86400_000;

const db = () => s.app.portal.db;
const list = (token: string, body: Record<string, unknown>) => s.post<List>('/api/customer/index', { rows: 200, ...body }, { token });
const call = (path: string, token: string, body: Record<string, unknown>) => s.post<Envelope<Record<string, number>>>(path, body, { token });
const login = async () => {
  t.admin = await s.login(...DEMO.admin);
  t.manager = await s.login(...DEMO.manager);
  t.sales1 = await s.login(...DEMO.sales);
  t.sales2 = await s.login('sales2', 'sales123');
  t.sales3 = await s.login('sales3', 'sales123');
};
let seq = 0;
/** A new customer owned by the caller. Demo pool customers (created_by null) are the ones tests claim. */
async function create(token: string, name = `视图测试公司${++seq}`): Promise<number> {
  const res = await call('/api/customer/CustomerAddEndit', token, {
    id: 0,
    CustomerName: name,
    contact_name: '张三',
    contact_mobile: `1370000${String(1000 + seq).padStart(4, '0')}`,
    LaiYuan: 1,
  });
  expect(res.body).toMatchObject({ result: 'success' });
  return (res.body.data as { id: number }).id;
}
/** Demo pool customers without a deal (those count toward the cap) that no test rep put there. */
const poolCustomers = async (n: number) =>
  (
    await db()
      .selectFrom('customers')
      .select('id')
      .where('gonghai', '=', 1)
      .where('created_by', 'is', null)
      .where('blacklisted', '=', 0)
      .where('clue', '=', 1)
      .where((eb) => eb.or([eb('previous_owner_id', 'is', null), eb('previous_owner_id', 'not in', [ids.sales1, ids.sales2, ids.sales3, ids.sales4])]))
      .orderBy('id', 'desc')
      .limit(n)
      .execute()
  ).map((r) => r.id);

beforeAll(async () => {
  s = await startServer();
  ids = await userIds(s);
  await login();
});
afterAll(async () => {
  await s.close();
});
beforeEach(() => {
  rules = { ...DEFAULT_POOL_RULES };
});

describe('one list, nine views: the server applies each view', () => {
  test('every view shows exactly its customers', async () => {
    const count = async (q: (b: ReturnType<typeof base>) => ReturnType<typeof base>) =>
      Number(
        (
          await q(base())
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const base = () => db().selectFrom('customers');
    const departed = ids.sales13;

    const watched = await list(t.admin, { view: 'watched' });
    expect(watched.body.total).toBe(await count((b) => b.where('gonghai', '=', 0).where('blacklisted', '=', 0).where('clue', 'in', [1, 2])));
    const total = await list(t.sales1, { view: 'total' });
    expect(total.body.total).toBe(await count((b) => b.where('gonghai', '=', 1).where('blacklisted', '=', 0).where('clue', 'in', [1, 2])));
    expect(total.body.total).toBeGreaterThan(0);
    expect(total.body.rows[0]).toMatchObject({ gonghai: 1, poolReason: expect.any(String), poolDays: expect.any(Number) });
    const daifenpei = await list(t.admin, { view: 'daifenpei' });
    expect(daifenpei.body.total).toBe(
      await count((b) => b.where('gonghai', '=', 0).where('owner_id', 'is', null).where('blacklisted', '=', 0).where('clue', 'in', [1, 2])),
    );
    expect(daifenpei.body.total).toBeGreaterThan(0);
    const lizhi = await list(t.admin, { view: 'lizhi' });
    expect(lizhi.body.total).toBe(await count((b) => b.where('gonghai', '=', 0).where('owner_id', '=', departed).where('blacklisted', '=', 0)));
    expect(lizhi.body.total).toBeGreaterThan(0);
    const black = await list(t.admin, { view: 'black' });
    expect(black.body.total).toBe(await count((b) => b.where('blacklisted', '=', 1)));
    expect(black.body.total).toBeGreaterThan(0);
    const clue = await list(t.admin, { view: 'clue' });
    expect(clue.body.total).toBe(await count((b) => b.where('clue', '=', 3).where('gonghai', '=', 0).where('blacklisted', '=', 0)));
    expect(clue.body.total).toBeGreaterThan(0);
    // 团队客户: the manager's department (销售一部) and below.
    const team = await list(t.manager, { view: 'teamkehu' });
    const branch = (await db().selectFrom('users').select('branch_id').where('id', '=', ids.manager1).executeTakeFirstOrThrow()).branch_id as number;
    expect(team.body.total).toBe(
      await count((b) =>
        b.where('gonghai', '=', 0).where('branch_id', '=', branch).where('owner_id', 'is not', null).where('blacklisted', '=', 0).where('clue', 'in', [1, 2]),
      ),
    );
    // 再分配: the demo gives 李娜 three assignments by a manager.
    const zaifenpei = await list(t.sales1, { view: 'zaifenpei' });
    expect(zaifenpei.body.total).toBeGreaterThanOrEqual(3);
    expect(zaifenpei.body.rows.every((r) => r.UserID === ids.sales1)).toBe(true);
    expect(zaifenpei.body.rows.filter((r) => r.unseen === 1).length).toBe(3);
    // 未处理: mine and never followed up since it became mine.
    const fresh = await create(t.sales1);
    const nodispose = await list(t.sales1, { view: 'nodispose' });
    expect(nodispose.body.rows.map((r) => r.id)).toContain(fresh);
    expect(nodispose.body.rows.every((r) => r.UserID === ids.sales1)).toBe(true);
    // gonghai=1 alone still means the pool.
    expect((await list(t.sales1, { gonghai: 1 })).body.total).toBe(total.body.total);
  });

  test('a view needs its page right; a scene the view does not offer is refused', async () => {
    for (const view of ['daifenpei', 'teamkehu', 'lizhi', 'black']) {
      const res = await s.post<Envelope>('/api/customer/index', { view }, { token: t.sales1 });
      expect({ view, status: res.status, msg: res.body.msg }).toEqual({ view, status: 403, msg: '没有权限执行此操作' });
    }
    const bad = await s.post<Envelope>('/api/customer/index', { view: 'total', scene: 'mine' }, { token: t.sales1 });
    expect(bad.body).toMatchObject({ result: 'error', msg: '场景参数不正确' });
    const unknown = await s.post<Envelope>('/api/customer/index', { view: 'everything' }, { token: t.admin });
    expect(unknown.body).toMatchObject({ result: 'error', msg: '客户列表参数不正确' });
  });
});

describe('blacklist', () => {
  test('a blacklisted customer leaves every list and the pool, cannot be claimed or assigned, blocks a new customer with its name or phone; LeaveBlack brings it back', async () => {
    const [inPool] = await poolCustomers(1);
    const mine = await create(t.sales1);
    expect((await call('/api/customer/AddBlacklist', t.sales1, { ids: String(mine) })).status).toBe(403); // 销售 has no blacklist right
    const res = await call('/api/customer/AddBlacklist', t.manager, { ids: `${inPool}`, reason: '恶意拖欠货款' });
    expect(res.body).toMatchObject({ result: 'success', msg: '已加入黑名单' });
    expect((await call('/api/customer/AddBlacklist', t.admin, { ids: `${mine}`, reason: '虚假信息' })).body.result).toBe('success');

    expect((await list(t.sales1, { view: 'total' })).body.rows.map((r) => r.id)).not.toContain(inPool);
    expect((await list(t.sales1, { view: 'watched' })).body.rows.map((r) => r.id)).not.toContain(mine);
    const black = await list(t.admin, { view: 'black' });
    expect(black.body.rows.map((r) => r.id)).toEqual(expect.arrayContaining([inPool, mine]));

    expect((await call('/api/customer/receive', t.sales2, { ids: `${inPool}` })).body).toMatchObject({ result: 'error', msg: '黑名单客户不能执行此操作' });
    expect((await call('/api/customer/KehuDistribution', t.admin, { ids: `${mine}`, userid: ids.sales2 })).body).toMatchObject({
      result: 'error',
      msg: '黑名单客户不能分配',
    });

    const blocked = await db().selectFrom('customers').select(['customer_name', 'contact_mobile']).where('id', '=', mine).executeTakeFirstOrThrow();
    const withPhone = (token: string, CustomerName: string) =>
      call('/api/customer/CustomerAddEndit', token, { id: 0, CustomerName, contact_name: '李四', contact_mobile: blocked.contact_mobile, LaiYuan: 1 });
    // By its phone: 赵强 may not see 李娜's customer, so the refusal does not name it; her manager is told which.
    expect((await withPhone(t.sales2, '另一个名字公司')).body).toMatchObject({ result: 'error', msg: '该手机号码的客户已在黑名单中，不能添加' });
    expect((await withPhone(t.manager, '另一个名字公司')).body).toMatchObject({ result: 'error', msg: `客户“${blocked.customer_name}”已在黑名单中，不能添加` });
    const byName = await call('/api/customer/CustomerAddEndit', t.sales2, {
      id: 0,
      CustomerName: blocked.customer_name,
      contact_name: '李四',
      contact_mobile: '13700001111',
      LaiYuan: 1,
    });
    expect(byName.body).toMatchObject({ result: 'error', msg: `客户“${blocked.customer_name}”已在黑名单中，不能添加` });

    expect((await call('/api/customer/LeaveBlack', t.sales1, { ids: `${mine}` })).status).toBe(403);
    expect((await call('/api/customer/LeaveBlack', t.manager, { ids: `${mine}` })).body).toMatchObject({ result: 'success', msg: '已移出黑名单' });
    expect((await list(t.sales1, { view: 'watched' })).body.rows.map((r) => r.id)).toContain(mine);
    const logs = await db().selectFrom('customer_logs').select(['kind', 'ext']).where('customer_id', '=', mine).where('kind', '=', 'blacklist').execute();
    expect(logs.map((l) => l.ext)).toEqual(['加入黑名单，原因：虚假信息', '移出黑名单']);
  });
});

describe('public pool', () => {
  test('a rep sends a customer to the pool with a reason; another claims it; the first cannot reclaim it for P days', async () => {
    const id = await create(t.sales1);
    expect((await call('/api/customer/AddPublicPool', t.sales1, { ids: `${id}` })).body).toMatchObject({ result: 'error', msg: '请填写放入公海的原因' });
    expect((await call('/api/customer/AddPublicPool', t.sales2, { ids: `${id}`, reason: '不是我的' })).body).toMatchObject({
      result: 'error',
      msg: '只能将自己的客户放入公海',
    });
    expect((await call('/api/customer/AddPublicPool', t.sales1, { ids: `${id}`, reason: '客户暂无需求' })).body).toMatchObject({
      result: 'success',
      msg: '已放入公海',
    });
    const row = (await list(t.sales2, { view: 'total', key: '' })).body.rows.find((r) => r.id === id);
    expect(row).toMatchObject({ poolReason: '客户暂无需求', previousOwner: '李娜', poolDays: 0, UserID: 0 });

    const own = await call('/api/customer/receive', t.sales1, { ids: `${id}` });
    expect(own.body.result).toBe('error');
    expect(own.body.msg).toMatch(/^客户“.+”是您放入公海的，7天内不能重新领取（还需7天）$/);
    expect((await call('/api/customer/receive', t.sales2, { ids: `${id}` })).body).toMatchObject({ result: 'success', msg: '领取成功' });
    expect(await db().selectFrom('customers').select(['owner_id', 'gonghai']).where('id', '=', id).executeTakeFirstOrThrow()).toEqual({
      owner_id: ids.sales2,
      gonghai: 0,
    });
    const kinds = (await db().selectFrom('customer_logs').select('kind').where('customer_id', '=', id).orderBy('id').execute()).map((l) => l.kind);
    expect(kinds).toEqual(['create', 'pool', 'receive']);
  });

  test("a manager sends others' customers to the pool (ToGonghai) within scope; a rep may not", async () => {
    const id = await create(t.sales3);
    expect((await call('/api/customer/ToGonghai', t.sales1, { ids: `${id}`, reason: '调整' })).status).toBe(403);
    expect((await call('/api/customer/ToGonghai', t.manager, { ids: `${id}`, reason: '离职交接' })).body).toMatchObject({ result: 'success' });
    expect(await db().selectFrom('customers').select(['gonghai', 'previous_owner_id', 'pool_reason']).where('id', '=', id).executeTakeFirstOrThrow()).toEqual({
      gonghai: 1,
      previous_owner_id: ids.sales3,
      pool_reason: '离职交接',
    });
  });

  test('the daily claim limit and the ownership cap', async () => {
    rules = { ...DEFAULT_POOL_RULES, claimLimitPerDay: 2 };
    const [a, b, c] = await poolCustomers(3);
    expect((await call('/api/customer/receive', t.sales3, { ids: `${a},${b},${c}` })).body).toMatchObject({
      result: 'error',
      msg: '每人每天最多领取2个客户，今天已领取0个',
    });
    expect((await call('/api/customer/receive', t.sales3, { ids: `${a},${b}` })).body.result).toBe('success');
    expect((await call('/api/customer/receive', t.sales3, { ids: `${c}` })).body).toMatchObject({
      result: 'error',
      msg: '每人每天最多领取2个客户，今天已领取2个',
    });

    const owned = Number(
      (
        await db()
          .selectFrom('customers')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('owner_id', '=', ids.sales2)
          .where('gonghai', '=', 0)
          .where('blacklisted', '=', 0)
          .where('clue', '=', 1)
          .executeTakeFirstOrThrow()
      ).n,
    );
    rules = { ...DEFAULT_POOL_RULES, ownershipCap: owned };
    expect((await call('/api/customer/receive', t.sales2, { ids: `${c}` })).body).toMatchObject({
      result: 'error',
      msg: '您的客户数已达上限（' + owned + '个），不能再增加',
    });
    const assigned = await call('/api/customer/KehuDistribution', t.admin, { ids: `${c}`, userid: ids.sales2 });
    expect(assigned.body).toMatchObject({ result: 'error', msg: `赵强的客户数已达上限（${owned}个），不能再增加` });
  });

  test('two simultaneous claims of one customer: exactly one succeeds, the other gets a clear message', async () => {
    const [id] = await poolCustomers(1);
    const [a, b] = await Promise.all([call('/api/customer/receive', t.sales1, { ids: `${id}` }), call('/api/customer/receive', t.sales2, { ids: `${id}` })]);
    const results = [a, b].map((r) => r.body.result).sort();
    expect(results).toEqual(['error', 'success']);
    expect([a, b].find((r) => r.body.result === 'error')?.body.msg).toBe('客户已被他人领取或已不在公海，请刷新后重试');
    const winner = a.body.result === 'success' ? ids.sales1 : ids.sales2;
    expect((await db().selectFrom('customers').select('owner_id').where('id', '=', id).executeTakeFirstOrThrow()).owner_id).toBe(winner);
    expect(
      Number(
        (
          await db()
            .selectFrom('customer_logs')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('customer_id', '=', id)
            .where('kind', '=', 'receive')
            .executeTakeFirstOrThrow()
        ).n,
      ),
    ).toBe(1);
  });

  test('two simultaneous assignments of one pool customer by two managers: exactly one succeeds', async () => {
    const [id] = await poolCustomers(1);
    const [a, b] = await Promise.all([
      call('/api/customer/KehuDistribution', t.admin, { ids: `${id}`, userid: ids.sales1, owners: '0' }),
      call('/api/customer/KehuDistribution', t.manager, { ids: `${id}`, userid: ids.sales2, owners: '0' }),
    ]);
    expect([a, b].map((r) => r.body.result).sort()).toEqual(['error', 'success']);
    expect([a, b].find((r) => r.body.result === 'error')?.body.msg).toBe('客户已被他人分配，请刷新后重试');
  });

  test('two simultaneous claims at cap − 1: one succeeds', async () => {
    const owned = Number(
      (
        await db()
          .selectFrom('customers')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('owner_id', '=', ids.sales4)
          .where('gonghai', '=', 0)
          .where('blacklisted', '=', 0)
          .where('clue', '=', 1)
          .executeTakeFirstOrThrow()
      ).n,
    );
    rules = { ...DEFAULT_POOL_RULES, ownershipCap: owned + 1 };
    const token = await s.login('sales4', 'sales123');
    const [x, y] = await poolCustomers(2);
    const [a, b] = await Promise.all([call('/api/customer/receive', token, { ids: `${x}` }), call('/api/customer/receive', token, { ids: `${y}` })]);
    expect([a, b].map((r) => r.body.result).sort()).toEqual(['error', 'success']);
    expect([a, b].find((r) => r.body.result === 'error')?.body.msg).toBe(`您的客户数已达上限（${owned + 1}个），不能再增加`);
  });
});

describe('pin, watch, transfer', () => {
  test('setTop pins per user (pinned first, only for that user); AddMykehu watches and the list filters by it', async () => {
    const page = await list(t.sales1, { view: 'watched', rows: 10, sort: 'AddTime', order: 'desc' });
    const last = (await list(t.sales1, { view: 'watched', rows: 1, page: page.body.total })).body.rows[0].id;
    expect((await call('/api/customer/setTop', t.sales1, { id: last })).body).toMatchObject({ result: 'success', msg: '置顶成功', data: { isTop: 1 } });
    const first = (await list(t.sales1, { view: 'watched', rows: 10 })).body;
    expect(first.rows[0]).toMatchObject({ id: last, isTop: 1 });
    expect(first.total).toBe(page.body.total);
    // The pinned row is not repeated further on: all pages together hold every customer once.
    const all = (await list(t.sales1, { view: 'watched', rows: 200 })).body.rows.map((r) => r.id);
    expect(new Set(all).size).toBe(all.length);
    expect(all.length).toBe(page.body.total);
    // Someone else's list is not affected.
    const other = (await list(t.admin, { view: 'watched', rows: 10, scene: 'all' })).body.rows;
    expect(other.find((r) => r.id === last)?.isTop ?? 0).toBe(0);
    expect((await call('/api/customer/setTop', t.sales1, { id: last })).body).toMatchObject({ msg: '已取消置顶', data: { isTop: 0 } });

    expect((await call('/api/customer/AddMykehu', t.sales1, { id: last })).body).toMatchObject({ result: 'success', msg: '关注成功' });
    const watched = (await list(t.sales1, { view: 'watched', filters: JSON.stringify({ watched: 1 }) })).body;
    expect(watched.rows.map((r) => [r.id, r.watched])).toEqual([[last, 1]]);
    expect((await call('/api/customer/AddMykehuT', t.sales1, { ids: `${last}` })).body).toMatchObject({ result: 'success', msg: '已取消关注' });
    expect((await list(t.sales1, { view: 'watched', filters: JSON.stringify({ watched: 1 }) })).body.total).toBe(0);
    // Outside the scope: refused.
    const foreign = (
      await db().selectFrom('customers').select('id').where('owner_id', '=', ids.sales9).where('gonghai', '=', 0).limit(1).executeTakeFirstOrThrow()
    ).id;
    expect((await call('/api/customer/setTop', t.sales1, { id: foreign })).status).toBe(403);
  });

  test('transfer gives customers to a colleague (conditional, logged)', async () => {
    const id = await create(t.manager);
    expect((await call('/api/customer/transfer', t.sales1, { ids: `${id}`, userid: ids.sales2 })).status).toBe(403);
    expect((await call('/api/customer/transfer', t.manager, { ids: `${id}`, userid: ids.sales2 })).body).toMatchObject({ result: 'success', msg: '转移成功' });
    expect((await db().selectFrom('customers').select('owner_id').where('id', '=', id).executeTakeFirstOrThrow()).owner_id).toBe(ids.sales2);
    expect((await db().selectFrom('customer_logs').select('ext').where('customer_id', '=', id).where('kind', '=', 'owner').executeTakeFirstOrThrow()).ext).toBe(
      '分配给 赵强',
    );
  });
});

test('即将进入公海 of a salesperson is a range of customers_soon_window (migration 044), counted without reading the table', async () => {
  const dialect = s.app.portal.dialect;
  const soon = soonInPoolCondition(DEFAULT_POOL_RULES, s.clock.now(), [], dialect);
  const notBlack = dialect === 'postgres' ? sql`c.blacklisted = 0` : sql`+c.blacklisted = 0`;
  // The list's count for a salesperson (own scope: owner or participant), as customer-list.service.ts builds it.
  const count = sql`SELECT count(*) FROM customers c WHERE c.gonghai = 0 AND ${notBlack} AND c.merged_into IS NULL AND c.clue IN (1, 2)
    AND (c.owner_id = ${ids.sales1} OR c.id IN (SELECT customer_id FROM customer_participants WHERE user_id = ${ids.sales1})) AND ${soon}`;
  if (dialect === 'sqlite') {
    // With statistics, as the planner has them on a large table (without, any index ties on a tiny one).
    await sql`ANALYZE customers`.execute(db());
    const plan = (await sql<{ detail: string }>`EXPLAIN QUERY PLAN ${count}`.execute(db())).rows.map((r) => r.detail).join(' | ');
    expect(plan).toContain('COVERING INDEX customers_soon_window');
  } else {
    // The demo table is tiny (a scan is cheaper): with the expression's statistics, ask whether the index can serve it at all.
    const plan = await db()
      .transaction()
      .execute(async (tx) => {
        await sql`ANALYZE customers`.execute(tx);
        await sql`SET LOCAL enable_seqscan = off`.execute(tx);
        await sql`SET LOCAL enable_bitmapscan = off`.execute(tx);
        return (await sql<{ 'QUERY PLAN': string }>`EXPLAIN ${count}`.execute(tx)).rows.map((r) => r['QUERY PLAN']).join(' | ');
      });
    expect(plan).toContain('Index Only Scan using customers_soon_window');
  }
});

describe('recycling and the countdown (the clock moves: last)', () => {
  test('the countdown column and 即将进入公海; the daily job recycles with reason and previous owner, exempting locked customers and contracts', async () => {
    const stale = await create(t.sales2);
    const locked = await create(t.sales2);
    expect((await call('/api/customer/updateState', t.sales2, { id: locked, locked: 1 })).body).toMatchObject({ result: 'success', msg: '已锁定' });
    const before = (await list(t.sales2, { view: 'watched', key: '' })).body.rows.find((r) => r.id === stale);
    expect(before?.recycleDays).toBe(30);

    s.clock.advance(28 * DAY);
    await login();
    const soon = (await list(t.sales2, { view: 'watched', filters: JSON.stringify({ soon: 1 }) })).body.rows;
    expect(soon.map((r) => r.id)).toContain(stale);
    expect(soon.map((r) => r.id)).not.toContain(locked);
    expect(soon.find((r) => r.id === stale)?.recycleDays).toBe(2);

    s.clock.advance(3 * DAY);
    const result = await runPoolRecycle(s.app.portal);
    expect(result.recycled).toBeGreaterThan(0);
    const row = await db()
      .selectFrom('customers')
      .select(['gonghai', 'owner_id', 'previous_owner_id', 'pool_reason'])
      .where('id', '=', stale)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ gonghai: 1, owner_id: null, previous_owner_id: ids.sales2, pool_reason: '超过30天未跟进，系统自动收回' });
    expect((await db().selectFrom('customers').select('gonghai').where('id', '=', locked).executeTakeFirstOrThrow()).gonghai).toBe(0);
    const withContract = await db().selectFrom('contracts as k').innerJoin('customers as c', 'c.id', 'k.customer_id').select(['c.id', 'c.gonghai']).execute();
    expect(withContract.every((c) => c.gonghai === 0 || c.gonghai === 1)).toBe(true);
    const contractCustomersRecycled = await db()
      .selectFrom('customer_logs as l')
      .innerJoin('contracts as k', 'k.customer_id', 'l.customer_id')
      .select('l.id')
      .where('l.kind', '=', 'recycle')
      .where('l.user_id', 'is', null)
      .where('l.created_at', '>', new Date(Date.now() + 20 * DAY).toISOString())
      .execute();
    expect(contractCustomersRecycled).toHaveLength(0);
    const log = await db().selectFrom('customer_logs').select('ext').where('customer_id', '=', stale).where('kind', '=', 'recycle').executeTakeFirstOrThrow();
    expect(log.ext).toBe('超过30天未跟进，系统自动收回（原负责人：赵强）');
    // Running again the same day moves nothing more.
    expect((await runPoolRecycle(s.app.portal)).recycled).toBe(0);
  });
});
