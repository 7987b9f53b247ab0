/**
 * 基础设置 › 公海规则: per 客户级别 no-follow-up recycle days (poolLevelDays), validated against the
 * 客户级别 dictionary, logged like the other settings, and in force in the 距进入公海 countdown and the
 * daily recycle job (read through pool-rules-settings.ts, no test override). SQLite and PostgreSQL.
 */
import { runPoolRecycle } from '../src/modules/crm/pool/pool-recycle';
import { readSettings } from '../src/modules/system/settings/settings.service';
import { userIds } from './fake-realtime';
import { DEMO, startServer, type TestServer } from './harness';

type Envelope<T = unknown> = { result: string; msg: string; data: T };
const DAY = 86400_000;
const general = {
  poolNoFollowupDays: 30,
  poolNoDealDays: 90,
  poolWarningDays: 3,
  claimLimitPerDay: 10,
  reclaimWaitDays: 7,
  ownershipCap: 200,
  capCountsDealt: 0,
};

let s: TestServer;
let admin = '';
let ids: Record<string, number>;
const c: Record<string, number> = {};
const db = () => s.app.portal.db;
const ago = (days: number) => new Date(s.clock.now().getTime() - days * DAY).toISOString();
const post = <T = unknown>(url: string, body: Record<string, unknown>, token = admin) => s.post<Envelope<T>>(url, body, { token });

async function addCustomer(name: string, level: string, followedDaysAgo: number): Promise<void> {
  const source = await db().selectFrom('lead_sources').select('id').orderBy('id').executeTakeFirstOrThrow();
  const { id } = await db()
    .insertInto('customers')
    .values({
      code: null,
      customer_name: `级别设置${name}`,
      contact_name: '李女士',
      contact_mobile: '13900000001',
      lai_yuan: source.id,
      level,
      industry: '',
      address: '',
      beizhu: '',
      owner_id: ids.sales1,
      branch_id: null,
      created_by: ids.sales1,
      created_at: ago(60),
      updated_at: ago(60),
      genjin_time: ago(followedDaysAgo),
      next_genjin_time: '',
      clue: 1,
      gonghai: 0,
      is_top: 0,
      watch_user_id: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  c[name] = id;
}

beforeAll(async () => {
  s = await startServer();
  ids = await userIds(s);
  admin = await s.login(...DEMO.admin);
  await addCustomer('A40', 'A', 40);
  await addCustomer('B40', 'B', 40);
  await addCustomer('C20', 'C', 20);
});
afterAll(async () => s.close());

test('the settings offer the 客户级别 values and have no per-level days at first', async () => {
  const all = await post<{ poolLevelDays: Record<string, number>; poolLevels: { value: string; name: string }[] }>('/api/setting/index', {});
  expect(all.body.data.poolLevelDays).toEqual({});
  expect(all.body.data.poolLevels.map((l) => l.value)).toEqual(expect.arrayContaining(['A', 'B', 'C', 'D']));
});

test('per-level days are validated: known levels only, positive bounded integers, blank = general rule', async () => {
  const save = (poolLevelDays: unknown) => post('/api/setting/savePool', { ...general, poolLevelDays: JSON.stringify(poolLevelDays) });
  expect((await save({ Z: 10 })).body.msg).toBe('客户级别“Z”不存在，请先在数据字典的客户级别中添加');
  expect((await save({ A: 0 })).body.msg).toBe('客户级别A的未跟进回收天数必须是1到3650之间的整数');
  expect((await save({ A: 3651 })).body.msg).toBe('客户级别A的未跟进回收天数必须是1到3650之间的整数');
  expect((await save({ A: 1.5 })).body.msg).toBe('客户级别A的未跟进回收天数必须是1到3650之间的整数');
  expect((await save({ A: 'abc' })).body.msg).toBe('客户级别A的未跟进回收天数必须是1到3650之间的整数');
  expect((await post('/api/setting/savePool', { ...general, poolLevelDays: '[1' })).body.result).toBe('error');
  expect((await readSettings(db())).poolLevelDays).toEqual({});
  // A regular user may not save them.
  const sales = await s.login(...DEMO.sales);
  expect((await post('/api/setting/savePool', { ...general, poolLevelDays: JSON.stringify({ A: 60 }) }, sales)).status).toBe(403);

  expect((await save({ A: 60, B: '', C: 10, D: null })).body.msg).toBe('保存成功');
  expect((await readSettings(db())).poolLevelDays).toEqual({ A: 60, C: 10 });
  // Saving the general rules without the map keeps it.
  expect((await post('/api/setting/savePool', { ...general })).body.msg).toBe('没有修改');
  expect((await readSettings(db())).poolLevelDays).toEqual({ A: 60, C: 10 });
  const logs = await s.post<{ rows: { group: string; UserName: string; oldValue: string; newValue: string }[] }>('/api/setting/logs', {}, { token: admin });
  expect(logs.body.rows[0]).toMatchObject({ group: '公海规则', UserName: '系统管理员' });
  expect(JSON.parse(logs.body.rows[0]?.newValue ?? '{}')).toMatchObject({ poolLevelDays: { A: 60, C: 10 } });
});

test('the countdown and the daily recycle job follow the per-level days', async () => {
  const sales = await s.login(...DEMO.sales);
  const list = await s.post<{ rows: { id: number; recycleDays: number | null }[] }>(
    '/api/customer/index',
    { rows: 50, view: 'watched', filters: JSON.stringify({ CustomerName: '级别设置' }) },
    { token: sales },
  );
  const days = new Map(list.body.rows.map((r) => [r.id, r.recycleDays]));
  expect(days.get(c.A40)).toBe(20); // A: 60 days
  expect(days.get(c.B40)).toBe(-10); // B: the general 30 days
  expect(days.get(c.C20)).toBe(-10); // C: 10 days

  await runPoolRecycle(s.app.portal);
  const rows = await db().selectFrom('customers').select(['id', 'gonghai', 'pool_reason']).where('id', 'in', Object.values(c)).execute();
  const by = new Map(rows.map((r) => [r.id, r]));
  expect(by.get(c.A40)).toMatchObject({ gonghai: 0 });
  expect(by.get(c.B40)).toMatchObject({ gonghai: 1, pool_reason: '超过30天未跟进，系统自动收回' });
  expect(by.get(c.C20)).toMatchObject({ gonghai: 1, pool_reason: '超过10天未跟进，系统自动收回' });
});
