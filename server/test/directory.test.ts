import { hashPassword } from '../src/modules/auth/session/password';
import { emptyTree } from '../src/modules/system/role/permission-tree';
import { DEMO, startServer, type TestServer } from './harness';

/** The data the pickers read: staff, products, warehouse stock and contracts. */

type Envelope<T = unknown> = { result: string; msg: string; data?: T };
type UserRow = {
  UserID: number;
  NickName: string;
  Header: string;
  Headimg: string;
  rolename: string;
  BranchID: number;
  BranchName: string;
  QuitStatus: number;
};
type ProductRow = {
  id: number;
  name: string;
  number: string;
  standard: string;
  unit: string;
  price: number;
  costPrice: number;
  shuihao: string;
  shuilv: number;
  cover: string;
};
type ContractRow = { id: number; orderSn: string; customerId: number; customerName: string; Money: number; UserID: number; addtime: string };
type List<T> = { rows: T[]; total: number };

let s: TestServer;
const t: Record<'admin' | 'manager' | 'sales' | 'finance' | 'noContracts', string> = { admin: '', manager: '', sales: '', finance: '', noContracts: '' };
const ids: Record<string, number> = {};

const db = () => s.app.portal.db;
const count = (row: { n: unknown }) => Number(row.n);

beforeAll(async () => {
  s = await startServer();
  t.admin = await s.login(...DEMO.admin);
  t.manager = await s.login(...DEMO.manager);
  t.sales = await s.login(...DEMO.sales);
  t.finance = await s.login(...DEMO.finance);
  for (const u of await db().selectFrom('users').select(['id', 'username']).execute()) ids[u.username] = u.id;
  for (const b of await db().selectFrom('branches').select(['id', 'name']).execute()) ids[b.name] = b.id;
  // A role that may use the office area only: no contract pages.
  const role = await db()
    .insertInto('roles')
    .values({ name: '行政专员', rights: JSON.stringify({ ...emptyTree(), oa: ['approval/todo'] }), data_scope: 'all' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db()
    .insertInto('users')
    .values({
      username: 'clerk1',
      nick_name: '行政小周',
      header: '',
      branch_id: ids['行政部'],
      role_id: role.id,
      quit_status: 0,
      password_hash: await hashPassword('clerk123'),
      created_at: new Date().toISOString(),
    })
    .execute();
  t.noContracts = await s.login('clerk1', 'clerk123');
});
afterAll(async () => {
  await s.close();
});

describe('api/user/GetGridJson (user picker)', () => {
  const grid = (body: Record<string, unknown>, token = t.sales) => s.post<List<UserRow>>('/api/user/GetGridJson', body, { token });

  test('pages 20 staff at a time with role and department, employed first', async () => {
    const all = count(
      await db()
        .selectFrom('users')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow(),
    );
    const p1 = await grid({ page: 1 });
    expect(p1.status).toBe(200);
    expect(p1.body.total).toBe(all);
    expect(p1.body.rows).toHaveLength(Math.min(20, all));
    const li = p1.body.rows.find((r) => r.UserID === ids.sales1);
    expect(li).toEqual({
      UserID: ids.sales1,
      NickName: '李娜',
      Header: '',
      Headimg: '',
      rolename: '销售',
      BranchID: ids['销售一部'],
      BranchName: '销售一部',
      QuitStatus: 0,
    });

    const small1 = await grid({ page: 1, rows: 5 });
    const small2 = await grid({ page: 2, rows: 5 });
    expect(small1.body.rows).toHaveLength(5);
    expect(small2.body.rows).toHaveLength(5);
    const seen = new Set([...small1.body.rows, ...small2.body.rows].map((r) => r.UserID));
    expect(seen.size).toBe(10);
    const everyone = await grid({ rows: 200 });
    const quit = everyone.body.rows.map((r) => r.QuitStatus);
    expect(quit).toEqual([...quit].sort((a, b) => a - b));
    expect(await grid({ page: 100 })).toMatchObject({ body: { rows: [], total: all } });
  });

  test('BranchID lists the staff of that department and all departments below it', async () => {
    const below = [ids['总部'], ids['销售一部'], ids['销售二部'], ids['财务部'], ids['行政部']];
    const expected = count(
      await db()
        .selectFrom('users')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('branch_id', 'in', below)
        .executeTakeFirstOrThrow(),
    );
    const hq = await grid({ BranchID: ids['总部'], parent: ids['华信科技有限公司'], rows: 200 });
    expect(hq.body.total).toBe(expected);
    expect(hq.body.rows.every((r) => below.includes(r.BranchID))).toBe(true);
    expect(hq.body.rows.some((r) => r.BranchName === '销售二部')).toBe(true);
    expect(hq.body.rows.some((r) => r.BranchName === '华东销售部')).toBe(false);

    const east = await grid({ BranchID: ids['华东分公司'], rows: 200 });
    expect(new Set(east.body.rows.map((r) => r.BranchName))).toEqual(new Set(['华东销售部']));
    expect(east.body.total).toBe(5);

    const company = await grid({ BranchID: ids['华信科技有限公司'], rows: 200 });
    const withBranch = count(
      await db()
        .selectFrom('users')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('branch_id', 'is not', null)
        .executeTakeFirstOrThrow(),
    );
    expect(company.body.total).toBe(withBranch);
    expect((await grid({ BranchID: 0, rows: 1 })).body.total).toBe((await grid({})).body.total);
  });

  test('NickName searches within the department', async () => {
    const li = await grid({ NickName: '李' });
    const expected = (await db().selectFrom('users').select('nick_name').execute()).filter((u) => u.nick_name.includes('李'));
    expect(li.body.total).toBe(expected.length);
    expect(li.body.rows.map((r) => r.NickName).sort()).toEqual(expected.map((u) => u.nick_name).sort());
    expect((await grid({ NickName: '赵强', BranchID: ids['销售一部'] })).body.rows.map((r) => r.NickName)).toEqual(['赵强']);
    expect((await grid({ NickName: '赵强', BranchID: ids['销售二部'] })).body).toEqual({ rows: [], total: 0 });
    expect((await grid({ NickName: '%' })).body.total).toBe(0);
  });

  test('QuitStatus shows who has left and filters on request', async () => {
    const departed = await grid({ NickName: '徐磊' });
    expect(departed.body.rows).toEqual([expect.objectContaining({ NickName: '徐磊', QuitStatus: 1, rolename: '销售', BranchName: '销售一部' })]);
    const employed = await grid({ QuitStatus: 0, rows: 200 });
    expect(employed.body.rows.every((r) => r.QuitStatus === 0)).toBe(true);
    expect(employed.body.rows.some((r) => r.NickName === '徐磊')).toBe(false);
    const left = await grid({ QuitStatus: 1, rows: 200 });
    expect(left.body.rows.map((r) => r.NickName)).toEqual(['徐磊']);
  });

  test.each([
    [{ page: 0 }, '页码必须是正整数'],
    [{ rows: 500 }, '每页条数必须是1到200之间的整数'],
    [{ BranchID: 'x' }, '部门ID不正确'],
    [{ BranchID: 99999 }, '部门不存在'],
    [{ QuitStatus: 5 }, '在职状态不正确'],
    [{ NickName: '名'.repeat(51) }, '姓名不能超过50个字符'],
  ])('refuses %j with %s', async (body, msg) => {
    const res = await grid(body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ result: 'error', msg });
  });
});

describe('api/product/index (product picker)', () => {
  const products = (body: Record<string, unknown>, path = '/api/product/index') => s.post<Envelope<List<ProductRow>>>(path, body, { token: t.sales });

  test('pages the products on sale, newest first, with prices in yuan and tax rates', async () => {
    const onSale = count(
      await db()
        .selectFrom('products')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('status', '=', 1)
        .executeTakeFirstOrThrow(),
    );
    expect(onSale).toBeGreaterThanOrEqual(40);
    const p1 = await products({ page: 1, rows: 10 });
    expect(p1.body).toMatchObject({ result: 'success', data: { total: onSale } });
    const rows1 = p1.body.data?.rows ?? [];
    expect(rows1).toHaveLength(10);
    const ids1 = rows1.map((r) => r.id);
    expect(ids1).toEqual([...ids1].sort((a, b) => b - a));
    const p5 = await s.post<Envelope<List<ProductRow>>>('/api/product/Index', { page: 5, rows: 10 }, { token: t.finance });
    expect(p5.body.data?.rows).toHaveLength(onSale - 40);
    expect(new Set([...ids1, ...(p5.body.data?.rows ?? []).map((r) => r.id)]).size).toBe(10 + onSale - 40);

    const stored = await db().selectFrom('products').selectAll().where('id', '=', rows1[0].id).executeTakeFirstOrThrow();
    expect(rows1[0]).toEqual({
      id: stored.id,
      name: stored.name,
      number: stored.number,
      standard: stored.standard,
      unit: stored.unit,
      price: stored.price_cents / 100,
      costPrice: stored.cost_price_cents / 100,
      shuihao: stored.shuihao,
      shuilv: stored.shuilv,
      cover: stored.cover,
    });
    const all = (await products({ rows: 200 })).body.data?.rows ?? [];
    expect(new Set(all.map((r) => r.shuilv))).toEqual(new Set([13, 9, 6]));
    expect(all.every((r) => r.price > r.costPrice && r.costPrice > 0)).toBe(true);
    expect(['台', '套', '个', '年'].every((u) => all.some((r) => r.unit === u))).toBe(true);
  });

  test('searches name or number by key or search, ignoring ASCII case', async () => {
    const byName = await products({ key: '交换机' });
    expect(byName.body.data?.rows.map((r) => r.name)).toEqual(['华为企业级千兆交换机']);
    const byNumber = await products({ search: 'rj-10', rows: 50 });
    const rjCount = count(
      await db()
        .selectFrom('products')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('number', 'like', 'RJ-%')
        .where('status', '=', 1)
        .executeTakeFirstOrThrow(),
    );
    expect(byNumber.body.data?.total).toBe(rjCount);
    expect(byNumber.body.data?.rows.every((r) => r.number.startsWith('RJ-'))).toBe(true);
    const exact = await products({ key: 'IT-1003' });
    expect(exact.body.data?.rows.map((r) => r.number)).toEqual(['IT-1003']);
    const system = await products({ key: '系统', rows: 2, page: 2 });
    const systemAll = (await db().selectFrom('products').select('name').where('status', '=', 1).execute()).filter((p) => p.name.includes('系统'));
    expect(system.body.data?.total).toBe(systemAll.length);
    expect(system.body.data?.rows).toHaveLength(2);
    expect((await products({ key: '%' })).body.data).toEqual({ rows: [], total: 0 });
  });

  test('withdrawn products are not offered', async () => {
    const withdrawn = await db().selectFrom('products').select('number').where('status', '=', 0).executeTakeFirstOrThrow();
    expect((await products({ key: withdrawn.number })).body.data).toEqual({ rows: [], total: 0 });
  });

  test.each([
    [{ page: -1 }, '页码必须是正整数'],
    [{ rows: 0 }, '每页条数必须是1到200之间的整数'],
    [{ key: 'k'.repeat(101) }, '搜索关键字不能超过100个字符'],
  ])('refuses %j with %s', async (body, msg) => {
    const res = await products(body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ result: 'error', msg });
  });
});

describe('api/erp/getWarehouseStorage', () => {
  const storage = (body: Record<string, unknown>) =>
    s.post<Envelope<{ id: number; name: string; stock: number }[]>>('/api/erp/getWarehouseStorage', body, { token: t.sales });

  test('lists every warehouse, 默认仓库 (id 0) first, with the product stock held there', async () => {
    const stocked = await db().selectFrom('stock').select(['product_id']).where('warehouse_id', '=', 0).where('quantity', '>', 0).executeTakeFirstOrThrow();
    const held = await db().selectFrom('stock').select(['warehouse_id', 'quantity']).where('product_id', '=', stocked.product_id).execute();
    const warehouses = await db().selectFrom('warehouses').select(['id', 'name']).orderBy('sort_order').orderBy('id').execute();
    expect(warehouses).toHaveLength(4);

    const res = await storage({ productid: stocked.product_id });
    expect(res.body.result).toBe('success');
    expect(res.body.data?.[0]).toEqual({ id: 0, name: '默认仓库', stock: held.find((h) => h.warehouse_id === 0)?.quantity });
    expect(res.body.data).toEqual(warehouses.map((w) => ({ id: w.id, name: w.name, stock: held.find((h) => h.warehouse_id === w.id)?.quantity ?? 0 })));
    expect(res.body.data?.map((w) => w.name)).toEqual(['默认仓库', '总部仓库', '华东仓库', '备品备件库']);
  });

  test('a service has no stock anywhere', async () => {
    const service = await db().selectFrom('products').select('id').where('number', 'like', 'FW-%').executeTakeFirstOrThrow();
    const res = await storage({ productid: service.id });
    expect(res.body.data?.map((w) => [w.id === 0 ? '默认仓库' : 'other', w.stock])).toEqual([
      ['默认仓库', 0],
      ['other', 0],
      ['other', 0],
      ['other', 0],
    ]);
  });

  test.each([
    [{}, 400, '请选择产品'],
    [{ productid: 'abc' }, 400, '产品不存在'],
    [{ productid: 99999 }, 404, '产品不存在'],
  ])('refuses %j', async (body, status, msg) => {
    const res = await storage(body);
    expect(res.status).toBe(status);
    expect(res.body).toEqual({ result: 'error', msg });
  });
});

describe('api/contract/index and Views', () => {
  const contracts = (token: string, body: Record<string, unknown>) => s.post<List<ContractRow>>('/api/contract/index', body, { token });
  const directCount = async (where: (q: ReturnType<typeof base>) => ReturnType<typeof base>) =>
    count(
      await where(base())
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow(),
    );
  const base = () => db().selectFrom('contracts');

  test('admin sees every contract, newest first, with the customer name and amount', async () => {
    const total = await directCount((q) => q);
    expect(total).toBeGreaterThanOrEqual(55);
    const p1 = await contracts(t.admin, { dataType: 'all', page: 1, rows: 10 });
    expect(p1.body.total).toBe(total);
    expect(p1.body.rows).toHaveLength(10);
    const times = p1.body.rows.map((r) => r.addtime);
    expect([...times].sort().reverse()).toEqual(times);
    const first = p1.body.rows[0];
    const stored = await db()
      .selectFrom('contracts as ct')
      .innerJoin('customers as c', 'c.id', 'ct.customer_id')
      .select(['ct.order_sn', 'ct.money_cents', 'c.customer_name', 'ct.customer_id'])
      .where('ct.id', '=', first.id)
      .executeTakeFirstOrThrow();
    expect(first).toMatchObject({
      orderSn: stored.order_sn,
      customerId: stored.customer_id,
      customerName: stored.customer_name,
      Money: stored.money_cents / 100,
    });
    expect(first.orderSn).toMatch(/^HT\d{13}$/);
    const p2 = await contracts(t.admin, { page: 2, rows: 10 });
    expect(new Set([...p1.body.rows, ...p2.body.rows].map((r) => r.id)).size).toBe(20);
    const owners = await db().selectFrom('contracts').select('owner_id').distinct().execute();
    expect(owners.length).toBeGreaterThan(10);
  });

  test('sales sees own contracts only, and those they participate in', async () => {
    const own = await directCount((q) => q.where('owner_id', '=', ids.sales1));
    expect(own).toBeGreaterThan(0);
    const res = await contracts(t.sales, { dataType: 'all', rows: 200 });
    expect(res.body.total).toBe(own);
    expect(res.body.rows.every((r) => r.UserID === ids.sales1)).toBe(true);

    const foreign = await base().select('id').where('owner_id', '=', ids.sales9).executeTakeFirstOrThrow();
    await db().insertInto('contract_participants').values({ contract_id: foreign.id, user_id: ids.sales1 }).execute();
    try {
      const withShared = await contracts(t.sales, { rows: 200 });
      expect(withShared.body.total).toBe(own + 1);
      expect(withShared.body.rows.some((r) => r.id === foreign.id)).toBe(true);
      expect((await contracts(t.sales, { dataType: 'mine', rows: 200 })).body.total).toBe(own);
      expect((await contracts(t.sales, { dataType: 'participating', rows: 200 })).body.rows.map((r) => r.id)).toEqual([foreign.id]);
    } finally {
      await db().deleteFrom('contract_participants').where('contract_id', '=', foreign.id).execute();
    }
  });

  test('a manager sees the contracts of the department', async () => {
    const res = await contracts(t.manager, { rows: 200 });
    expect(res.body.total).toBe(await directCount((q) => q.where('branch_id', '=', ids['销售一部'])));
    const owners = new Set(res.body.rows.map((r) => r.UserID));
    const dept = (await db().selectFrom('users').select('id').where('branch_id', '=', ids['销售一部']).execute()).map((u) => u.id);
    expect([...owners].every((o) => dept.includes(o))).toBe(true);
  });

  test('key searches the contract number and the customer, within the scope', async () => {
    const all = await db()
      .selectFrom('contracts as ct')
      .innerJoin('customers as c', 'c.id', 'ct.customer_id')
      .select(['ct.id', 'ct.order_sn', 'ct.owner_id', 'c.customer_name', 'c.contact_mobile', 'c.code'])
      .execute();
    const matches = (key: string, ownerId?: number) =>
      all.filter(
        (r) =>
          (ownerId === undefined || r.owner_id === ownerId) &&
          [r.order_sn, r.customer_name, r.contact_mobile, r.code ?? ''].some((v) => v.toLowerCase().includes(key.toLowerCase())),
      );

    const name = all[3].customer_name.slice(0, 4);
    const byName = await contracts(t.admin, { key: name, rows: 200 });
    expect(byName.body.total).toBe(matches(name).length);
    expect(byName.body.rows.every((r) => r.customerName.includes(name) || r.orderSn.includes(name))).toBe(true);

    const sn = all[5].order_sn;
    const bySn = await contracts(t.admin, { key: sn.toLowerCase() });
    expect(bySn.body.rows.map((r) => r.orderSn)).toEqual([sn]);

    const mine = all.find((r) => r.owner_id === ids.sales1);
    const others = all.find((r) => r.owner_id !== ids.sales1);
    if (!mine || !others) throw new Error('seed has no contracts for sales1 or others');
    const word = mine.customer_name.slice(2, 4);
    const scoped = await contracts(t.sales, { key: word, rows: 200 });
    expect(scoped.body.total).toBe(matches(word, ids.sales1).length);
    expect((await contracts(t.sales, { key: others.order_sn })).body).toEqual({ rows: [], total: 0 });
    expect((await contracts(t.admin, { key: '没有这个合同' })).body).toEqual({ rows: [], total: 0 });
  });

  test('Views gives the basic detail inside the scope', async () => {
    const mine = await base().select(['id', 'order_sn', 'customer_id', 'money_cents']).where('owner_id', '=', ids.sales1).executeTakeFirstOrThrow();
    const customer = await db().selectFrom('customers').select('customer_name').where('id', '=', mine.customer_id).executeTakeFirstOrThrow();
    const res = await s.post<Envelope<Record<string, unknown>>>('/api/contract/views', { id: mine.id }, { token: t.sales });
    expect(res.body.result).toBe('success');
    expect(res.body.data).toMatchObject({
      id: mine.id,
      contractId: mine.id,
      orderSn: mine.order_sn,
      customerId: mine.customer_id,
      customerName: customer.customer_name,
      Money: mine.money_cents / 100,
      addtime: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
      signDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
    const foreign = await base().select('id').where('owner_id', '=', ids.sales9).executeTakeFirstOrThrow();
    expect((await s.post<Envelope>('/api/contract/Views', { id: foreign.id }, { token: t.sales })).status).toBe(403);
    expect((await s.post<Envelope>('/api/contract/Views', { id: foreign.id }, { token: t.admin })).body.result).toBe('success');
    const unknown = await s.post<Envelope>('/api/contract/Views', { id: 999999 }, { token: t.admin });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ result: 'error', msg: '合同不存在' });
    expect((await s.post<Envelope>('/api/contract/Views', {}, { token: t.admin })).body.msg).toBe('请选择合同');
  });

  test.each([
    [{ dataType: 'everyone' }, '数据范围参数不正确'],
    [{ page: 'x' }, '页码必须是正整数'],
    [{ rows: 201 }, '每页条数必须是1到200之间的整数'],
  ])('refuses %j with %s', async (body, msg) => {
    const res = await contracts(t.admin, body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ result: 'error', msg });
  });
});

describe('permissions', () => {
  const endpoints: [string, Record<string, unknown>][] = [
    ['/api/user/GetGridJson', { page: 1 }],
    ['/api/product/index', { page: 1 }],
    ['/api/product/Index', { page: 1 }],
    ['/api/erp/getWarehouseStorage', { productid: 1 }],
    ['/api/contract/index', { dataType: 'all' }],
    ['/api/contract/Views', { id: 1 }],
  ];

  test.each(endpoints)('%s without a login → 401 with 登陆', async (path, body) => {
    const res = await s.post<Envelope>(path, body);
    expect(res.status).toBe(401);
    expect(res.body.result).toBe('error');
    expect(res.body.msg).toContain('登陆');
    const expired = await s.post<Envelope>(path, body, { token: 'f'.repeat(64) });
    expect(expired.status).toBe(401);
    expect(expired.body.msg).toContain('登陆');
  });

  test('any logged-in user may pick colleagues and products; contracts need a contract page', async () => {
    expect((await s.post<List<UserRow>>('/api/user/GetGridJson', {}, { token: t.noContracts })).body.total).toBeGreaterThan(0);
    expect((await s.post<Envelope>('/api/product/index', {}, { token: t.noContracts })).body.result).toBe('success');
    expect((await s.post<Envelope>('/api/erp/getWarehouseStorage', { productid: 1 }, { token: t.noContracts })).body.result).toBe('success');
    const denied = await s.post<Envelope>('/api/contract/index', { dataType: 'all' }, { token: t.noContracts });
    expect(denied.status).toBe(403);
    expect(denied.body).toEqual({ result: 'error', msg: '没有权限执行此操作' });
    expect((await s.post<Envelope>('/api/contract/Views', { id: 1 }, { token: t.noContracts })).status).toBe(403);
    expect((await s.post<List<ContractRow>>('/api/contract/index', {}, { token: t.finance })).body.total).toBeGreaterThan(0);
  });
});
