/**
 * Issue #10, second round: recycling per 客户级别 (the rules' levelRecycleDays drive the daily job, the
 * warning K days ahead, the 距进入公海 countdown and the 即将进入公海 filter) and recycling tied to the
 * end of a customer's contracts (contractEndedDays), on SQLite and PostgreSQL.
 */
import { sql, type Expression, type SqlBool } from 'kysely';
import { soonInPoolCondition } from '../src/modules/crm/customer/customer-views';
import { DEFAULT_POOL_RULES, recycleTiers, setPoolRulesSource, tierLevelSql, type PoolRules } from '../src/modules/crm/pool/pool-rules';
import { runPoolRecycle } from '../src/modules/crm/pool/pool-recycle';
import { runRecycleWarnings, shanghaiDay } from '../src/modules/crm/pool/recycle-warning';
import { userIds } from './fake-realtime';
import { DEMO, startServer, type TestServer } from './harness';

const DAY = 86400_000;
const rules: PoolRules = {
  ...DEFAULT_POOL_RULES,
  levelRecycleDays: { A: { noFollowupDays: 60, noDealDays: 180 }, B: { noFollowupDays: 45, noDealDays: 120 }, C: { noFollowupDays: 30, noDealDays: 90 } },
  contractEndedDays: 90,
};
setPoolRulesSource(async () => rules);

let s: TestServer;
let ids: Record<string, number>;
let token = '';
const c: Record<string, number> = {};
const db = () => s.app.portal.db;
const ago = (days: number) => new Date(s.clock.now().getTime() - days * DAY).toISOString();
const dayAgo = (days: number) => shanghaiDay(new Date(s.clock.now().getTime() - days * DAY));

type Fixture = { level: string; createdDaysAgo: number; followedDaysAgo?: number; clue?: number };
async function addCustomer(name: string, f: Fixture): Promise<void> {
  const source = await db().selectFrom('lead_sources').select('id').orderBy('id').executeTakeFirstOrThrow();
  const { id } = await db()
    .insertInto('customers')
    .values({
      code: null,
      customer_name: `级别测试${name}`,
      contact_name: '王先生',
      contact_mobile: '13900000000',
      lai_yuan: source.id,
      level: f.level,
      industry: '',
      address: '',
      beizhu: '',
      owner_id: ids.sales1,
      branch_id: null,
      created_by: ids.sales1,
      created_at: ago(f.createdDaysAgo),
      updated_at: ago(f.createdDaysAgo),
      genjin_time: f.followedDaysAgo === undefined ? '' : ago(f.followedDaysAgo),
      next_genjin_time: '',
      clue: f.clue ?? 1,
      gonghai: 0,
      is_top: 0,
      watch_user_id: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  c[name] = id;
}
async function addContract(customer: string, endDaysAgo: number | null, status = 2): Promise<void> {
  const at = ago(400);
  await db()
    .insertInto('contracts')
    .values({
      order_sn: `HT-LV-${customer}-${endDaysAgo}`,
      title: `${customer} 合同`,
      customer_id: c[customer],
      money_cents: 100000,
      status,
      sign_date: dayAgo(400),
      start_date: dayAgo(400),
      end_date: endDaysAgo === null ? '' : dayAgo(endDaysAgo),
      is_invoiced: 0,
      beizhu: '',
      owner_id: ids.sales1,
      branch_id: null,
      created_by: ids.sales1,
      created_at: at,
      updated_at: at,
    })
    .execute();
}

type Row = { id: number; recycleDays: number | null };
const list = async (filters: Record<string, unknown>) =>
  (await s.post<{ rows: Row[] }>('/api/customer/index', { rows: 200, view: 'watched', filters: JSON.stringify({ name: '级别测试', ...filters }) }, { token }))
    .body.rows;

beforeAll(async () => {
  s = await startServer();
  ids = await userIds(s);
  token = await s.login(...DEMO.sales);
  await addCustomer('A 40天未跟进', { level: 'A', createdDaysAgo: 100, followedDaysAgo: 40 });
  await addCustomer('无级别 40天未跟进', { level: '', createdDaysAgo: 100, followedDaysAgo: 40 });
  await addCustomer('B 43.5天未跟进', { level: 'B', createdDaysAgo: 100, followedDaysAgo: 43.5 });
  await addCustomer('A 58天未跟进', { level: 'A', createdDaysAgo: 100, followedDaysAgo: 58 });
  await addCustomer('C 28天未跟进', { level: 'C', createdDaysAgo: 50, followedDaysAgo: 28 });
  await addCustomer('A 28天未跟进', { level: 'A', createdDaysAgo: 100, followedDaysAgo: 28 });
  await addCustomer('B 130天未成交', { level: 'B', createdDaysAgo: 130, followedDaysAgo: 1 });
  await addCustomer('A 130天未成交', { level: 'A', createdDaysAgo: 130, followedDaysAgo: 1 });
  // Contracts: all ended 100 days ago and no follow-up since → recycled; one still running, one
  // without end date, a follow-up after the end, an end 30 days ago → kept. Deals (clue 2).
  await addCustomer('合同已到期', { level: '', createdDaysAgo: 400, followedDaysAgo: 200, clue: 2 });
  await addContract('合同已到期', 100);
  await addContract('合同已到期', 150);
  await addContract('合同已到期', -10, 3); // rejected: does not count
  await addCustomer('合同仍在执行', { level: '', createdDaysAgo: 400, followedDaysAgo: 200, clue: 2 });
  await addContract('合同仍在执行', 100);
  await addContract('合同仍在执行', -30);
  await addCustomer('合同无结束日', { level: '', createdDaysAgo: 400, followedDaysAgo: 200, clue: 2 });
  await addContract('合同无结束日', 100);
  await addContract('合同无结束日', null);
  await addCustomer('到期后跟进过', { level: '', createdDaysAgo: 400, followedDaysAgo: 50, clue: 2 });
  await addContract('到期后跟进过', 100);
  await addCustomer('合同刚到期', { level: '', createdDaysAgo: 400, followedDaysAgo: 200, clue: 2 });
  await addContract('合同刚到期', 30);
});

afterAll(async () => {
  setPoolRulesSource(null);
  await s.close();
});

test('levels group into tiers sharing N / M (the default tier is every level not listed elsewhere)', () => {
  expect(recycleTiers(rules)).toEqual([
    { noFollowupDays: 30, noDealDays: 90, except: ['A', 'B'] },
    { noFollowupDays: 60, noDealDays: 180, levels: ['A'] },
    { noFollowupDays: 45, noDealDays: 120, levels: ['B'] },
  ]);
});

test('the 距进入公海 countdown and 即将进入公海 use the level’s days', async () => {
  const all = new Map((await list({})).map((r) => [r.id, r.recycleDays]));
  expect(all.get(c['A 40天未跟进'])).toBe(20);
  expect(all.get(c['B 43.5天未跟进'])).toBe(2);
  expect(all.get(c['A 58天未跟进'])).toBe(2);
  expect(all.get(c['A 28天未跟进'])).toBe(32);
  expect(all.get(c['C 28天未跟进'])).toBe(2);
  expect(all.get(c['B 130天未成交'])).toBe(-10);
  const soon = (await list({ soon: 1 })).map((r) => r.id);
  for (const name of ['B 43.5天未跟进', 'A 58天未跟进', 'C 28天未跟进']) expect(soon).toContain(c[name]);
  for (const name of ['A 40天未跟进', 'A 28天未跟进', '无级别 40天未跟进']) expect(soon).not.toContain(c[name]);
});

test('即将进入公海 as the latest of the three times in the window: the same customers as testing each time, day by day', async () => {
  // The condition is written on max / greatest of follow-up, ownership and creation (migration 044
  // indexes it); the reference tests the three columns one by one. Fixtures and demo customers cover
  // empty follow-up and ownership times; each day of 100 moves every tier's window across them.
  const reference = (now: Date) => {
    const tests = recycleTiers(rules).map((tier) => {
      const from = new Date(now.getTime() - tier.noFollowupDays * DAY).toISOString();
      const to = new Date(now.getTime() - (tier.noFollowupDays - rules.warningDays) * DAY).toISOString();
      return sql<SqlBool>`(${tierLevelSql(tier, 'c.level')} and c.genjin_time <= ${to} and c.owned_at <= ${to} and c.created_at <= ${to} and (c.genjin_time > ${from} or c.owned_at > ${from} or c.created_at > ${from}))`;
    });
    return sql<SqlBool>`(c.gonghai = 0 and c.clue = 1 and c.locked = 0 and (${sql.join(tests, sql` or `)}))`;
  };
  const ids = async (condition: Expression<SqlBool>) =>
    (await db().selectFrom('customers as c').select('c.id').where(condition).orderBy('c.id').execute()).map((r) => r.id);
  let matched = 0;
  for (let day = -10; day < 90; day++) {
    const now = new Date(s.clock.now().getTime() + day * DAY);
    const expected = await ids(reference(now));
    expect([day, await ids(soonInPoolCondition(rules, now, [], s.app.portal.dialect))]).toEqual([day, expected]);
    matched += expected.length;
  }
  expect(matched).toBeGreaterThan(20);
});

test('the warning K days ahead uses the level’s days', async () => {
  await runRecycleWarnings(s.app.portal);
  const warned = (
    await db()
      .selectFrom('pool_recycle_warnings')
      .select('customer_id')
      .where('owner_id', '=', ids.sales1)
      .where('warned_on', '=', shanghaiDay(s.clock.now()))
      .execute()
  ).map((r) => r.customer_id);
  for (const name of ['B 43.5天未跟进', 'A 58天未跟进', 'C 28天未跟进']) expect(warned).toContain(c[name]);
  for (const name of ['A 40天未跟进', 'A 28天未跟进']) expect(warned).not.toContain(c[name]);
});

test('the daily job recycles by the level’s days and by contracts ended N days ago, each with its reason', async () => {
  await runPoolRecycle(s.app.portal);
  const rows = await db().selectFrom('customers').select(['id', 'gonghai', 'pool_reason', 'previous_owner_id']).where('id', 'in', Object.values(c)).execute();
  const byName = Object.fromEntries(Object.entries(c).map(([name, id]) => [name, rows.find((r) => r.id === id)]));
  expect(byName['无级别 40天未跟进']).toMatchObject({ gonghai: 1, pool_reason: '超过30天未跟进，系统自动收回', previous_owner_id: ids.sales1 });
  expect(byName['B 130天未成交']).toMatchObject({ gonghai: 1, pool_reason: '超过120天未成交，系统自动收回' });
  expect(byName['合同已到期']).toMatchObject({ gonghai: 1, pool_reason: '合同到期超过90天未跟进，系统自动收回', previous_owner_id: ids.sales1 });
  for (const name of [
    'A 40天未跟进',
    'B 43.5天未跟进',
    'A 58天未跟进',
    'C 28天未跟进',
    'A 28天未跟进',
    'A 130天未成交',
    '合同仍在执行',
    '合同无结束日',
    '到期后跟进过',
    '合同刚到期',
  ]) {
    expect([name, byName[name]?.gonghai]).toEqual([name, 0]);
  }
  const log = await db()
    .selectFrom('customer_logs')
    .select('ext')
    .where('customer_id', '=', c['合同已到期'])
    .where('kind', '=', 'recycle')
    .executeTakeFirstOrThrow();
  expect(log.ext).toContain('合同到期超过90天未跟进');
  // Two days later the A customer 58 days without follow-up is past its 60 days.
  s.clock.advance(2.5 * DAY);
  await runPoolRecycle(s.app.portal);
  expect((await db().selectFrom('customers').select('pool_reason').where('id', '=', c['A 58天未跟进']).executeTakeFirstOrThrow()).pool_reason).toBe(
    '超过60天未跟进，系统自动收回',
  );
});
