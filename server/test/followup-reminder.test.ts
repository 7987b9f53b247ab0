/**
 * Issue #10: next follow-up reminders. When the next follow-up time set by CustomerTrackAdd arrives
 * (the app's clock; the test moves it), the owner gets one notification, pushed after commit, exactly
 * once per follow-up time; a new next time is announced again; stale times are not. SQLite and PostgreSQL.
 */
import { formatShanghai } from '../src/lib/time';
import { followupReminderText, runFollowupReminders } from '../src/modules/crm/followup/followup-reminder';
import { recordPushes, userIds, type RecordedPush } from './fake-realtime';
import { DEMO, startServer, type TestServer } from './harness';

const MINUTE = 60_000;
let s: TestServer;
let ids: Record<string, number>;
let pushes: RecordedPush[];
let token = '';
const db = () => s.app.portal.db;
const at = (msFromNow: number) => formatShanghai(new Date(s.clock.now().getTime() + msFromNow).toISOString()).slice(0, 16);
const remindersOf = (customerId: number) =>
  db()
    .selectFrom('notifications')
    .select(['user_id', 'cont', 'kind', 'model_type', 'model_id'])
    .where('model_type', '=', 'customer')
    .where('model_id', '=', customerId)
    .orderBy('id')
    .execute();

async function create(name: string): Promise<number> {
  const res = await s.post<{ result: string; data: { id: number } }>(
    '/api/customer/CustomerAddEndit',
    { id: 0, CustomerName: name, contact_name: '周六', contact_mobile: `135${String(Date.now()).slice(-8)}`, LaiYuan: 1 },
    { token },
  );
  expect(res.body.result).toBe('success');
  return res.body.data.id;
}
async function followUp(customerId: number, next: string): Promise<void> {
  const res = await s.post<{ result: string }>(
    '/api/customer/CustomerTrackAdd',
    { customerId, gjtype: 0, beizhu: '电话沟通', genjinTime: at(0), nextgenjintime: next },
    { token },
  );
  expect(res.body.result).toBe('success');
}

beforeAll(async () => {
  s = await startServer();
  ids = await userIds(s);
  pushes = recordPushes(s);
  token = await s.login(...DEMO.sales);
});
afterAll(async () => {
  await s.close();
});

test('the owner is reminded once when the next follow-up time arrives, again for a new time, never for stale times', async () => {
  const id = await create('提醒测试公司');
  await followUp(id, at(120 * MINUTE));
  const next = (await db().selectFrom('customers').select('next_genjin_time').where('id', '=', id).executeTakeFirstOrThrow()).next_genjin_time;

  await runFollowupReminders(s.app.portal);
  expect(await remindersOf(id)).toEqual([]);

  s.clock.advance(121 * MINUTE);
  await Promise.all([runFollowupReminders(s.app.portal), runFollowupReminders(s.app.portal)]);
  expect(await remindersOf(id)).toEqual([
    { user_id: ids.sales1, cont: followupReminderText('提醒测试公司', next), kind: 'customer', model_type: 'customer', model_id: id },
  ]);
  expect(followupReminderText('提醒测试公司', next)).toMatch(/^客户「提醒测试公司」的下次跟进时间到了（\d{4}-\d\d-\d\d \d\d:\d\d），请及时跟进$/);
  const pushed = pushes.filter((p) => p.userId === ids.sales1 && p.payload.notification?.cont.includes('提醒测试公司'));
  expect(pushed).toHaveLength(1);
  expect(pushed[0].committed).toBe(true);

  // Later runs: nothing more for that time.
  s.clock.advance(10 * MINUTE);
  await runFollowupReminders(s.app.portal);
  expect(await remindersOf(id)).toHaveLength(1);

  // A new follow-up with a new next time: announced again when it comes.
  await followUp(id, at(30 * MINUTE));
  await runFollowupReminders(s.app.portal);
  expect(await remindersOf(id)).toHaveLength(1);
  s.clock.advance(31 * MINUTE);
  await runFollowupReminders(s.app.portal);
  expect(await remindersOf(id)).toHaveLength(2);

  // A time long past (beyond the one-day look-back) is not announced.
  const stale = await create('过期提醒公司');
  await db()
    .updateTable('customers')
    .set({ next_genjin_time: new Date(s.clock.now().getTime() - 3 * 86400_000).toISOString() })
    .where('id', '=', stale)
    .execute();
  await runFollowupReminders(s.app.portal);
  expect(await remindersOf(stale)).toEqual([]);
});
