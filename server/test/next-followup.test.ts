/**
 * 下次跟进时间 (issue #31: a next follow-up time in the past was accepted): a follow-up
 * (CustomerTrackAdd) and the customer form (CustomerAddEndit) refuse a time before the current minute,
 * naming the field; an edit that keeps the stored time (which has since passed) is not refused for it.
 * SQLite, or PostgreSQL with DATABASE_URL.
 */
import { formatShanghai } from '../src/lib/time';
import { DEMO, startServer, type TestServer } from './harness';

type Envelope<T = Record<string, unknown>> = { result: string; msg: string; data?: T };

const MINUTE = 60_000;
const PAST = '下次跟进时间不能早于当前时间';

let s: TestServer;
let token = '';
let seq = 0;

beforeAll(async () => {
  s = await startServer();
  token = await s.login(...DEMO.sales);
});
afterAll(async () => {
  await s.close();
});

/** Shanghai wall time `offsetMs` from the server's now, to the minute as the form sends it. */
const at = (offsetMs: number) => formatShanghai(new Date(s.clock.now().getTime() + offsetMs).toISOString()).slice(0, 16);
const post = <T = Envelope>(url: string, body: Record<string, unknown>) => s.post<T>(url, body, { token });
const customerForm = (patch: Record<string, unknown> = {}) => ({
  id: 0,
  CustomerName: `跟进时间测试公司${++seq}`,
  contact_name: '周六',
  contact_mobile: `1370000${String(3000 + seq)}`,
  LaiYuan: 1,
  ...patch,
});
const counts = async () => {
  const db = s.app.portal.db;
  const n = async (table: 'followups' | 'customers') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return { followups: await n('followups'), customers: await n('customers') };
};

async function newCustomer(): Promise<number> {
  const res = await post<Envelope<{ id: number }>>('/api/customer/CustomerAddEndit', customerForm());
  expect(res.body.result).toBe('success');
  return res.body.data!.id;
}

describe('a follow-up’s 下次跟进时间', () => {
  test('in the past is refused, naming it, and nothing is written', async () => {
    const id = await newCustomer();
    const before = await counts();
    const res = await post('/api/customer/CustomerTrackAdd', { customerId: id, gjtype: 0, beizhu: '电话沟通', nextgenjintime: at(-60 * MINUTE) });
    expect(res.body).toEqual({ result: 'error', msg: PAST });
    expect(await counts()).toEqual(before);
  });

  test('now (this minute) or later is accepted; none at all too', async () => {
    const id = await newCustomer();
    for (const next of [at(0), at(24 * 60 * MINUTE), '']) {
      const res = await post('/api/customer/CustomerTrackAdd', { customerId: id, gjtype: 0, beizhu: '电话沟通', nextgenjintime: next });
      expect(res.body).toMatchObject({ result: 'success', msg: '跟进成功' });
    }
  });
});

describe('the customer form’s 下次跟进时间', () => {
  test('a new customer with one in the past is refused and nothing is written', async () => {
    const before = await counts();
    const res = await post('/api/customer/CustomerAddEndit', customerForm({ nextgenjintime: at(-MINUTE * 2) }));
    expect(res.body).toEqual({ result: 'error', msg: PAST });
    expect(await counts()).toEqual(before);
  });

  test('an edit keeping the stored time that has passed since is saved; a different past time is refused', async () => {
    const form = customerForm({ nextgenjintime: at(10 * MINUTE) });
    const created = await post<Envelope<{ id: number }>>('/api/customer/CustomerAddEndit', form);
    expect(created.body.result).toBe('success');
    const id = created.body.data!.id;
    s.clock.advance(60 * MINUTE);
    const kept = await post('/api/customer/CustomerAddEndit', { ...form, id, beizhu: '补充备注' });
    expect(kept.body).toMatchObject({ result: 'success' });
    const moved = await post('/api/customer/CustomerAddEndit', { ...form, id, nextgenjintime: at(-5 * MINUTE) });
    expect(moved.body).toEqual({ result: 'error', msg: PAST });
    const later = await post('/api/customer/CustomerAddEndit', { ...form, id, nextgenjintime: at(5 * MINUTE) });
    expect(later.body).toMatchObject({ result: 'success' });
  });
});
