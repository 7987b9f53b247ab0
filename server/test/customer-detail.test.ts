/**
 * Issue #10: what the customer detail shows and changes — follow-ups (CustomerTrackAdd, kehudetail),
 * contacts (exactly one primary, mirrored on the customer), the operation log, tab counts, leads
 * (Turn keeps everything attached), the public customer search (no login, exact only, masked,
 * limited per IP, logged) and visitors (转为客户 → 待分配).
 */
import { userIds } from './fake-realtime';
import { DEMO, startServer, type TestServer } from './harness';

type Envelope<T = Record<string, unknown>> = { result: string; msg: string; data?: T };
type ListOf<T> = { rows: T[]; total: number };

let s: TestServer;
let ids: Record<string, number>;
const t = { admin: '', manager: '', sales1: '', sales2: '' };
const db = () => s.app.portal.db;
const post = <T = Record<string, unknown>>(path: string, token: string | undefined, body: Record<string, unknown>) => s.post<T>(path, body, { token });
let seq = 0;
async function create(token: string, clue = 1): Promise<number> {
  seq++;
  const res = await post<Envelope<{ id: number }>>('/api/customer/CustomerAddEndit', token, {
    id: 0,
    clue,
    CustomerName: `详情测试公司${seq}`,
    contact_name: '王五',
    contact_mobile: `1360000${String(2000 + seq)}`,
    LaiYuan: 1,
  });
  expect(res.body.result).toBe('success');
  return (res.body.data as { id: number }).id;
}

beforeAll(async () => {
  s = await startServer();
  ids = await userIds(s);
  t.admin = await s.login(...DEMO.admin);
  t.manager = await s.login(...DEMO.manager);
  t.sales1 = await s.login(...DEMO.sales);
  t.sales2 = await s.login('sales2', 'sales123');
});
afterAll(async () => {
  await s.close();
});

describe('follow-ups', () => {
  test('CustomerTrackAdd records a follow-up with contact, channel, status and next time, and updates the customer', async () => {
    const id = await create(t.sales1);
    const contact = (await db().selectFrom('contacts').select('id').where('customer_id', '=', id).executeTakeFirstOrThrow()).id;
    const res = await post<Envelope>('/api/customer/CustomerTrackAdd', t.sales1, {
      customerId: id,
      contactId: contact,
      gjtype: 2,
      status: '初次接触',
      beizhu: '微信沟通了报价',
      genjinTime: '2026-11-20 10:00',
      nextgenjintime: '2030-11-27 10:00',
    });
    expect(res.body).toMatchObject({ result: 'success', msg: '跟进成功' });
    const c = await db().selectFrom('customers').select(['genjin_time', 'next_genjin_time']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(c).toEqual({ genjin_time: '2026-11-20T02:00:00.000Z', next_genjin_time: '2030-11-27T02:00:00.000Z' });
    const list = await post<ListOf<Record<string, unknown>>>('/api/customer/kehudetail', t.sales1, { id });
    expect(list.body.total).toBe(1);
    expect(list.body.rows[0]).toMatchObject({
      contactName: '王五',
      status: '初次接触',
      Ext: '微信',
      gjtype: 2,
      beizhu: '微信沟通了报价',
      genjinTime: '2026-11-20 10:00:00',
      nextgenjintime: '2030-11-27 10:00:00',
      CretateName: '李娜',
    });
  });

  test("refuses empty or over-long content, an unknown status or channel, another customer's contact, and customers outside the scope", async () => {
    const id = await create(t.sales1);
    const base = { customerId: id, gjtype: 0, beizhu: '电话' };
    expect((await post<Envelope>('/api/customer/CustomerTrackAdd', t.sales1, { ...base, beizhu: '' })).body.msg).toBe('跟进内容不能为空');
    expect((await post<Envelope>('/api/customer/CustomerTrackAdd', t.sales1, { ...base, beizhu: '长'.repeat(301) })).body.msg).toBe(
      '跟进内容不能超过300个字符',
    );
    expect((await post<Envelope>('/api/customer/CustomerTrackAdd', t.sales1, { ...base, gjtype: 6 })).body.msg).toBe('跟进方式不正确');
    expect((await post<Envelope>('/api/customer/CustomerTrackAdd', t.sales1, { ...base, status: '胡说' })).body.msg).toBe('跟进状态不正确');
    expect((await post<Envelope>('/api/customer/CustomerTrackAdd', t.sales1, { ...base, contactId: 1 })).body.msg).toBe('联系人不存在');
    expect((await post<Envelope>('/api/customer/CustomerTrackAdd', t.sales2, base)).status).toBe(403);
    expect(
      Number(
        (
          await db()
            .selectFrom('followups')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('customer_id', '=', id)
            .executeTakeFirstOrThrow()
        ).n,
      ),
    ).toBe(0);
  });
});

describe('contacts', () => {
  test('add, edit, view, primary (exactly one, mirrored on the customer), delete (not the primary)', async () => {
    const id = await create(t.sales1);
    const added = await post<Envelope<{ id: number }>>('/api/contact/add', t.sales1, {
      customerId: id,
      contactName: '赵六',
      mobile: '13912345678',
      wechat: 'zhao6',
      zhiwei: '采购经理',
      sex: '男',
    });
    expect(added.body).toMatchObject({ result: 'success', msg: '保存成功' });
    const second = (added.body.data as { id: number }).id;
    expect(
      (await post<Envelope>('/api/contact/Edit', t.sales1, { id: second, contactName: '赵六', mobile: '13912345679', zhiwei: '采购总监' })).body.result,
    ).toBe('success');
    expect((await post<Envelope>('/api/contact/Views', t.sales1, { id: second })).body.data).toMatchObject({
      contactName: '赵六',
      mobile: '13912345679',
      zhiwei: '采购总监',
      isPrimary: 0,
    });

    expect((await post<Envelope>('/api/contact/Primary', t.sales1, { id: second })).body).toMatchObject({ result: 'success', msg: '设置成功' });
    const contacts = await post<ListOf<{ id: number; isPrimary: number }>>('/api/contact/list', t.sales1, { customerId: id });
    expect(contacts.body.rows.filter((c) => c.isPrimary === 1).map((c) => c.id)).toEqual([second]);
    expect(contacts.body.rows[0].id).toBe(second);
    expect(await db().selectFrom('customers').select(['contact_name', 'contact_mobile']).where('id', '=', id).executeTakeFirstOrThrow()).toEqual({
      contact_name: '赵六',
      contact_mobile: '13912345679',
    });

    expect((await post<Envelope>('/api/contact/delete', t.sales1, { ids: `${second}` })).body).toMatchObject({
      result: 'error',
      msg: '不能删除首要联系人，请先设置其他联系人为首要联系人',
    });
    const first = contacts.body.rows.find((c) => c.id !== second)?.id as number;
    expect((await post<Envelope>('/api/contact/delete', t.sales1, { ids: `${first}` })).body).toMatchObject({ result: 'success' });
    expect((await post<Envelope>('/api/contact/add', t.sales2, { customerId: id, contactName: '外人' })).status).toBe(403);

    // Every change is in the operation log, newest first, 10 a page.
    const logs = await post<ListOf<{ Ext: string; NickName: string }>>('/api/OpportLogs/Logs', t.sales1, { customerId: id, type: 'contact' });
    expect(logs.body.rows.map((l) => l.Ext)).toEqual([
      '删除联系人 王五',
      '设为首要联系人：赵六',
      '修改联系人 赵六：手机 13912345678 → 13912345679；微信 zhao6 → 空；职位 采购经理 → 采购总监',
      '新增联系人 赵六',
    ]);
    expect(logs.body.rows[0].NickName).toBe('李娜');
  });

  test('customer edits are logged field by field (old → new); the subtotal counts every tab', async () => {
    const id = await create(t.sales1);
    const edit = await post<Envelope>('/api/customer/CustomerAddEndit', t.sales1, {
      id,
      CustomerName: `详情测试公司${seq}`,
      contact_name: '王五',
      contact_mobile: `1360000${String(2000 + seq)}`,
      LaiYuan: 1,
      level: 'A',
      industry: '制造业',
    });
    expect(edit.body.result).toBe('success');
    const logs = await post<ListOf<{ Ext: string }>>('/api/OpportLogs/Logs', t.sales1, { customerId: id, page: 1, rows: 10 });
    expect(logs.body.rows.map((l) => l.Ext)).toEqual(['客户级别：空 → A；所属行业：空 → 制造业', '新建客户']);
    const sub = await post<Envelope>('/api/customer/Subtotal', t.sales1, { id });
    expect(sub.body.data).toEqual({ followups: 0, contact: 1, contract: 0, recpay: 0, finance: 0, files: 0, payment: 0, logs: 2 });
  });
});

describe('leads (线索, clue 3)', () => {
  test('a lead is listed under view clue, not 我的客户; Turn makes it a customer with its follow-ups and contacts; close needs a reason', async () => {
    const lead = await create(t.sales1, 3);
    await post('/api/customer/CustomerTrackAdd', t.sales1, { customerId: lead, gjtype: 0, beizhu: '电话联系' });
    const leads = await post<ListOf<{ id: number }>>('/api/customer/index', t.sales1, { view: 'clue', rows: 200 });
    expect(leads.body.rows.map((r) => r.id)).toContain(lead);
    expect((await post<ListOf<{ id: number }>>('/api/customer/index', t.sales1, { view: 'watched', rows: 200 })).body.rows.map((r) => r.id)).not.toContain(
      lead,
    );
    expect((await post<Envelope>('/api/clues/Subtotal', t.sales1, { id: lead })).body.data).toMatchObject({ followups: 1, contact: 1 });

    expect((await post<Envelope>('/api/clues/Turn', t.sales1, { ids: `${lead}` })).body).toMatchObject({ result: 'success', msg: '转换成功' });
    expect((await post<ListOf<{ id: number }>>('/api/customer/index', t.sales1, { view: 'watched', rows: 200 })).body.rows.map((r) => r.id)).toContain(lead);
    expect((await post<Envelope>('/api/customer/Subtotal', t.sales1, { id: lead })).body.data).toMatchObject({ followups: 1, contact: 1 });
    expect((await post<Envelope>('/api/clues/Turn', t.sales1, { ids: `${lead}` })).body.msg).toBe('所选记录不是线索');

    const other = await create(t.sales1, 3);
    expect((await post<Envelope>('/api/clues/close', t.sales1, { ids: `${other}` })).body.msg).toBe('请选择关闭原因');
    expect((await post<Envelope>('/api/clues/close', t.sales1, { ids: `${other}`, reason: '无需求' })).body.result).toBe('success');
    expect((await post<Envelope>('/api/clues/Turn', t.sales1, { ids: `${other}` })).body.msg).toBe('已关闭的线索不能转为客户');
    expect((await post<Envelope>('/api/clues/Transfer', t.sales1, { ids: `${other}`, userid: ids.sales2 })).status).toBe(403);
    expect((await post<Envelope>('/api/clues/Transfer', t.manager, { ids: `${other}`, userid: ids.sales2 })).body.result).toBe('success');
  });
});

describe('public customer search (no login)', () => {
  test('answers an exact full name or phone with masked owner and department, never contact data; logged; fuller within scope', async () => {
    const c = await db()
      .selectFrom('customers as c')
      .innerJoin('users as u', 'u.id', 'c.owner_id')
      .select(['c.id', 'c.customer_name', 'c.contact_mobile', 'u.nick_name'])
      .where('c.owner_id', '=', ids.sales1)
      .where('c.gonghai', '=', 0)
      .where('c.blacklisted', '=', 0)
      .limit(1)
      .executeTakeFirstOrThrow();
    const byName = await post<Envelope<ListOf<Record<string, unknown>>>>('/api/customer/GetsearchKh', undefined, { key: c.customer_name });
    expect(byName.status).toBe(200);
    expect(byName.body.data?.rows[0]).toEqual({
      exists: true,
      owner: '李*',
      department: '销售一部',
      inPool: false,
      blacklisted: false,
      lastFollowup: expect.any(String),
    });
    const byPhone = await post<Envelope<ListOf<Record<string, unknown>>>>('/api/customer/GetsearchKh', undefined, { key: c.contact_mobile });
    expect(byPhone.body.data?.rows[0]).toMatchObject({ exists: true, owner: '李*' });
    expect(JSON.stringify(byPhone.body)).not.toContain(c.contact_mobile);
    // A part of the name finds nothing.
    const part = await post<Envelope<ListOf<unknown>>>('/api/customer/GetsearchKh', undefined, { key: c.customer_name.slice(0, 4) });
    expect(part.body).toMatchObject({ result: 'success', msg: '未找到该客户', data: { total: 0 } });
    // The owner, logged in, sees the full row.
    const own = await post<Envelope<ListOf<Record<string, unknown>>>>('/api/customer/GetsearchKh', t.sales1, { key: c.customer_name });
    expect(own.body.data?.rows[0]).toMatchObject({ id: c.id, owner: '李娜', CustomerName: c.customer_name, contact_mobile: c.contact_mobile });
    const logged = await db().selectFrom('customer_search_logs').select(['query', 'found', 'user_id']).orderBy('id').execute();
    expect(logged.slice(-4).map((l) => [l.query, l.found, l.user_id])).toEqual([
      [c.customer_name, 1, null],
      [c.contact_mobile, 1, null],
      [c.customer_name.slice(0, 4), 0, null],
      [c.customer_name, 1, ids.sales1],
    ]);
  });

  test('at most 10 searches per IP a minute, with a clear Chinese message', async () => {
    const headers = { 'x-forwarded-for': '203.0.113.77' };
    const results = [];
    for (let i = 0; i < 11; i++) results.push(await s.post<Envelope>('/api/customer/GetsearchKh', { key: `不存在的公司${i}` }, { headers }));
    expect(results.slice(0, 10).every((r) => r.body.result === 'success')).toBe(true);
    expect(results[10].status).toBe(429);
    expect(results[10].body.msg).toBe('查询过于频繁，请一分钟后再试');
    // Another address is not affected.
    expect((await s.post<Envelope>('/api/customer/GetsearchKh', { key: '不存在的公司' }, { headers: { 'x-forwarded-for': '203.0.113.78' } })).body.result).toBe(
      'success',
    );
  });
});

describe('visitors (访客登记)', () => {
  test('register, list by date, match by phone, turn into a customer awaiting assignment', async () => {
    const bad = await post<Envelope>('/api/customer/visitorsAdd', t.sales1, {
      name: '访客甲',
      mobile: '13700001111',
      arrivedAt: '2026-11-23 09:00',
      purpose: '打游戏',
    });
    expect(bad.body.msg).toBe('来访目的不正确');
    const add = await post<Envelope<{ id: number }>>('/api/customer/visitorsAdd', t.sales1, {
      name: '访客甲',
      mobile: '13700001111',
      company: '访客甲科技有限公司',
      arrivedAt: '2026-11-23 09:00',
      leftAt: '2026-11-23 10:30',
      purpose: '商务洽谈',
    });
    expect(add.body).toMatchObject({ result: 'success', msg: '登记成功' });
    const vid = (add.body.data as { id: number }).id;
    const day = await post<ListOf<Record<string, unknown>>>('/api/customer/visitorsIndex', t.sales1, { from: '2026-11-23', to: '2026-11-23' });
    expect(day.body.rows.find((r) => r.id === vid)).toMatchObject({
      name: '访客甲',
      purpose: '商务洽谈',
      receptionist: '李娜',
      arrivedAt: '2026-11-23 09:00:00',
      customerId: 0,
    });
    const turned = await post<Envelope<{ id: number }>>('/api/customer/visitorsTurn', t.sales1, { id: vid, LaiYuan: 1 });
    expect(turned.body).toMatchObject({ result: 'success', msg: '已转为客户，进入待分配客户' });
    const cid = (turned.body.data as { id: number }).id;
    const waiting = await post<ListOf<{ id: number }>>('/api/customer/index', t.admin, { view: 'daifenpei', rows: 200 });
    expect(waiting.body.rows.map((r) => r.id)).toContain(cid);
    expect((await post<Envelope>('/api/customer/visitorsTurn', t.sales1, { id: vid, LaiYuan: 1 })).body.msg).toBe('该访客已转为客户');
    expect((await post<Envelope>('/api/customer/visitorsAdd', undefined, { name: 'x', mobile: '13700001112', arrivedAt: '2026-11-23 09:00' })).status).toBe(
      401,
    );
  });
});

describe('GetRoleType', () => {
  test('lists the views and actions the user has', async () => {
    const sales = await post<Envelope<{ views: { view: string; actions: string[] }[] }>>('/api/customer/GetRoleType', t.sales1, {});
    const views = sales.body.data?.views ?? [];
    expect(views.map((v) => v.view)).toEqual(['watched', 'zaifenpei', 'nodispose', 'total', 'clue']);
    expect(views.find((v) => v.view === 'total')?.actions).toEqual(['receive']);
    const manager = await post<Envelope<{ views: { view: string }[] }>>('/api/customer/GetRoleType', t.manager, {});
    expect(manager.body.data?.views.map((v) => v.view)).toEqual([
      'watched',
      'zaifenpei',
      'nodispose',
      'total',
      'daifenpei',
      'teamkehu',
      'lizhi',
      'black',
      'clue',
    ]);
  });
});

describe('merging duplicates', () => {
  test('ceshilist groups customers sharing a mobile; merge keeps the survivor, takes chosen fields, moves contacts and follow-ups, hides the merged one with a log', async () => {
    const mobile = '13311112222';
    // Creating refuses a second customer with one mobile (customer-duplicates.test.ts): the duplicate is
    // made with its own number, then given the other's, as older data (or a 公海 import of duplicates) has it.
    const make = async (name: string, level: string, own: string) => {
      const res = await post<Envelope<{ id: number }>>('/api/customer/CustomerAddEndit', t.manager, {
        id: 0,
        CustomerName: name,
        contact_name: '孙八',
        contact_mobile: own,
        LaiYuan: 1,
        level,
      });
      return (res.body.data as { id: number }).id;
    };
    const keep = await make('合并测试甲公司', 'C', mobile);
    const gone = await make('合并测试甲有限公司', 'A', '13311113333');
    await s.app.portal.db.updateTable('customers').set({ contact_mobile: mobile }).where('id', '=', gone).execute();
    await s.app.portal.db.updateTable('contacts').set({ mobile }).where('customer_id', '=', gone).execute();
    await post('/api/customer/CustomerTrackAdd', t.manager, { customerId: gone, gjtype: 0, beizhu: '重复客户上的跟进' });
    const groups = await post<ListOf<{ mobile: string; customers: { id: number }[] }>>('/api/customer/ceshilist', t.manager, {});
    expect(groups.body.rows.find((g) => g.mobile === mobile)?.customers.map((c) => c.id)).toEqual([keep, gone]);
    expect((await post<Envelope>('/api/customer/merge', t.sales1, { id: keep, ids: `${gone}` })).status).toBe(403);

    const res = await post<Envelope>('/api/customer/merge', t.manager, { id: keep, ids: `${gone}`, fields: JSON.stringify({ level: gone }) });
    expect(res.body).toMatchObject({ result: 'success', msg: '合并成功' });
    const survivor = await db().selectFrom('customers').select(['level', 'customer_name']).where('id', '=', keep).executeTakeFirstOrThrow();
    expect(survivor).toEqual({ level: 'A', customer_name: '合并测试甲公司' });
    expect((await db().selectFrom('customers').select('merged_into').where('id', '=', gone).executeTakeFirstOrThrow()).merged_into).toBe(keep);
    expect((await db().selectFrom('followups').select('customer_id').where('beizhu', '=', '重复客户上的跟进').executeTakeFirstOrThrow()).customer_id).toBe(
      keep,
    );
    const contacts = await db().selectFrom('contacts').select('is_primary').where('customer_id', '=', keep).execute();
    expect(contacts.map((c) => c.is_primary).sort()).toEqual([0, 1]);
    const list = await post<ListOf<{ id: number }>>('/api/customer/index', t.manager, { view: 'watched', rows: 200, key: '合并测试' });
    expect(list.body.rows.map((r) => r.id)).toEqual([keep]);
    // 查重 no longer offers the merged customer, by name or by mobile.
    for (const body of [{ name: '合并测试甲' }, { mobile }]) {
      const dup = await post<{ rows: { id: number }[] }>('/api/customer/CheckDuplicate', t.manager, body);
      expect({ body, ids: dup.body.rows.map((r) => r.id) }).toEqual({ body, ids: [keep] });
    }
    const logs = await post<ListOf<{ Ext: string }>>('/api/OpportLogs/Logs', t.manager, { customerId: keep, type: 'merge' });
    expect(logs.body.rows[0].Ext).toBe(`合并客户 “合并测试甲有限公司”（#${gone}）；客户级别取自“合并测试甲有限公司”`);
    expect((await post<Envelope>('/api/customer/merge', t.manager, { id: keep, ids: `${gone}` })).body.msg).toBe('所选客户中有已被合并的客户');
  });
});

describe('the 合同 tab', () => {
  test('api/contract/index {customerId} lists that customer’s contracts (number, title, amount, status, sign date), within the data scope', async () => {
    const own = await db()
      .selectFrom('contracts as k')
      .innerJoin('customers as c', 'c.id', 'k.customer_id')
      .select(['k.customer_id'])
      .where('k.owner_id', '=', ids.sales1)
      .where('c.owner_id', '=', ids.sales1)
      .orderBy('k.id')
      .executeTakeFirstOrThrow();
    const expected = await db()
      .selectFrom('contracts')
      .select(['id', 'order_sn', 'sign_date'])
      .where('customer_id', '=', own.customer_id)
      .where('owner_id', '=', ids.sales1)
      .execute();
    type Row = { id: number; orderSn: string; title: string; customerId: number; Money: number; status: number; signDate: string; UserID: number };
    const res = await post<ListOf<Row>>('/api/contract/index', t.sales1, { customerId: own.customer_id, rows: 50, dataType: 'mine' });
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(expected.length);
    expect(res.body.rows.every((r) => r.customerId === own.customer_id)).toBe(true);
    expect(res.body.rows.map((r) => [r.id, r.orderSn, r.signDate]).sort()).toEqual(expected.map((e) => [e.id, e.order_sn, e.sign_date]).sort());
    expect(typeof res.body.rows[0].Money).toBe('number');
    // Someone else's customer outside sales1's scope: nothing.
    const foreign = await db().selectFrom('contracts').select('customer_id').where('owner_id', '=', ids.sales9).executeTakeFirst();
    if (foreign) expect((await post<ListOf<Row>>('/api/contract/index', t.sales1, { customerId: foreign.customer_id, rows: 50 })).body.rows).toEqual([]);
    expect((await post('/api/contract/index', t.sales1, { customerId: -1 })).status).toBe(400);
  });
});
