import { loadConfig } from '../src/config';
import { runRecycleWarnings, shanghaiDay, warningText } from '../src/modules/crm/pool/recycle-warning';
import { recordPushes, userIds, type RecordedPush } from './fake-realtime';
import { startServer, type TestServer } from './harness';

const DAY = 86400_000;

let s: TestServer;
let pushes: RecordedPush[];
let ids: Record<string, number>;
let owner: number;
let departed: number;
const customer: Record<string, number> = {};

const db = () => s.app.portal.db;
const ago = (days: number) => new Date(s.clock.now().getTime() - days * DAY).toISOString();

async function addUser(username: string, quit: number): Promise<number> {
  const template = await db().selectFrom('users').selectAll().where('username', '=', 'sales1').executeTakeFirstOrThrow();
  const { id } = await db()
    .insertInto('users')
    .values({
      username,
      nick_name: username,
      header: '',
      branch_id: template.branch_id,
      role_id: template.role_id,
      quit_status: quit,
      password_hash: template.password_hash,
      created_at: ago(400),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

type Fixture = { createdDaysAgo: number; followedDaysAgo?: number; ownerId?: number; clue?: number; gonghai?: number };

async function addCustomer(name: string, f: Fixture): Promise<number> {
  const source = await db().selectFrom('lead_sources').select('id').orderBy('id').executeTakeFirstOrThrow();
  const ownerId = f.ownerId ?? owner;
  const { id } = await db()
    .insertInto('customers')
    .values({
      code: null,
      customer_name: name,
      contact_name: '王先生',
      contact_mobile: '13800000000',
      lai_yuan: source.id,
      level: '',
      industry: '',
      address: '',
      beizhu: '',
      owner_id: ownerId,
      branch_id: null,
      created_by: ownerId,
      created_at: ago(f.createdDaysAgo),
      updated_at: ago(f.createdDaysAgo),
      genjin_time: f.followedDaysAgo === undefined ? '' : ago(f.followedDaysAgo),
      next_genjin_time: '',
      clue: f.clue ?? 1,
      gonghai: f.gonghai ?? 0,
      is_top: 0,
      watch_user_id: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  customer[name] = id;
  return id;
}

const notesOf = (userId: number) =>
  db().selectFrom('notifications').selectAll().where('user_id', '=', userId).where('kind', '=', 'pool').orderBy('id').execute();
const warnedToday = async (userId: number) =>
  (
    await db()
      .selectFrom('pool_recycle_warnings')
      .select('customer_id')
      .where('owner_id', '=', userId)
      .where('warned_on', '=', shanghaiDay(s.clock.now()))
      .orderBy('customer_id')
      .execute()
  ).map((r) => r.customer_id);

beforeAll(async () => {
  s = await startServer();
  ids = await userIds(s);
  pushes = recordPushes(s);
  owner = await addUser('pool_owner', 0);
  departed = await addUser('pool_departed', 1);
  // Default settings: back to the pool after 30 days without follow-up; warn 3 days ahead.
  await addCustomer('A 跟进28天前', { createdDaysAgo: 40, followedDaysAgo: 28 });
  await addCustomer('B 创建28.5天前未跟进', { createdDaysAgo: 28.5 });
  await addCustomer('C 跟进10天前', { createdDaysAgo: 60, followedDaysAgo: 10 });
  await addCustomer('D 已超期', { createdDaysAgo: 60, followedDaysAgo: 31 });
  await addCustomer('E 28天前分配', { createdDaysAgo: 60, followedDaysAgo: 50 });
  await addCustomer('F 已成交', { createdDaysAgo: 40, followedDaysAgo: 28, clue: 2 });
  await addCustomer('G 在公海', { createdDaysAgo: 40, followedDaysAgo: 28, gonghai: 1 });
  await addCustomer('H 分配给别人的旧记录', { createdDaysAgo: 60, followedDaysAgo: 50 });
  await addCustomer('I 跟进26.5天前', { createdDaysAgo: 60, followedDaysAgo: 26.5 });
  await addCustomer('J 离职员工的客户', { createdDaysAgo: 40, followedDaysAgo: 28, ownerId: departed });
  await db()
    .insertInto('customer_assignments')
    .values([
      { customer_id: customer['E 28天前分配'], user_id: owner, assigned_by: ids.manager1, assigned_at: ago(28), seen: 1 },
      // An assignment to someone who no longer owns the customer does not restart the clock.
      { customer_id: customer['H 分配给别人的旧记录'], user_id: ids.sales2, assigned_by: ids.manager1, assigned_at: ago(28), seen: 1 },
    ])
    .execute();
});
afterAll(async () => {
  await s.close();
});

test('the settings come from POOL_RECYCLE_DAYS and POOL_WARN_DAYS (30 and 3 by default)', () => {
  expect(loadConfig({})).toMatchObject({ poolRecycleDays: 30, poolWarnDays: 3 });
  expect(loadConfig({ POOL_RECYCLE_DAYS: '15', POOL_WARN_DAYS: '5' })).toMatchObject({ poolRecycleDays: 15, poolWarnDays: 5 });
  expect(() => loadConfig({ POOL_WARN_DAYS: '0' })).toThrow('POOL_WARN_DAYS');
});

test('the run at start has already warned about the demo customers due today', async () => {
  const today = shanghaiDay(s.clock.now());
  const warned = await db()
    .selectFrom('pool_recycle_warnings')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('warned_on', '=', today)
    .executeTakeFirstOrThrow();
  expect(Number(warned.n)).toBeGreaterThan(0);
});

test('warns each owner once a day with one summary of the customers due within the window', async () => {
  pushes.length = 0;
  const result = await runRecycleWarnings(s.app.portal);
  expect(result.owners).toBeGreaterThanOrEqual(1);
  const due = [customer['A 跟进28天前'], customer['B 创建28.5天前未跟进'], customer['E 28天前分配']].sort((a, b) => a - b);
  expect(await warnedToday(owner)).toEqual(due);
  const notes = await notesOf(owner);
  expect(notes).toHaveLength(1);
  expect(notes[0]).toMatchObject({ cont: '你有 3 个客户将在 3 天内被收回公海，请及时跟进', kind: 'pool', model_type: 'customer', model_id: null, is_read: 0 });
  expect(pushes.filter((p) => p.userId === owner)).toEqual([
    expect.objectContaining({
      committed: true,
      payload: expect.objectContaining({ msg: notes[0].cont, notifyCount: 1, notification: expect.objectContaining({ kind: 'pool', modelType: 'customer' }) }),
    }),
  ]);
  // Departed owners are not warned.
  expect(await notesOf(departed)).toHaveLength(0);
  expect(await warnedToday(departed)).toEqual([]);

  // The same day again: nothing new, for anyone.
  pushes.length = 0;
  expect(await runRecycleWarnings(s.app.portal)).toEqual({ owners: 0, customers: 0 });
  expect(await notesOf(owner)).toHaveLength(1);
  expect(pushes).toHaveLength(0);
});

test('the next day warns again, now including customers that entered the window', async () => {
  s.clock.advance(DAY);
  await runRecycleWarnings(s.app.portal);
  const due = [customer['A 跟进28天前'], customer['B 创建28.5天前未跟进'], customer['E 28天前分配'], customer['I 跟进26.5天前']].sort((a, b) => a - b);
  expect(await warnedToday(owner)).toEqual(due);
  const notes = await notesOf(owner);
  expect(notes).toHaveLength(2);
  expect(notes[1].cont).toBe(warningText(4, 3));
});

test('a follow-up moves a customer out of the window', async () => {
  s.clock.advance(DAY);
  // Two days after the first run A, B and E are past their deadline (the recycling job's business);
  // I would be due today, but a follow-up has just restarted its clock. L is due.
  await db()
    .updateTable('customers')
    .set({ genjin_time: ago(0.1) })
    .where('id', '=', customer['I 跟进26.5天前'])
    .execute();
  await addCustomer('L 跟进28天前', { createdDaysAgo: 40, followedDaysAgo: 28 });
  await runRecycleWarnings(s.app.portal);
  expect(await warnedToday(owner)).toEqual([customer['L 跟进28天前']]);
  const notes = await notesOf(owner);
  expect(notes).toHaveLength(3);
  expect(notes[2]).toMatchObject({ cont: warningText(1, 3), model_id: customer['L 跟进28天前'] });
});
