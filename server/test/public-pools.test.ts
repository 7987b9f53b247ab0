/**
 * Issue #10, several public pools: api/pool/* (rights, bad input, delete refused while a pool holds
 * customers, 转移公海 logged in one transaction), the 公海客户 view's pool filter and membership, claims
 * only from one's pools with each pool's own daily limit (two simultaneous claims: one winner), and the
 * routing of recycled and sent customers to the pool serving the owner's department; on SQLite and PostgreSQL.
 */
import { sql } from 'kysely';
import { runPoolRecycle } from '../src/modules/crm/pool/pool-recycle';
import { runRecycleWarnings } from '../src/modules/crm/pool/recycle-warning';
import { upload, xlsxOf } from './batch-helpers';
import { userIds } from './fake-realtime';
import { DEMO, startServer, type TestServer } from './harness';

type Envelope<T = Record<string, unknown>> = { result: string; msg: string; data?: T };
type PoolRow = { id: number; name: string; isDefault: boolean; customers: number; branchIds: number[]; claimLimitPerDay: number | null };

let s: TestServer;
let ids: Record<string, number>;
let branch: Record<string, number>;
const t = { admin: '', manager1: '', manager2: '', sales1: '', sales5: '', sales6: '', sales7: '' };
const DAY = 86400_000;
const db = () => s.app.portal.db;
const call = (path: string, token: string, body: Record<string, unknown> = {}) => s.post<Envelope<Record<string, number>>>(path, body, { token });
const pools = async (token: string) => (await s.post<{ rows: PoolRow[] }>('/api/pool/index', {}, { token })).body.rows;
const poolList = (token: string, body: Record<string, unknown>) =>
  s.post<{ rows: { id: number }[]; total: number; msg?: string }>('/api/customer/index', { view: 'total', rows: 200, ...body }, { token });
const ago = (days: number) => new Date(s.clock.now().getTime() - days * DAY).toISOString();

let seq = 0;
/** A customer: in a pool (`pool` id, null 默认公海), or owned by `owner` with its last follow-up `followedDaysAgo`. */
async function customer(o: { pool?: number | null; owner?: number; followedDaysAgo?: number; previousOwner?: number }): Promise<number> {
  const inPool = o.owner === undefined;
  const ownerBranch = inPool
    ? null
    : (
        await db()
          .selectFrom('users')
          .select('branch_id')
          .where('id', '=', o.owner as number)
          .executeTakeFirstOrThrow()
      ).branch_id;
  const since = inPool ? 100 : (o.followedDaysAgo ?? 1) + 2; // owned: no deal-days recycling in the way
  const { id } = await db()
    .insertInto('customers')
    .values({
      code: null,
      customer_name: `多公海测试${++seq}`,
      contact_name: '王先生',
      contact_mobile: '13900000000',
      lai_yuan: 1,
      level: '',
      industry: '',
      address: '',
      beizhu: '',
      owner_id: o.owner ?? null,
      branch_id: ownerBranch,
      created_by: null,
      created_at: ago(since),
      updated_at: ago(since),
      genjin_time: ago(o.followedDaysAgo ?? 1),
      next_genjin_time: '',
      clue: 1,
      gonghai: inPool ? 1 : 0,
      is_top: 0,
      watch_user_id: null,
      pool_id: inPool ? (o.pool ?? null) : null,
      pool_at: inPool ? ago(20) : '',
      owned_at: inPool ? '' : ago(since),
      previous_owner_id: o.previousOwner ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}
const state = (id: number) => db().selectFrom('customers').select(['gonghai', 'owner_id', 'pool_id']).where('id', '=', id).executeTakeFirstOrThrow();

let east = 0; // 华东 pool created here: 销售二部, 2 claims a day, 5 days without follow-up
const poolInput = (o: Record<string, unknown> = {}) => ({
  name: '测试二部公海',
  branchIds: String(branch['销售二部']),
  claimLimitPerDay: 2,
  noFollowupDays: 5,
  ...o,
});

beforeAll(async () => {
  s = await startServer();
  ids = await userIds(s);
  branch = Object.fromEntries((await db().selectFrom('branches').select(['id', 'name']).execute()).map((b) => [b.name, b.id]));
  t.admin = await s.login(...DEMO.admin);
  t.manager1 = await s.login(...DEMO.manager);
  t.manager2 = await s.login('manager2', 'manager123');
  t.sales1 = await s.login(...DEMO.sales);
  for (const n of [5, 6, 7] as const) t[`sales${n}`] = await s.login(`sales${n}`, 'sales123');
});
afterAll(async () => {
  await s.close();
});

describe('api/pool: rights and input', () => {
  test('only those who keep 基础设置 add, edit and delete pools', async () => {
    for (const token of [t.sales1, t.manager1]) {
      const res = await call('/api/pool/add', token, poolInput());
      expect(res.status).toBe(403);
      expect((await call('/api/pool/delete', token, { ids: '1' })).status).toBe(403);
    }
    expect((await call('/api/pool/move', t.sales5, { ids: '1', poolId: 0 })).status).toBe(403);
    const added = await call('/api/pool/add', t.admin, poolInput());
    expect(added.body).toMatchObject({ result: 'success', msg: '添加成功' });
    east = (added.body.data as { id: number }).id;
  });

  test('bad input is refused with a message naming the field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '' }, '请填写公海名称'],
      [{ name: '测试二部公海' }, '公海名称“测试二部公海”已存在'],
      [{ name: '默认公海' }, '公海名称不能是“默认公海”'],
      [{ name: '无成员', branchIds: '' }, '请选择适用部门或成员'],
      [{ name: '坏部门', branchIds: '999999' }, '所选部门不存在'],
      [{ name: '坏成员', userIds: '999999' }, '所选成员不存在'],
      [{ name: '坏上限', claimLimitPerDay: 0 }, '每日领取上限必须是1到10000之间的整数'],
      [{ name: '坏天数', noFollowupDays: 'abc' }, '未跟进回收天数必须是1到3650之间的整数'],
    ];
    for (const [body, msg] of cases) {
      const res = await call('/api/pool/add', t.admin, poolInput(body));
      expect([res.status, res.body.msg]).toEqual([400, msg]);
    }
    expect((await call('/api/pool/edit', t.admin, { ...poolInput(), id: 999999 })).body.msg).toBe('公海不存在');
    expect((await call('/api/pool/move', t.admin, { ids: '', poolId: 0 })).body.msg).toBe('请选择客户');
    expect((await call('/api/pool/move', t.admin, { ids: '1', poolId: 999999 })).body.msg).toBe('公海不存在');
    expect(await db().selectFrom('public_pools').select('name').where('name', 'like', '坏%').execute()).toEqual([]);
  });

  test('a member sees 默认公海 and their pools, an administrator every pool', async () => {
    const admin = await pools(t.admin);
    expect(admin[0]).toMatchObject({ id: 0, name: '默认公海', isDefault: true });
    expect(admin.map((p) => p.id)).toContain(east);
    expect((await pools(t.sales5)).map((p) => p.id)).toEqual([0, east]);
    expect((await pools(t.sales1)).map((p) => p.id)).not.toContain(east);
    // By user: sales1 listed by name becomes a member (edit keeps the rest).
    expect((await call('/api/pool/edit', t.admin, { ...poolInput(), id: east, userIds: String(ids.sales1) })).body.msg).toBe('保存成功');
    expect((await pools(t.sales1)).map((p) => p.id)).toContain(east);
    await call('/api/pool/edit', t.admin, { ...poolInput(), id: east });
    expect((await pools(t.sales1)).map((p) => p.id)).not.toContain(east);
  });
});

describe('the pool view and claims', () => {
  test('the 公海 view lists one pool to its members only; without poolId, 默认公海 and one’s pools', async () => {
    const inEast = await customer({ pool: east });
    const inDefault = await customer({ pool: null });
    const mine = await poolList(t.sales5, { poolId: east });
    expect(mine.body.rows.map((r) => r.id)).toContain(inEast);
    expect(mine.body.rows.map((r) => r.id)).not.toContain(inDefault);
    expect((await poolList(t.sales5, { poolId: 0 })).body.rows.map((r) => r.id)).toContain(inDefault);
    const refused = await poolList(t.sales1, { poolId: east });
    expect([refused.status, refused.body.msg]).toEqual([403, '您不是该公海的成员']);
    expect((await poolList(t.sales1, {})).body.rows.map((r) => r.id)).not.toContain(inEast);
    expect((await poolList(t.admin, { poolId: east })).body.rows.map((r) => r.id)).toContain(inEast);
    expect((await poolList(t.sales1, { poolId: 'x' })).body.msg).toBe('公海参数不正确');
  });

  test('a user claims only from their pools, each pool with its own daily limit', async () => {
    const [a, b, c] = [await customer({ pool: east }), await customer({ pool: east }), await customer({ pool: east })];
    const refused = await call('/api/customer/receive', t.sales1, { ids: String(a) });
    expect([refused.status, refused.body.msg]).toEqual([403, '您不是该公海的成员']);
    expect(await state(a)).toMatchObject({ gonghai: 1, owner_id: null });
    expect((await call('/api/customer/receive', t.sales5, { ids: `${a},${b}` })).body.msg).toBe('领取成功');
    const third = await call('/api/customer/receive', t.sales5, { ids: String(c) });
    expect([third.status, third.body.msg]).toEqual([400, '每人每天最多从“测试二部公海”领取2个客户，今天已领取2个']);
    // 默认公海 keeps its own count (基础设置's limit).
    expect((await call('/api/customer/receive', t.sales5, { ids: String(await customer({ pool: null })) })).body.msg).toBe('领取成功');
  });

  test('the pool’s own wait before a previous owner reclaims', async () => {
    // In the pool for 20 days: past 基础设置's 7 days, within the pool's 30.
    const inEast = await customer({ pool: east, previousOwner: ids.sales7 });
    const inDefault = await customer({ pool: null, previousOwner: ids.sales7 });
    await call('/api/pool/edit', t.admin, { ...poolInput(), id: east, reclaimWaitDays: 30 });
    const refused = await call('/api/customer/receive', t.sales7, { ids: String(inEast) });
    expect([refused.status, refused.body.msg]).toEqual([400, `客户“多公海测试${seq - 1}”是您放入公海的，30天内不能重新领取（还需10天）`]);
    expect((await call('/api/customer/receive', t.sales7, { ids: String(inDefault) })).body.msg).toBe('领取成功');
    await call('/api/pool/edit', t.admin, { ...poolInput(), id: east });
  });

  test('two simultaneous claims of one pool customer: exactly one wins', async () => {
    for (let round = 0; round < 2; round++) {
      const id = await customer({ pool: east });
      const [x, y] = await Promise.all([
        call('/api/customer/receive', t.sales6, { ids: String(id) }),
        call('/api/customer/receive', t.sales7, { ids: String(id) }),
      ]);
      expect([x, y].filter((r) => r.body.msg === '领取成功')).toHaveLength(1);
      expect([x, y].filter((r) => r.status === 409 && r.body.msg === '客户已被他人领取或已不在公海，请刷新后重试')).toHaveLength(1);
      expect([ids.sales6, ids.sales7]).toContain((await state(id)).owner_id);
    }
  });
});

test('one pool’s page is served by the (gonghai, pool_id, sort) index, no sort of the pool', async () => {
  for (const pool of [sql`c.pool_id = ${east}`, sql`c.pool_id is null`]) {
    const page = sql`SELECT c.id FROM customers c WHERE c.gonghai = 1 AND ${pool} AND +c.blacklisted = 0 AND c.merged_into is null AND c.clue in (1, 2) ORDER BY c.created_at DESC, c.id DESC LIMIT 10`;
    if (s.app.portal.dialect === 'sqlite') {
      const plan = (await sql<{ detail: string }>`EXPLAIN QUERY PLAN ${page}`.execute(db())).rows.map((r) => r.detail).join(' | ');
      expect(plan).toContain('customers_gonghai_pool_created_at');
      expect(plan).not.toContain('TEMP B-TREE');
    } else {
      // The demo table is tiny (sorting its 25 pool rows is cheaper): ask whether the index can serve the order at all.
      const plan = await db()
        .transaction()
        .execute(async (tx) => {
          await sql`SET LOCAL enable_seqscan = off`.execute(tx);
          await sql`SET LOCAL enable_sort = off`.execute(tx);
          await sql`SET LOCAL enable_bitmapscan = off`.execute(tx);
          return (await sql<{ 'QUERY PLAN': string }>`EXPLAIN ${page}`.execute(tx)).rows.map((r) => r['QUERY PLAN']).join(' | ');
        });
      // On a table this small PostgreSQL may walk a (gonghai, created_at) index instead (customers_gonghai_created_at
      // or migration 043's customers_list_cover); any of them serves the order.
      expect(plan).toMatch(/customers_gonghai_(pool_)?created_at|customers_list_cover/);
      expect(plan).not.toMatch(/Sort/);
    }
  }
});

test('PostgreSQL: one pool’s count, or the member pools’, reads customers_pool_count alone (migration 045)', async () => {
  if (s.app.portal.dialect !== 'postgres') return;
  for (const pool of [sql`c.pool_id is null`, sql`(c.pool_id is null or c.pool_id in (${east}))`, sql`1 = 1`]) {
    const count = sql`SELECT count(*) FROM (SELECT 1 FROM customers c WHERE c.gonghai = 1 AND ${pool} AND c.blacklisted = 0 AND c.merged_into is null AND c.clue in (1, 2) LIMIT 10001) AS capped`;
    const plan = await db()
      .transaction()
      .execute(async (tx) => {
        await sql`SET LOCAL enable_seqscan = off`.execute(tx);
        await sql`SET LOCAL enable_bitmapscan = off`.execute(tx);
        return (await sql<{ 'QUERY PLAN': string }>`EXPLAIN ${count}`.execute(tx)).rows.map((r) => r['QUERY PLAN']).join(' | ');
      });
    expect(plan).toContain('Index Only Scan using customers_pool_count');
  }
});

describe('routing into the pools', () => {
  test('sent to the pool: into the pool serving the owner’s department, else 默认公海', async () => {
    const ofSales6 = await customer({ owner: ids.sales6 });
    const ofSales1 = await customer({ owner: ids.sales1 });
    expect((await call('/api/customer/AddPublicPool', t.sales6, { ids: String(ofSales6), reason: '暂无需求' })).body.msg).toBe('已放入公海');
    expect(await state(ofSales6)).toMatchObject({ gonghai: 1, pool_id: east });
    const log = await db().selectFrom('customer_logs').select('ext').where('customer_id', '=', ofSales6).where('kind', '=', 'pool').executeTakeFirstOrThrow();
    expect(log.ext).toContain('放入公海“测试二部公海”');
    expect((await call('/api/customer/ToGonghai', t.admin, { ids: String(ofSales1), reason: '调整' })).body.msg).toBe('已放入公海');
    expect(await state(ofSales1)).toMatchObject({ gonghai: 1, pool_id: null });
  });

  test('imported into the pool: into the pool serving the importer’s department', async () => {
    const sheet = [
      ['客户名称', '联系人', '手机', '客户来源'],
      ['多公海导入公司', '张三', '16700009999', '展会'],
    ];
    const preview = await upload<{ token: string }>(s, '/api/customer/PoolImportPreview', await xlsxOf(sheet), '导入.xlsx', t.manager2);
    const token = (preview.body.data as { token: string }).token;
    const res = await s.post<Envelope<{ imported: number }>>(
      '/api/customer/PoolImport',
      { token, mapping: { CustomerName: 0, contact_name: 1, contact_mobile: 2, LaiYuan: 3 } },
      { token: t.manager2 },
    );
    expect(res.body.data).toMatchObject({ imported: 1 });
    const row = await db().selectFrom('customers').select(['gonghai', 'pool_id']).where('customer_name', '=', '多公海导入公司').executeTakeFirstOrThrow();
    expect(row).toEqual({ gonghai: 1, pool_id: east });
  });

  test('a pool customer’s detail, watching and assignment are for the pool’s members only', async () => {
    const id = await customer({ pool: east });
    const detail = await call('/api/customer/Views', t.sales1, { id });
    expect([detail.status, detail.body.msg]).toEqual([403, '您不是该公海的成员']);
    expect((await call('/api/customer/Views', t.sales5, { id })).body.result).toBe('success');
    // Watching it, and so its files and duplicate hints, go with it (customer-access.ts).
    expect((await call('/api/customer/AddMykehu', t.sales1, { id })).status).toBe(403);
    expect((await call('/api/customer/AddMykehu', t.sales5, { id })).body.msg).toBe('关注成功');
    const assign = await call('/api/customer/KehuDistribution', t.manager1, { ids: String(id), userid: ids.sales1, owners: '0' });
    expect([assign.status, assign.body.msg]).toEqual([403, '您不是该公海的成员']);
    expect((await call('/api/customer/KehuDistribution', t.manager2, { ids: String(id), userid: ids.sales5, owners: '0' })).body.msg).toBe('分配成功');
  });

  test('the countdown, 即将进入公海 and the warning follow the pool’s own days', async () => {
    const east3 = await customer({ owner: ids.sales6, followedDaysAgo: 3 }); // 5 days: 2 left, warned (3 days ahead)
    const default3 = await customer({ owner: ids.sales1, followedDaysAgo: 3 }); // 30 days: 27 left
    const rows = (
      await s.post<{ rows: { id: number; recycleDays: number | null }[] }>(
        '/api/customer/index',
        { view: 'watched', rows: 200, filters: JSON.stringify({ CustomerName: '多公海测试' }) },
        { token: t.admin },
      )
    ).body.rows;
    expect(rows.find((r) => r.id === east3)?.recycleDays).toBe(2);
    expect(rows.find((r) => r.id === default3)?.recycleDays).toBe(27);
    const soon = (
      await s.post<{ rows: { id: number }[] }>(
        '/api/customer/index',
        { view: 'watched', rows: 200, filters: JSON.stringify({ CustomerName: '多公海测试', soon: 1 }) },
        { token: t.admin },
      )
    ).body.rows.map((r) => r.id);
    expect(soon).toContain(east3);
    expect(soon).not.toContain(default3);
    await runRecycleWarnings(s.app.portal);
    const warned = (await db().selectFrom('pool_recycle_warnings').select('customer_id').where('customer_id', 'in', [east3, default3]).execute()).map(
      (w) => w.customer_id,
    );
    expect(warned).toEqual([east3]);
  });

  test('recycled by the job: the pool’s own days apply, into that pool', async () => {
    const east8 = await customer({ owner: ids.sales6, followedDaysAgo: 8 }); // 测试二部公海: 5 days
    const default8 = await customer({ owner: ids.sales1, followedDaysAgo: 8 }); // 基础设置: 30 days
    const default40 = await customer({ owner: ids.sales1, followedDaysAgo: 40 });
    await runPoolRecycle(s.app.portal);
    expect(await state(east8)).toMatchObject({ gonghai: 1, owner_id: null, pool_id: east });
    expect(await state(default8)).toMatchObject({ gonghai: 0, owner_id: ids.sales1 });
    expect(await state(default40)).toMatchObject({ gonghai: 1, pool_id: null });
    const reason = await db().selectFrom('customers').select('pool_reason').where('id', '=', east8).executeTakeFirstOrThrow();
    expect(reason.pool_reason).toBe('超过5天未跟进，系统自动收回');
  });
});

describe('转移公海 and deleting a pool', () => {
  test('a manager who is a member moves pool customers, logged, all or nothing', async () => {
    const [a, b] = [await customer({ pool: east }), await customer({ pool: east })];
    const owned = await customer({ owner: ids.sales6 });
    // manager1 (销售一部) is not a member of 测试二部公海.
    const notMember = await call('/api/pool/move', t.manager1, { ids: `${a}`, poolId: 0 });
    expect([notMember.status, notMember.body.msg]).toEqual([403, '您不是该公海的成员']);
    const mixed = await call('/api/pool/move', t.manager2, { ids: `${a},${owned}`, poolId: 0 });
    expect([mixed.status, mixed.body.msg]).toEqual([400, '只能转移公海中的客户']);
    expect(await state(a)).toMatchObject({ pool_id: east });
    const moved = await call('/api/pool/move', t.manager2, { ids: `${a},${b}`, poolId: 0 });
    expect(moved.body).toMatchObject({ result: 'success', msg: '转移成功', data: { count: 2 } });
    expect(await state(a)).toMatchObject({ gonghai: 1, pool_id: null });
    const log = await db()
      .selectFrom('customer_logs')
      .select(['ext', 'user_id'])
      .where('customer_id', '=', b)
      .where('kind', '=', 'pool')
      .executeTakeFirstOrThrow();
    expect(log).toEqual({ ext: '刘洋 将客户从“测试二部公海”转移到“默认公海”', user_id: ids.manager2 });
    // And back, by an administrator.
    expect((await call('/api/pool/move', t.admin, { ids: `${a}`, poolId: east })).body.msg).toBe('转移成功');
    expect(await state(a)).toMatchObject({ pool_id: east });
  });

  test('a pool holding customers is not deleted; once empty it is', async () => {
    const held = await db().selectFrom('customers').select('id').where('gonghai', '=', 1).where('pool_id', '=', east).execute();
    const refused = await call('/api/pool/delete', t.admin, { ids: String(east) });
    expect([refused.status, refused.body.msg]).toEqual([400, `公海“测试二部公海”中还有${held.length}个客户，请先转移到其他公海再删除`]);
    expect((await pools(t.admin)).map((p) => p.id)).toContain(east);
    expect((await call('/api/pool/move', t.admin, { ids: held.map((h) => h.id).join(','), poolId: 0 })).body.msg).toBe('转移成功');
    expect((await call('/api/pool/delete', t.admin, { ids: String(east) })).body).toMatchObject({ result: 'success', msg: '删除成功' });
    expect((await pools(t.admin)).map((p) => p.id)).not.toContain(east);
    // Customers that came from it (claimed) no longer name it.
    expect(await db().selectFrom('customers').select('id').where('pool_id', '=', east).execute()).toEqual([]);
    expect((await call('/api/pool/delete', t.admin, { ids: String(east) })).body.msg).toBe('公海不存在');
  });
});
