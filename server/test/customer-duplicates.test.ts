/**
 * Duplicate customers (issue #31): creating, editing, importing or turning a visitor into a customer
 * whose name (normalised as 查重 normalises it: full-width and half-width alike, spaces and letter case
 * ignored) or mobile (also a contact's; +86 alike) an existing customer has is refused, with a message
 * naming the existing customer's owner, and the customer's name only when the viewer may see it (data
 * scope, 字段权限). Two creates of one name at once: exactly one wins. A customer's contacts: the same
 * name and mobile twice is refused. 查重 finds what creating refuses.
 */
import { DEMO, startServer, tableCounts, type TestServer } from './harness';
import { upload, xlsxOf, type Cell } from './batch-helpers';

type Envelope<T = Record<string, unknown>> = { result: string; msg: string; data: T };
type DryRun = { total: number; valid: number; rejected: { row: number; reason: string }[]; skipped: { row: number; reason: string }[] };

let s: TestServer;
const t = { admin: '', sales1: '', sales2: '', manager: '' };
/** A customer of 吴婷 (sales5, 销售二部): outside 李娜's and 张伟's (manager1, 销售一部) scope. */
let other: { id: number; customer_name: string; contact_mobile: string };
/** A customer of 赵强 (sales2, 销售一部): in 张伟's department. */
let colleague: { id: number; customer_name: string; contact_mobile: string };

/** Mobiles with a prefix the demo seed never uses. */
const mobile = (n: number) => `167${String(n).padStart(8, '0')}`;
const create = (token: string, body: Record<string, unknown>) =>
  s.post<Envelope<{ id: number }>>('/api/customer/CustomerAddEndit', { id: 0, contact_name: '张三', LaiYuan: 1, ...body }, { token });

async function customerOf(username: string) {
  return s.app.portal.db
    .selectFrom('customers as c')
    .innerJoin('users as u', 'u.id', 'c.owner_id')
    .select(['c.id', 'c.customer_name', 'c.contact_mobile'])
    .where('u.username', '=', username)
    .where('c.gonghai', '=', 0)
    .where('c.blacklisted', '=', 0)
    .where('c.merged_into', 'is', null)
    .orderBy('c.id')
    .executeTakeFirstOrThrow();
}

beforeAll(async () => {
  s = await startServer();
  t.admin = await s.login(...DEMO.admin);
  t.sales1 = await s.login(...DEMO.sales);
  t.sales2 = await s.login('sales2', 'sales123');
  t.manager = await s.login(...DEMO.manager);
  other = await customerOf('sales5');
  colleague = await customerOf('sales2');
});
afterAll(async () => {
  await s.close();
});

describe('creating a customer', () => {
  test('an existing name is refused naming its owner, whoever owns it; nothing is written', async () => {
    const before = await tableCounts(s.app);
    const res = await create(t.sales1, { CustomerName: other.customer_name, contact_mobile: mobile(1) });
    expect({ status: res.status, body: res.body }).toEqual({
      status: 400,
      body: { result: 'error', msg: `客户名称“${other.customer_name}”已存在（负责人：吴婷，销售二部），不能重复添加` },
    });
    expect(await tableCounts(s.app)).toEqual(before);
  });

  test('the name is compared as 查重 normalises it: full-width and half-width, spaces, letter case', async () => {
    const first = await create(t.sales1, { CustomerName: 'ABC（杭州）数据科技有限公司', contact_mobile: mobile(2) });
    expect(first.body).toMatchObject({ result: 'success' });
    for (const variant of ['abc(杭州)数据科技有限公司', 'ＡＢＣ（杭州） 数据科技　有限公司', 'Abc (杭州)数据科技有限公司']) {
      const res = await create(t.sales2, { CustomerName: variant, contact_mobile: mobile(3) });
      expect({ variant, msg: res.body.msg }).toEqual({ variant, msg: `客户名称“${variant}”已存在（负责人：李娜，销售一部），不能重复添加` });
    }
    // 查重 finds it by the same variants.
    const found = await s.post<{ rows: { id: number }[] }>('/api/customer/CheckDuplicate', { name: 'abc(杭州)数据科技 有限公司' }, { token: t.sales1 });
    expect(found.body.rows.map((r) => r.id)).toContain(first.body.data.id);
  });

  test('another rep’s mobile is refused naming the owner; the customer’s name only for a viewer who may see it', async () => {
    const outside = await create(t.sales1, { CustomerName: '新客户甲有限公司', contact_mobile: other.contact_mobile });
    expect(outside.body).toEqual({ result: 'error', msg: '手机号码已被其他客户使用（负责人：吴婷，销售二部），不能重复添加' });
    const inScope = await create(t.manager, { CustomerName: '新客户乙有限公司', contact_mobile: colleague.contact_mobile });
    expect(inScope.body).toEqual({
      result: 'error',
      msg: `手机号码已被客户“${colleague.customer_name}”使用（负责人：赵强，销售一部），不能重复添加`,
    });
    // +86 written or not, it is the same number.
    expect((await create(t.sales1, { CustomerName: '新客户丙有限公司', contact_mobile: `+86${other.contact_mobile}` })).body.msg).toBe(
      '手机号码已被其他客户使用（负责人：吴婷，销售二部），不能重复添加',
    );
    // 字段权限: a viewer to whom 客户名称 is masked is not told the name either.
    const db = s.app.portal.db;
    const { role_id: roleId } = await db.selectFrom('users').select('role_id').where('username', '=', 'manager1').executeTakeFirstOrThrow();
    await db.insertInto('role_field_masks').values({ role_id: roleId, module: 'customer', field: 'CustomerName', mode: 'mask' }).execute();
    try {
      expect((await create(t.manager, { CustomerName: '新客户丁有限公司', contact_mobile: colleague.contact_mobile })).body.msg).toBe(
        '手机号码已被其他客户使用（负责人：赵强，销售一部），不能重复添加',
      );
    } finally {
      await db.deleteFrom('role_field_masks').where('role_id', '=', roleId).execute();
    }
  });

  test('a contact’s mobile counts too', async () => {
    const contact = await create(t.sales1, { CustomerName: '联系人号码测试有限公司', contact_mobile: mobile(10) });
    const id = contact.body.data.id;
    expect((await s.post('/api/contact/add', { customerId: id, contactName: '第二联系人', mobile: mobile(11) }, { token: t.sales1 })).body).toMatchObject({
      result: 'success',
    });
    expect((await create(t.sales1, { CustomerName: '另一家有限公司', contact_mobile: mobile(11) })).body.msg).toBe(
      '手机号码已被客户“联系人号码测试有限公司”使用（负责人：李娜，销售一部），不能重复添加',
    );
  });

  test('two creates of one name at once: exactly one wins; of one mobile likewise', async () => {
    const byName = await Promise.all(
      Array.from({ length: 6 }, (_, i) => create(t.sales1, { CustomerName: '并发测试有限公司', contact_mobile: mobile(100 + i) })),
    );
    expect(byName.filter((r) => r.body.result === 'success')).toHaveLength(1);
    for (const r of byName.filter((x) => x.body.result !== 'success'))
      expect(r.body.msg).toBe('客户名称“并发测试有限公司”已存在（负责人：李娜，销售一部），不能重复添加');
    const byMobile = await Promise.all(
      Array.from({ length: 6 }, (_, i) => create(t.sales2, { CustomerName: `并发号码测试${i}有限公司`, contact_mobile: mobile(200) })),
    );
    expect(byMobile.filter((r) => r.body.result === 'success')).toHaveLength(1);
    const stored = await s.app.portal.db.selectFrom('customers').select('id').where('customer_name', '=', '并发测试有限公司').execute();
    expect(stored).toHaveLength(1);
  });
});

test('editing: another customer’s name or mobile is refused; keeping its own passes', async () => {
  const mine = (await create(t.sales1, { CustomerName: '编辑测试有限公司', contact_mobile: mobile(20) })).body.data.id;
  const edit = (body: Record<string, unknown>) =>
    s.post<Envelope>(
      '/api/customer/CustomerAddEndit',
      { id: mine, CustomerName: '编辑测试有限公司', contact_name: '张三', contact_mobile: mobile(20), LaiYuan: 1, ...body },
      { token: t.sales1 },
    );
  expect((await edit({ beizhu: '改备注' })).body).toMatchObject({ result: 'success' });
  expect((await edit({ CustomerName: '编辑测试 有限公司' })).body).toMatchObject({ result: 'success' });
  expect((await edit({ CustomerName: other.customer_name })).body.msg).toBe(`客户名称“${other.customer_name}”已存在（负责人：吴婷，销售二部），不能重复添加`);
  expect((await edit({ contact_mobile: other.contact_mobile })).body.msg).toBe('手机号码已被其他客户使用（负责人：吴婷，销售二部），不能重复添加');
});

test('import: a row whose name exists or repeats an earlier row is refused, with the owner', async () => {
  const HEADERS = ['客户名称', '联系人', '手机', '客户来源'];
  const rows: Cell[][] = [
    HEADERS,
    ['导入查重甲有限公司', '张三', mobile(30), '展会'], // row 2 ok
    [other.customer_name, '李四', mobile(31), '展会'], // row 3 name of 吴婷's customer
    ['导入查重甲 有限公司', '王五', mobile(32), '展会'], // row 4 same name as row 2
    ['导入查重乙有限公司', '赵六', other.contact_mobile, '展会'], // row 5 mobile of 吴婷's customer
  ];
  const { body } = await upload<{ token: string }>(s, '/api/customer/ImportPreview', await xlsxOf(rows), '客户.xlsx', t.sales1);
  const mapping = { CustomerName: 0, contact_name: 1, contact_mobile: 2, LaiYuan: 3 };
  const dry = await s.post<Envelope<DryRun>>('/api/customer/ImportDryRun', { token: body.data.token, mapping }, { token: t.sales1 });
  expect(dry.body.data.rejected.map((r) => [r.row, r.reason])).toEqual([
    [3, `客户名称“${other.customer_name}”已存在（负责人：吴婷，销售二部）`],
    [4, '客户名称与文件中第2行重复'],
    [5, '手机号码已被其他客户使用（负责人：吴婷，销售二部）'],
  ]);
  const run = await s.post<Envelope<{ imported: number }>>('/api/customer/Import', { token: body.data.token, mapping }, { token: t.sales1 });
  expect({ status: run.status, body: run.body }).toMatchObject({ status: 200, body: { result: 'success', data: { imported: 1 } } });
});

test('公海 import: a normalised name match follows the chosen duplicate rule', async () => {
  const HEADERS = ['客户名称', '联系人', '手机', '客户来源'];
  const variant = `${other.customer_name.slice(0, 2)} ${other.customer_name.slice(2)}`;
  const { body } = await upload<{ token: string }>(
    s,
    '/api/customer/PoolImportPreview',
    await xlsxOf([HEADERS, [variant, '张三', mobile(40), '展会']]),
    '公海.xlsx',
    t.admin,
  );
  const mapping = { CustomerName: 0, contact_name: 1, contact_mobile: 2, LaiYuan: 3 };
  const dry = await s.post<Envelope<DryRun>>('/api/customer/PoolImportDryRun', { token: body.data.token, mapping, duplicates: 'skip' }, { token: t.admin });
  expect(dry.body.data.skipped.map((r) => [r.row, r.reason])).toEqual([[2, '与已有客户重复（客户名称），已跳过']]);
});

test('turning a visitor into a customer: a company that is already a customer is refused', async () => {
  const added = await s.post<Envelope<{ id: number }>>(
    '/api/customer/visitorsAdd',
    { name: '访客王', mobile: mobile(50), company: other.customer_name, arrivedAt: '2026-11-20 10:00' },
    { token: t.admin },
  );
  const turned = await s.post<Envelope>('/api/customer/visitorsTurn', { id: added.body.data.id, LaiYuan: 1 }, { token: t.admin });
  expect(turned.body).toEqual({ result: 'error', msg: `客户名称“${other.customer_name}”已存在（负责人：吴婷，销售二部），不能重复添加` });
});

test('contacts: the same name and mobile twice within one customer is refused; the same person at another customer is not', async () => {
  const a = (await create(t.sales1, { CustomerName: '联系人查重甲有限公司', contact_mobile: mobile(60) })).body.data.id;
  const b = (await create(t.sales1, { CustomerName: '联系人查重乙有限公司', contact_mobile: mobile(61) })).body.data.id;
  const add = (customerId: number, contactName: string, m: string) =>
    s.post<Envelope<{ id: number }>>('/api/contact/add', { customerId, contactName, mobile: m }, { token: t.sales1 });
  expect((await add(a, '周明', mobile(62))).body).toMatchObject({ result: 'success' });
  const before = await tableCounts(s.app);
  expect((await add(a, ' 周明 ', mobile(62))).body).toEqual({ result: 'error', msg: '该客户已有相同姓名和手机号码的联系人，不能重复添加' });
  expect(await tableCounts(s.app)).toEqual(before);
  expect((await add(a, '周明', mobile(63))).body).toMatchObject({ result: 'success' });
  expect((await add(b, '周明', mobile(62))).body).toMatchObject({ result: 'success' });
  // Editing one into the other's twin is refused likewise.
  const third = (await add(a, '周明明', mobile(62))).body.data.id;
  const edit = await s.post<Envelope>('/api/contact/Edit', { id: third, contactName: '周明', mobile: mobile(62) }, { token: t.sales1 });
  expect(edit.body).toEqual({ result: 'error', msg: '该客户已有相同姓名和手机号码的联系人，不能重复添加' });
  // Parallel adds of one contact: one wins.
  const parallel = await Promise.all(Array.from({ length: 4 }, () => add(b, '并发联系人', mobile(64))));
  expect(parallel.filter((r) => r.body.result === 'success')).toHaveLength(1);
});
