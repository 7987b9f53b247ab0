import { sql } from 'kysely';
import { indexMatches, searchCondition } from '../src/modules/crm/customer/customer-search';
import { DEMO, startServer, tableCounts, type TestServer } from './harness';

type Envelope<T = Record<string, unknown>> = { result: string; msg: string; data?: T };
type Row = {
  id: number;
  code: string;
  CustomerName: string;
  contact_name: string;
  contact_mobile: string;
  LaiYuan: number;
  LaiYuanName: string;
  level: string;
  UserID: number;
  UserName: string;
  BranchName: string;
  AddTime: string;
  UpdateTime: string;
  genjinTime: string;
  gonghai: number;
};
type List = { rows: Row[]; total: number };

let s: TestServer;
const t: Record<'admin' | 'manager' | 'sales' | 'finance', string> = { admin: '', manager: '', sales: '', finance: '' };
const ids: Record<string, number> = {};

const list = (token: string, body: Record<string, unknown>) => s.post<List>('/api/customer/index', body, { token });

/** Expected totals computed straight from the tables, independently of the scope code. */
async function directCount(where: (q: ReturnType<typeof base>) => ReturnType<typeof base>): Promise<number> {
  const row = await where(base())
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
// 我的客户 leaves out blacklisted customers and leads (clue 3): issue #10.
const base = () => s.app.portal.db.selectFrom('customers').where('gonghai', '=', 0).where('blacklisted', '=', 0).where('clue', 'in', [1, 2]);
const participantIds = async (userId: number) =>
  (await s.app.portal.db.selectFrom('customer_participants').select('customer_id').where('user_id', '=', userId).execute()).map((r) => r.customer_id);

beforeAll(async () => {
  s = await startServer();
  t.admin = await s.login(...DEMO.admin);
  t.manager = await s.login(...DEMO.manager);
  t.sales = await s.login(...DEMO.sales);
  t.finance = await s.login(...DEMO.finance);
  const db = s.app.portal.db;
  for (const u of await db.selectFrom('users').select(['id', 'username']).execute()) ids[u.username] = u.id;
  for (const b of await db.selectFrom('branches').select(['id', 'name']).execute()) ids[b.name] = b.id;
});
afterAll(async () => {
  await s.close();
});

describe('customer list scopes', () => {
  test('the demo seed has 500 customers', async () => {
    const row = await s.app.portal.db
      .selectFrom('customers')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(row.n)).toBe(500);
  });

  test('admin (scope all) sees every customer outside the pool', async () => {
    const res = await list(t.admin, { page: 1, rows: 10 });
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(await directCount((q) => q));
    expect(res.body.rows).toHaveLength(10);
    expect(res.body.rows[0]).toMatchObject({
      code: expect.stringMatching(/^KH\d{13}$/),
      UserName: expect.any(String),
      BranchName: expect.any(String),
      LaiYuanName: expect.any(String),
    });
  });

  test('manager (scope department) sees the customers of 销售一部 only', async () => {
    const res = await list(t.manager, { page: 1, rows: 200 });
    expect(res.body.total).toBe(await directCount((q) => q.where('branch_id', '=', ids['销售一部'])));
    expect(res.body.total).toBeGreaterThan(0);
    expect(new Set(res.body.rows.map((r) => r.BranchName))).toEqual(new Set(['销售一部']));
  });

  test('sales (scope own) sees own and participating customers', async () => {
    const participating = await participantIds(ids.sales1);
    expect(participating.length).toBeGreaterThan(0);
    const res = await list(t.sales, { page: 1, rows: 200 });
    const expected = await directCount((q) => q.where((eb) => eb.or([eb('owner_id', '=', ids.sales1), eb('id', 'in', participating)])));
    expect(res.body.total).toBe(expected);
    for (const r of res.body.rows) expect(r.UserID === ids.sales1 || participating.includes(r.id)).toBe(true);
  });

  test('scene mine, participating and subordinates', async () => {
    const mine = await list(t.sales, { scene: 'mine', rows: 200 });
    expect(mine.body.total).toBe(await directCount((q) => q.where('owner_id', '=', ids.sales1)));
    expect(mine.body.rows.every((r) => r.UserID === ids.sales1)).toBe(true);

    const participating = await participantIds(ids.sales1);
    const part = await list(t.sales, { scene: 'participating', rows: 200 });
    expect(part.body.total).toBe(await directCount((q) => q.where('id', 'in', participating)));
    expect(part.body.rows.every((r) => participating.includes(r.id))).toBe(true);

    const subs = await list(t.manager, { scene: 'subordinates', rows: 200 });
    expect(subs.body.total).toBe(await directCount((q) => q.where('branch_id', '=', ids['销售一部']).where('owner_id', '!=', ids.manager1)));
    expect(subs.body.rows.every((r) => r.UserID !== ids.manager1)).toBe(true);

    const adminSubs = await list(t.admin, { scene: 'subordinates', rows: 10 });
    const adminDept = ids['行政部'];
    expect(adminSubs.body.total).toBe(await directCount((q) => q.where('branch_id', '=', adminDept).where('owner_id', '!=', ids.admin)));
  });

  test('the public pool (gonghai=1) is shared', async () => {
    const res = await list(t.sales, { gonghai: 1, rows: 200 });
    const expected = await s.app.portal.db
      .selectFrom('customers')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('gonghai', '=', 1)
      .executeTakeFirstOrThrow();
    expect(res.body.total).toBe(Number(expected.n));
    expect(res.body.rows.every((r) => r.gonghai === 1)).toBe(true);
  });
});

describe('paging, sorting, filters and search', () => {
  test('pages do not overlap and are sorted by AddTime desc by default', async () => {
    const p1 = await list(t.admin, { page: 1, rows: 10 });
    const p2 = await list(t.admin, { page: 2, rows: 10 });
    const all = [...p1.body.rows, ...p2.body.rows];
    expect(new Set(all.map((r) => r.id)).size).toBe(20);
    const times = all.map((r) => r.AddTime);
    expect([...times].sort().reverse()).toEqual(times);
    const beyond = await list(t.admin, { page: 1000, rows: 10 });
    expect(beyond.body).toEqual({ rows: [], total: p1.body.total });
  });

  test('sort by UpdateTime ascending', async () => {
    const res = await list(t.admin, { sort: 'UpdateTime', order: 'asc', rows: 50 });
    const times = res.body.rows.map((r) => r.UpdateTime);
    expect([...times].sort()).toEqual(times);
  });

  test('filters: level, source and days', async () => {
    const a = await list(t.admin, { rows: 200, filters: JSON.stringify({ level: 'A' }) });
    expect(a.body.total).toBe(await directCount((q) => q.where('level', '=', 'A')));
    expect(a.body.rows.every((r) => r.level === 'A')).toBe(true);
    const src = await list(t.admin, { rows: 200, filters: JSON.stringify({ LaiYuan: 2 }) });
    expect(src.body.rows.every((r) => r.LaiYuan === 2)).toBe(true);
    const recent = await list(t.admin, { rows: 200, filters: JSON.stringify({ days: 30 }) });
    const since = new Date(s.clock.now().getTime() - 30 * 86400_000).toISOString();
    expect(recent.body.total).toBe(await directCount((q) => q.where('created_at', '>=', since)));
  });

  test('search key matches name (2 Chinese characters), mobile fragment and code', async () => {
    const all = await base().select(['id', 'customer_name', 'contact_mobile', 'code']).execute();
    const expectMatches = (key: string) =>
      all.filter(
        (c) =>
          c.customer_name.toLowerCase().includes(key.toLowerCase()) ||
          c.contact_mobile.includes(key) ||
          (c.code ?? '').toLowerCase().includes(key.toLowerCase()),
      ).length;

    for (const key of ['科技', '杭州', '有限公司', all[7].contact_mobile.slice(3, 8), all[3].code ?? '', 'kh2026', '华', '8']) {
      const res = await list(t.admin, { key, rows: 200 });
      expect({ key, total: res.body.total }).toEqual({ key, total: expectMatches(key) });
      for (const r of res.body.rows) {
        const hit =
          r.CustomerName.toLowerCase().includes(key.toLowerCase()) || r.contact_mobile.includes(key) || r.code.toLowerCase().includes(key.toLowerCase());
        expect(hit).toBe(true);
      }
    }
    expect((await list(t.admin, { key: '不存在的客户名称' })).body).toEqual({ rows: [], total: 0 });
    expect((await list(t.admin, { key: '100%_' })).body.total).toBe(0);
  });

  test('a search key selects the same customers whichever way the query tests it (drive, probe, walk, the index matches as ids)', async () => {
    const db = s.app.portal.db;
    const dialect = s.app.portal.dialect;
    const all = await base().select(['id', 'customer_name', 'contact_mobile', 'code']).execute();
    const idsOf = async (condition: ReturnType<typeof searchCondition>) =>
      (await db.selectFrom('customers as c').select('c.id').where('c.gonghai', '=', 0).where(condition).orderBy('c.id').execute()).map((r) => r.id);
    // PostgreSQL answers 2-character keys without case by the window index alone (customer-search.ts caselessWindows): it relies on ILIKE lowering both sides, as on UTF-8.
    if (dialect === 'postgres') expect((await sql<{ server_encoding: string }>`SHOW server_encoding`.execute(db)).rows[0].server_encoding).toBe('UTF8');
    for (const key of [
      '科技',
      '杭州',
      '有限公司',
      all[7].contact_mobile.slice(3, 8),
      all[7].contact_mobile.slice(3, 5),
      all[3].code ?? '',
      'kh2026',
      'Kh',
      '科-技',
      '华',
    ]) {
      const expected = await idsOf(searchCondition(dialect, key));
      if (key !== '科-技') expect({ key, n: expected.length }).not.toEqual({ key, n: 0 }); // 科-技: LIKE after the index (none)
      for (const access of ['probe', 'walk'] as const)
        expect({ key, access, ids: await idsOf(searchCondition(dialect, key, access)) }).toEqual({ key, access, ids: expected });
      const exact = { mobile: true };
      expect({ key, exact: await idsOf(searchCondition(dialect, key, 'walk', exact)) }).toEqual({
        key,
        exact: await idsOf(searchCondition(dialect, key, 'drive', exact)),
      });
      const matches = await indexMatches(db, dialect, key);
      if (dialect === 'postgres' || [...key].length < 2) expect(matches).toBeNull();
      else {
        expect(matches).toHaveProperty('ids');
        if (matches && 'ids' in matches)
          expect({ key, ids: await idsOf(searchCondition(dialect, key, 'drive', {}, matches.ids)) }).toEqual({ key, ids: expected });
      }
    }
  });

  test('a key with few matches pages them by id in the list order: newest first, then by sort and page', async () => {
    const matching = (await base().select(['id', 'customer_name', 'contact_mobile', 'code', 'created_at', 'genjin_time']).execute()).filter((c) =>
      c.customer_name.includes('科技'),
    );
    expect(matching.length).toBeGreaterThan(3);
    const order = (column: 'created_at' | 'genjin_time', dir: 1 | -1) =>
      [...matching].sort((a, b) => dir * (a[column] < b[column] ? -1 : a[column] > b[column] ? 1 : a.id - b.id)).map((c) => c.id);
    const pages = async (extra: Record<string, unknown>) => {
      const out: number[] = [];
      for (let page = 1; out.length < matching.length; page++)
        out.push(...(await list(t.admin, { key: '科技', rows: 3, page, ...extra })).body.rows.map((r) => r.id));
      return out;
    };
    expect(await pages({})).toEqual(order('created_at', -1));
    expect(await pages({ sort: 'genjinTime', order: 'asc' })).toEqual(order('genjin_time', 1));
  });

  test('an account-like key the search index does not match is looked up in the contacts alone (SQLite: no scan of every customer)', async () => {
    const dialect = s.app.portal.dialect;
    if (dialect !== 'sqlite') return;
    const condition = searchCondition(dialect, 'qq99887766', 'drive', {}, []);
    const plan = (
      await sql<{ detail: string }>`EXPLAIN QUERY PLAN SELECT count(*) FROM customers c WHERE c.gonghai = 0 AND ${condition}`.execute(s.app.portal.db)
    ).rows.map((r) => r.detail);
    expect(plan.filter((d) => /^SCAN c\b/.test(d))).toEqual([]);
  });

  test("search key matches a contact's WeChat id or QQ number exactly (customer picker)", async () => {
    const db = s.app.portal.db;
    const contact = await db
      .selectFrom('contacts')
      .innerJoin('customers', 'customers.id', 'contacts.customer_id')
      .select(['contacts.customer_id', 'contacts.id'])
      .where('customers.gonghai', '=', 0)
      .executeTakeFirstOrThrow();
    await db.updateTable('contacts').set({ wechat: 'wx_zhang-2026', qq: '88776655' }).where('id', '=', contact.id).execute();
    for (const key of ['wx_zhang-2026', '88776655']) {
      const res = await list(t.admin, { key, rows: 200 });
      expect(res.body.rows.map((r) => r.id)).toContain(contact.customer_id);
    }
    expect((await list(t.admin, { key: 'wx_zhang' })).body.total).toBe(0);
  });

  test.each([
    [{ page: 'abc' }, '页码必须是正整数'],
    [{ page: 0 }, '页码必须是正整数'],
    [{ page: '1.5' }, '页码必须是正整数'],
    [{ rows: 1000 }, '每页条数必须是1到200之间的整数'],
    [{ scene: 'everyone' }, '场景参数不正确'],
    [{ sort: 'name' }, '排序字段不正确'],
    [{ order: 'up' }, '排序方向不正确'],
    [{ filters: '{not json' }, '筛选条件格式不正确'],
    [{ filters: JSON.stringify({ days: 5 }) }, '日期筛选只能是7、30或90天'],
    [{ filters: JSON.stringify({ level: 'Z' }) }, '客户级别不正确'],
    [{ gonghai: 3 }, '公海参数不正确'],
    [{ key: 'k'.repeat(101) }, '搜索关键字不能超过100个字符'],
  ])('bad list input %j → %s', async (body, msg) => {
    const res = await list(t.admin, body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ result: 'error', msg });
  });
});

const validCustomer = {
  id: '0',
  CustomerName: '杭州测试网络科技有限公司',
  contact_name: '王测试',
  contact_mobile: '13912345678',
  LaiYuan: 1,
  level: 'A',
  industry: '信息技术',
  address: '杭州市西湖区文一西路1号',
  beizhu: '接口测试',
  nextgenjintime: '2030-12-01 10:30',
};

describe('create and edit', () => {
  test.each([
    [{ CustomerName: '' }, '客户名称不能为空'],
    [{ CustomerName: '   ' }, '客户名称不能为空'],
    [{ CustomerName: '公'.repeat(101) }, '客户名称不能超过100个字符'],
    [{ contact_name: '' }, '联系人不能为空'],
    [{ contact_mobile: '' }, '手机号码不能为空'],
    [{ contact_mobile: '12345' }, '手机号码格式不正确'],
    [{ LaiYuan: '' }, '请选择客户来源'],
    [{ LaiYuan: 'abc' }, '请选择客户来源'],
    [{ LaiYuan: 9999 }, '客户来源不存在'],
    [{ level: 'D' }, '客户级别只能是A、B或C'],
    [{ beizhu: '备'.repeat(301) }, '备注不能超过300个字符'],
    [{ address: '址'.repeat(201) }, '地址不能超过200个字符'],
    [{ nextgenjintime: '明天' }, '下次跟进时间格式不正确'],
    [{ id: 'abc' }, '客户ID不正确'],
    [{ id: 999999 }, '客户不存在'],
  ])('refuses %j with %s and changes nothing', async (patch, msg) => {
    const before = await tableCounts(s.app);
    const res = await s.post<Envelope>('/api/customer/CustomerAddEndit', { ...validCustomer, ...patch }, { token: t.sales });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.body).toEqual({ result: 'error', msg });
    expect(await tableCounts(s.app)).toEqual(before);
  });

  test('a JSON body with an object where text is expected is refused', async () => {
    const res = await s.post<Envelope>('/api/customer/CustomerAddEndit', { ...validCustomer, CustomerName: { a: 1 } }, { token: t.sales, form: false });
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('客户名称格式不正确');
  });

  test('creates the customer with code, owner, branch and primary contact; edits it', async () => {
    const before = await tableCounts(s.app);
    const res = await s.post<Envelope<{ id: number }>>('/api/customer/CustomerAddEndit', validCustomer, { token: t.sales });
    expect(res.body).toMatchObject({ result: 'success', msg: '保存成功' });
    const id = res.body.data?.id as number;
    const after = await tableCounts(s.app);
    expect(after.customers).toBe(before.customers + 1);
    expect(after.contacts).toBe(before.contacts + 1);

    const view = await s.post<
      Envelope<Row & { contacts: { contactName: string; mobile: string; isPrimary: number }[]; followups: unknown[]; nextgenjintime: string }>
    >('/api/customer/Views', { id }, { token: t.sales });
    expect(view.body.data).toMatchObject({
      id,
      code: expect.stringMatching(/^KH\d{8}\d{5}$/),
      CustomerName: validCustomer.CustomerName,
      UserID: ids.sales1,
      UserName: '李娜',
      BranchName: '销售一部',
      LaiYuanName: '电话营销',
      nextgenjintime: '2030-12-01 10:30:00',
      contacts: [{ contactName: '王测试', mobile: '13912345678', isPrimary: 1 }],
      followups: [],
    });

    const found = await list(t.sales, { key: '测试网络', scene: 'mine' });
    expect(found.body.rows.map((r) => r.id)).toEqual([id]);

    const edit = await s.post<Envelope>(
      '/api/customer/CustomerAddEndit',
      { ...validCustomer, id, CustomerName: '杭州改名后的公司', contact_mobile: '0571-88886666' },
      { token: t.sales },
    );
    expect(edit.body.result).toBe('success');
    const edited = await s.post<Envelope<Row & { contacts: { mobile: string }[] }>>('/api/customer/views', { id }, { token: t.sales });
    expect(edited.body.data?.CustomerName).toBe('杭州改名后的公司');
    expect(edited.body.data?.contacts[0].mobile).toBe('0571-88886666');
    expect((await list(t.sales, { key: '测试网络' })).body.total).toBe(0);
    expect((await list(t.sales, { key: '改名' })).body.rows.map((r) => r.id)).toEqual([id]);
    expect((await tableCounts(s.app)).contacts).toBe(after.contacts);
  });

  test('edit and view are limited to the data scope', async () => {
    const foreign = await s.app.portal.db
      .selectFrom('customers')
      .select('id')
      .where('owner_id', '=', ids.sales5)
      .where('gonghai', '=', 0)
      .executeTakeFirstOrThrow();
    const before = await s.app.portal.db.selectFrom('customers').selectAll().where('id', '=', foreign.id).executeTakeFirstOrThrow();
    const res = await s.post<Envelope>('/api/customer/CustomerAddEndit', { ...validCustomer, id: foreign.id }, { token: t.sales });
    expect(res.status).toBe(403);
    expect(res.body.result).toBe('error');
    expect(await s.app.portal.db.selectFrom('customers').selectAll().where('id', '=', foreign.id).executeTakeFirstOrThrow()).toEqual(before);
    expect((await s.post<Envelope>('/api/customer/Views', { id: foreign.id }, { token: t.sales })).status).toBe(403);
    expect((await s.post<Envelope>('/api/customer/Views', { id: foreign.id }, { token: t.manager })).status).toBe(403);
    expect((await s.post<Envelope>('/api/customer/Views', { id: foreign.id }, { token: t.admin })).status).toBe(200);
    const unknown = await s.post<Envelope>('/api/customer/Views', { id: 999999 }, { token: t.admin });
    expect(unknown.status).toBe(404);
    expect(unknown.body.msg).toBe('客户不存在');
  });

  test('detail has contacts and follow-ups with their author', async () => {
    const withFollowups = await s.app.portal.db.selectFrom('followups').select('customer_id').limit(1).executeTakeFirstOrThrow();
    const res = await s.post<Envelope<{ followups: { genjinTime: string; gjtype: number; CretateName: string }[]; contacts: unknown[] }>>(
      '/api/customer/Views',
      { id: withFollowups.customer_id },
      { token: t.admin },
    );
    expect(res.body.data?.followups.length).toBeGreaterThan(0);
    expect(res.body.data?.followups[0]).toMatchObject({
      genjinTime: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
      CretateName: expect.any(String),
    });
    expect(res.body.data?.contacts.length).toBeGreaterThan(0);
  });
});

describe('delete', () => {
  // Each with its own mobile: a customer's mobile is not another's (customer-duplicates.test.ts).
  let seq = 0;
  const create = async (name: string) =>
    (
      await s.post<Envelope<{ id: number }>>(
        '/api/customer/CustomerAddEndit',
        { ...validCustomer, CustomerName: name, contact_mobile: `1660000${String((seq += 1)).padStart(4, '0')}` },
        { token: t.sales },
      )
    ).body.data?.id as number;

  // Deleting customers is the action right customer/watched:delete (managers, administrators); a 销售
  // maintains their customers but does not delete them. sales1 is in manager1's department, sales9 is not.
  test('sales people have no delete right: 403 for their own customers too', async () => {
    const mine = await create('销售不能删除的客户');
    const before = await tableCounts(s.app);
    const res = await s.post<Envelope>('/api/customer/delete', { ids: String(mine) }, { token: t.sales });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ result: 'error', msg: '没有权限执行此操作' });
    expect(await tableCounts(s.app)).toEqual(before);
  });

  test('is all-or-nothing: an id outside the scope or unknown deletes nothing', async () => {
    const mine = await create('待删除客户一');
    const foreign = await s.app.portal.db.selectFrom('customers').select('id').where('owner_id', '=', ids.sales9).executeTakeFirstOrThrow();
    const before = await tableCounts(s.app);

    const outside = await s.post<Envelope>('/api/customer/delete', { ids: `${mine},${foreign.id}` }, { token: t.manager });
    expect(outside.status).toBe(403);
    const unknown = await s.post<Envelope>('/api/customer/delete', { ids: `${mine},999999` }, { token: t.manager });
    expect(unknown.status).toBe(404);
    expect(unknown.body.msg).toBe('客户不存在');
    const garbage = await s.post<Envelope>('/api/customer/delete', { ids: `${mine},abc` }, { token: t.manager });
    expect(garbage.status).toBe(400);
    const empty = await s.post<Envelope>('/api/customer/delete', { ids: '' }, { token: t.manager });
    expect(empty.body.msg).toBe('请选择要删除的客户');
    expect(await tableCounts(s.app)).toEqual(before);
  });

  test('deletes customers with their contacts and search entries', async () => {
    const a = await create('批量删除客户甲');
    const b = await create('批量删除客户乙');
    const before = await tableCounts(s.app);
    const res = await s.post<Envelope>('/api/customer/delete', { ids: `${a},${b}` }, { token: t.manager });
    expect(res.body).toEqual({ result: 'success', msg: '删除成功' });
    const after = await tableCounts(s.app);
    expect(after.customers).toBe(before.customers - 2);
    expect(after.contacts).toBe(before.contacts - 2);
    expect((await list(t.sales, { key: '批量删除' })).body.total).toBe(0);
    expect((await s.post<Envelope>('/api/customer/Views', { id: a }, { token: t.sales })).status).toBe(404);
  });

  test('a manager deletes within the department only', async () => {
    const sales1Customer = await create('经理可删除的客户');
    const other = await s.app.portal.db.selectFrom('customers').select('id').where('branch_id', '=', ids['销售二部']).executeTakeFirstOrThrow();
    expect((await s.post<Envelope>('/api/customer/delete', { ids: String(other.id) }, { token: t.manager })).status).toBe(403);
    expect((await s.post<Envelope>('/api/customer/delete', { ids: String(sales1Customer) }, { token: t.manager })).body.result).toBe('success');
  });

  test('a customer with a contract is not deleted, and nothing else in the batch is', async () => {
    const free = await create('无合同的客户');
    const signed = await s.app.portal.db
      .selectFrom('contracts')
      .innerJoin('customers', 'customers.id', 'contracts.customer_id')
      .select(['customers.id', 'customers.customer_name'])
      .executeTakeFirstOrThrow();
    const before = await tableCounts(s.app);
    const res = await s.post<Envelope>('/api/customer/delete', { ids: `${free},${signed.id}` }, { token: t.admin });
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe(`客户“${signed.customer_name}”存在合同，不能删除`);
    expect(await tableCounts(s.app)).toEqual(before);
  });
});

describe('subtotal (counts per detail tab)', () => {
  test('counts follow-ups, contacts, contracts and attachments of a customer in scope', async () => {
    const db = s.app.portal.db;
    const signed = await db.selectFrom('contracts').select('customer_id').executeTakeFirstOrThrow();
    const id = signed.customer_id;
    const count = async (table: 'followups' | 'contacts' | 'contracts') =>
      Number(
        (
          await db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('customer_id', '=', id)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const res = await s.post<Envelope<Record<string, number>>>('/api/customer/Subtotal', { id }, { token: t.admin });
    expect(res.body.data).toMatchObject({
      followups: await count('followups'),
      contact: await count('contacts'),
      contract: await count('contracts'),
      files: 0,
    });
    expect(res.body.data?.contract).toBeGreaterThan(0);
  });

  test('is limited to the data scope', async () => {
    const foreign = await s.app.portal.db
      .selectFrom('customers')
      .select('id')
      .where('owner_id', '=', ids.sales9)
      .where('gonghai', '=', 0)
      .executeTakeFirstOrThrow();
    expect((await s.post<Envelope>('/api/customer/Subtotal', { id: foreign.id }, { token: t.sales })).status).toBe(403);
    expect((await s.post<Envelope>('/api/customer/Subtotal', { id: 999999 }, { token: t.sales })).status).toBe(404);
  });
});

describe('lookups', () => {
  test('GetLaiyaun lists the lead sources', async () => {
    const res = await s.post<{ id: number; name: string }[]>('/api/UserSet/GetLaiyaun', {}, { token: t.sales });
    expect(res.body.map((r) => r.name)).toEqual(['电话营销', '网络推广', '客户介绍', '展会', '自主开发', '其他']);
  });

  test('TreeJson is the department tree with counts and attributes', async () => {
    type Node = { id: number; ID: number; parent: number; Name: string; text: string; userCount: number; attributes: number; children: Node[] };
    const res = await s.post<Node[]>('/api/branch/TreeJson', {}, { token: t.sales });
    expect(res.body).toHaveLength(1);
    const company = res.body[0];
    expect(company).toMatchObject({ Name: '华信科技有限公司', text: '华信科技有限公司', parent: 0, attributes: 1 });
    expect(company.children.map((c) => c.Name)).toEqual(['总部', '华东分公司']);
    const hq = company.children[0];
    expect(hq.children.map((c) => [c.Name, c.attributes])).toEqual([
      ['销售一部', 2],
      ['销售二部', 2],
      ['财务部', 2],
      ['行政部', 2],
    ]);
    expect(company.userCount).toBe(19);
    expect(company.children[1].children[0]).toMatchObject({ Name: '华东销售部', attributes: 2, userCount: 5 });
  });
});
