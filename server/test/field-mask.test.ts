/**
 * Issue #9: field-level masking per role (字段权限). A role's rules are read and saved by whoever manages
 * roles; the server masks or drops the fields in every reply that carries them (list, detail, export,
 * contacts, 查重, the logged-in 客户查询), and a masked field is found only by its full value.
 */
import { effectiveRules, MASKABLE_FIELDS, maskValue, redactPhones } from '../src/modules/system/field-mask/field-mask';
import { MSG_EXPORT_EMPTY } from '../src/modules/shared/batch/export-jobs';
import { download, readXlsx, type Envelope } from './batch-helpers';
import { DEMO, startServer, type TestServer } from './harness';

type Row = Record<string, unknown> & { id: number };
type List = { rows: Row[]; total: number };
type MaskReply = {
  roleId: number;
  roleName: string;
  builtIn: number;
  modules: { module: string; title: string; fields: { field: string; title: string }[]; rules: { field: string; mode: string }[] }[];
};

let s: TestServer;
const t = { admin: '', manager: '', sales: '' };
let salesRole = 0;
let adminRole = 0;
let customerId = 0;
const NAME = '字段权限测试有限公司';
const MOBILE = '13987650123';
const ADDRESS = '杭州市西湖区文三路90号';

/** The demo seed's one rule (财务: 手机号码 masked), which the tests below leave as they found it. */
let financeRole = 0;
const SEEDED = () => [{ role_id: financeRole, module: 'customer', field: 'contact_mobile', mode: 'mask' as const }];
const restoreSeeded = async () => {
  await s.app.portal.db.deleteFrom('role_field_masks').where('role_id', '=', financeRole).execute();
  await s.app.portal.db.insertInto('role_field_masks').values(SEEDED()).execute();
};
const post = <T = Envelope>(url: string, body: Record<string, unknown>, token: string) => s.post<T>(url, body, { token });
const save = (body: Record<string, unknown>, token = t.admin) => post<Envelope>('/main/role/saveFieldMasks', body, token);
const list = (body: Record<string, unknown>, token = t.sales) => post<List>('/api/customer/index', { view: 'watched', rows: 200, ...body }, token);

beforeAll(async () => {
  s = await startServer();
  t.admin = await s.login(...DEMO.admin);
  t.manager = await s.login(...DEMO.manager);
  t.sales = await s.login(...DEMO.sales);
  const db = s.app.portal.db;
  salesRole = (await db.selectFrom('roles').select('id').where('name', '=', '销售').executeTakeFirstOrThrow()).id;
  adminRole = (await db.selectFrom('roles').select('id').where('built_in', '=', 1).executeTakeFirstOrThrow()).id;
  financeRole = (await db.selectFrom('roles').select('id').where('name', '=', '财务').executeTakeFirstOrThrow()).id;
  const created = await post<Envelope<{ id: number }>>(
    '/api/customer/CustomerAddEndit',
    { id: 0, CustomerName: NAME, contact_name: '周明', contact_mobile: MOBILE, LaiYuan: 1, address: ADDRESS, industry: '软件' },
    t.sales,
  );
  expect(created.body.result).toBe('success');
  customerId = created.body.data.id;
});
afterAll(async () => {
  await s.close();
});

describe('masking formats', () => {
  test('the customer fields a rule may name are the customer form’s text fields', () => {
    expect(MASKABLE_FIELDS.customer.fields.map((f) => f.field)).toEqual([
      'CustomerName',
      'contact_name',
      'contact_mobile',
      'level',
      'industry',
      'address',
      'beizhu',
    ]);
    expect(MASKABLE_FIELDS.customer.fields.find((f) => f.field === 'contact_mobile')).toEqual({ field: 'contact_mobile', title: '手机号码', kind: 'phone' });
  });

  test('phones keep 3 + 4 digits, amounts nothing, text its first character', () => {
    expect(maskValue('phone', '13812345678')).toBe('138****5678');
    expect(maskValue('amount', 12500)).toBe('****');
    expect(maskValue('text', '杭州市西湖区')).toBe('杭***');
    expect(maskValue('text', '')).toBe('');
  });

  test('phones quoted in free text are masked, dates are not', () => {
    expect(redactPhones('手机号码：13812345678 → 0571-88001234；下次跟进时间：2026-11-24 → 空', 'mask')).toBe(
      '手机号码：138****5678 → 057****1234；下次跟进时间：2026-11-24 → 空',
    );
    expect(redactPhones('手机号码：13812345678 → 空', 'hidden')).toBe('手机号码：**** → 空');
    expect(redactPhones('手机号码：13812345678', undefined)).toBe('手机号码：13812345678');
  });
});

describe('reading and saving a role’s rules', () => {
  test('only role managers: sales and the sales manager are refused', async () => {
    for (const token of [t.sales, t.manager]) {
      expect((await post('/main/role/fieldMasks', { roleId: salesRole }, token)).status).toBe(403);
      const refused = await save({ roleId: salesRole, module: 'customer', rules: [{ field: 'address', mode: 'hidden' }] }, token);
      expect(refused.status).toBe(403);
      expect(refused.body.msg).toBe('没有权限执行此操作');
    }
    expect(await s.app.portal.db.selectFrom('role_field_masks').selectAll().execute()).toEqual(SEEDED());
  });

  test('bad input is refused with a message naming the field; 超级管理员 cannot be masked', async () => {
    const unknown = await save({
      roleId: salesRole,
      module: 'customer',
      rules: [
        { field: 'salary', mode: 'mask' },
        { field: 'secret', mode: 'hidden' },
        { field: 'address', mode: 'mask' },
      ],
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.msg).toBe('客户没有这些字段：salary、secret');
    expect((await save({ roleId: salesRole, module: 'orders', rules: [] })).body.msg).toContain('模块');
    expect((await save({ roleId: salesRole, module: 'customer', rules: [{ field: 'address', mode: 'blur' }] })).body.msg).toContain('字段权限只能是');
    expect(
      (
        await save({
          roleId: salesRole,
          module: 'customer',
          rules: [
            { field: 'address', mode: 'mask' },
            { field: 'address', mode: 'hidden' },
          ],
        })
      ).body.msg,
    ).toBe('字段重复：address');
    expect((await save({ roleId: 999999, module: 'customer', rules: [] })).body.msg).toBe('角色不存在');
    const adminMasked = await save({ roleId: adminRole, module: 'customer', rules: [{ field: 'contact_mobile', mode: 'mask' }] });
    expect(adminMasked.status).toBe(400);
    expect(adminMasked.body.msg).toBe('超级管理员始终查看全部字段，不能设置字段权限');
    expect(await s.app.portal.db.selectFrom('role_field_masks').selectAll().execute()).toEqual(SEEDED());
  });

  test('save replaces a module’s rules (visible removes one) and reading gives fields and rules', async () => {
    expect(
      (
        await save({
          roleId: salesRole,
          module: 'customer',
          rules: [
            { field: 'industry', mode: 'mask' },
            { field: 'beizhu', mode: 'hidden' },
          ],
        })
      ).body,
    ).toMatchObject({ result: 'success', msg: '保存成功' });
    const res = await save({
      roleId: salesRole,
      module: 'customer',
      rules: JSON.stringify([
        { field: 'contact_mobile', mode: 'mask' },
        { field: 'address', mode: 'hidden' },
        { field: 'industry', mode: 'visible' },
      ]),
    });
    expect(res.body.result).toBe('success');
    expect((await save({ roleId: salesRole, module: 'contact', rules: [{ field: 'wechat', mode: 'mask' }] })).body.result).toBe('success');
    const read = await post<Envelope<MaskReply>>('/main/role/fieldMasks', { roleId: salesRole }, t.admin);
    expect(read.body.data.roleName).toBe('销售');
    const customer = read.body.data.modules.find((m) => m.module === 'customer');
    expect(customer?.fields).toContainEqual({ field: 'contact_mobile', title: '手机号码' });
    expect(customer?.rules).toEqual([
      { field: 'address', mode: 'hidden' },
      { field: 'contact_mobile', mode: 'mask' },
    ]);
    expect(read.body.data.modules.find((m) => m.module === 'contact')?.rules).toEqual([{ field: 'wechat', mode: 'mask' }]);
  });

  test('复制 a role copies its rules; deleting a role deletes them', async () => {
    const copy = await post<Envelope<{ id: number }>>('/main/role/copy', { id: salesRole, name: '销售-字段权限副本' }, t.admin);
    expect(copy.body.result).toBe('success');
    const db = s.app.portal.db;
    const rulesOf = (id: number) =>
      db.selectFrom('role_field_masks').select(['module', 'field', 'mode']).where('role_id', '=', id).orderBy('module').orderBy('field').execute();
    expect(await rulesOf(copy.body.data.id)).toEqual(await rulesOf(salesRole));
    expect((await rulesOf(copy.body.data.id)).length).toBe(3);
    expect((await post<Envelope>('/main/role/delete', { ids: String(copy.body.data.id) }, t.admin)).body.result).toBe('success');
    expect(await rulesOf(copy.body.data.id)).toEqual([]);
  });
});

describe('enforcement for the masked viewer (销售: 手机号码 masked, 地址 hidden)', () => {
  test('the list masks the phone and drops the address; the admin sees everything', async () => {
    const row = (await list({ key: NAME })).body.rows.find((r) => r.id === customerId);
    expect(row).toMatchObject({ CustomerName: NAME, contact_mobile: '139****0123' });
    expect(row).not.toHaveProperty('address');
    const asAdmin = (await list({ view: 'watched', scene: 'all', key: NAME }, t.admin)).body;
    const full = asAdmin.rows.find((r) => r.id === customerId) ?? (await post<Envelope<Row>>('/api/customer/Views', { id: customerId }, t.admin)).body.data;
    expect(full).toMatchObject({ contact_mobile: MOBILE, address: ADDRESS });
  });

  test('GetRoleType leaves a hidden field out of the list columns', async () => {
    expect(
      (
        await save({
          roleId: salesRole,
          module: 'customer',
          rules: [
            { field: 'contact_mobile', mode: 'mask' },
            { field: 'address', mode: 'hidden' },
            { field: 'level', mode: 'hidden' },
          ],
        })
      ).body.result,
    ).toBe('success');
    try {
      type Views = { views: { view: string; columns: string[] }[] };
      const watched = (await post<Envelope<Views>>('/api/customer/GetRoleType', {}, t.sales)).body.data.views.find((v) => v.view === 'watched');
      expect(watched?.columns).toContain('contact_mobile');
      expect(watched?.columns).not.toContain('level');
      const asAdmin = (await post<Envelope<Views>>('/api/customer/GetRoleType', {}, t.admin)).body.data.views.find((v) => v.view === 'watched');
      expect(asAdmin?.columns).toContain('level');
    } finally {
      await save({
        roleId: salesRole,
        module: 'customer',
        rules: [
          { field: 'contact_mobile', mode: 'mask' },
          { field: 'address', mode: 'hidden' },
        ],
      });
    }
  });

  test('a partial phone finds nothing, digit by digit; the full phone finds the customer, shown masked', async () => {
    for (const part of [MOBILE.slice(3, 7), MOBILE.slice(0, 7), MOBILE.slice(-5), '0123', MOBILE.slice(0, 10)]) {
      const keyed = await list({ key: part });
      expect(keyed.body.rows.map((r) => r.id)).not.toContain(customerId);
      const filtered = await list({ filters: { contact_mobile: part } });
      expect(filtered.body.rows.map((r) => r.id)).not.toContain(customerId);
    }
    const found = await list({ key: MOBILE });
    expect(found.body.rows.map((r) => r.id)).toEqual([customerId]);
    expect(found.body.rows[0].contact_mobile).toBe('139****0123');
    expect(JSON.stringify(found.body)).not.toContain(MOBILE);
    const byFilter = await list({ filters: { contact_mobile: MOBILE } });
    expect(byFilter.body.rows.map((r) => r.id)).toEqual([customerId]);
    // The name (visible) still matches in part.
    expect((await list({ key: '字段权限测试' })).body.rows.map((r) => r.id)).toContain(customerId);
    // The admin still finds it by part of the phone.
    expect((await list({ key: MOBILE.slice(3, 9) }, t.admin)).body.rows.map((r) => r.id)).toContain(customerId);
  });

  test('detail and contacts: the phone masked in the customer and its primary contact (twin fields), WeChat masked', async () => {
    const detail = (await post<Envelope<Row & { contacts: Row[] }>>('/api/customer/Views', { id: customerId }, t.sales)).body.data;
    expect(detail).toMatchObject({ contact_mobile: '139****0123', contact_name: '周明' });
    expect(detail).not.toHaveProperty('address');
    expect(detail.contacts[0]).toMatchObject({ mobile: '139****0123', contactName: '周明' });
    const contacts = await post<List>('/api/contact/list', { customerId }, t.sales);
    expect(contacts.body.rows[0]).toMatchObject({ mobile: '139****0123' });
    const contactId = contacts.body.rows[0].id;
    await s.app.portal.db.updateTable('contacts').set({ wechat: 'zhouming88' }).where('id', '=', contactId).execute();
    expect((await post<Envelope<Row>>('/api/contact/Views', { id: contactId }, t.sales)).body.data).toMatchObject({ mobile: '139****0123', wechat: 'z***' });
    expect((await post<Envelope<Row>>('/api/contact/Views', { id: contactId }, t.admin)).body.data).toMatchObject({ mobile: MOBILE, wechat: 'zhouming88' });
  });

  test('saving the form with the masked values keeps the stored ones', async () => {
    const edit = await post<Envelope>(
      '/api/customer/CustomerAddEndit',
      { id: customerId, CustomerName: NAME, contact_name: '周明', contact_mobile: '139****0123', LaiYuan: 1, address: '', industry: '软件' },
      t.sales,
    );
    expect(edit.body.result).toBe('success');
    const stored = await s.app.portal.db.selectFrom('customers').select(['contact_mobile', 'address']).where('id', '=', customerId).executeTakeFirstOrThrow();
    expect(stored).toEqual({ contact_mobile: MOBILE, address: ADDRESS });
    const primary = await s.app.portal.db
      .selectFrom('contacts')
      .select('mobile')
      .where('customer_id', '=', customerId)
      .where('is_primary', '=', 1)
      .executeTakeFirstOrThrow();
    expect(primary.mobile).toBe(MOBILE);
    // A masked text that is not the stored number's mask is refused, never stored.
    const other = await post<Envelope>(
      '/api/customer/CustomerAddEndit',
      { id: customerId, CustomerName: NAME, contact_name: '周明', contact_mobile: '139****9999', LaiYuan: 1 },
      t.sales,
    );
    expect(other.body).toMatchObject({ result: 'error', msg: '手机号码格式不正确' });
    const created = await post<Envelope>(
      '/api/customer/CustomerAddEndit',
      { id: 0, CustomerName: '星号公司', contact_name: '周明', contact_mobile: '139****0123', LaiYuan: 1 },
      t.sales,
    );
    expect(created.body).toMatchObject({ result: 'error', msg: '手机号码格式不正确' });
    // The contact form likewise.
    const contactId = (await post<List>('/api/contact/list', { customerId }, t.sales)).body.rows[0].id;
    expect(
      (await post<Envelope>('/api/contact/Edit', { id: contactId, contactName: '周明', mobile: '139****0123', zhiwei: '经理' }, t.sales)).body.result,
    ).toBe('success');
    const contact = await s.app.portal.db.selectFrom('contacts').select(['mobile', 'zhiwei']).where('id', '=', contactId).executeTakeFirstOrThrow();
    expect(contact).toEqual({ mobile: MOBILE, zhiwei: '经理' });
    expect((await post<Envelope>('/api/contact/Edit', { id: contactId, contactName: '周明', mobile: '139****1111' }, t.sales)).body.msg).toBe(
      '手机号码格式不正确',
    );
  });

  test('the customer log quotes edited phones masked', async () => {
    await s.app.portal.db
      .insertInto('customer_logs')
      .values({
        customer_id: customerId,
        contract_id: null,
        user_id: null,
        kind: 'edit',
        ext: `手机号码：${MOBILE} → 13911112222`,
        created_at: new Date().toISOString(),
      })
      .execute();
    const logs = await post<List>('/api/OpportLogs/Logs', { customerId }, t.sales);
    expect(logs.body.rows.map((r) => r.Ext)).toContain('手机号码：139****0123 → 139****2222');
    expect(JSON.stringify(logs.body)).not.toContain(MOBILE);
    const asAdmin = await post<List>('/api/OpportLogs/Logs', { customerId }, t.admin);
    expect(asAdmin.body.rows.map((r) => r.Ext)).toContain(`手机号码：${MOBILE} → 13911112222`);
  });

  test('查重: full phone finds it masked; a partial phone nothing; the logged-in 客户查询 masked too', async () => {
    const dup = await post<List>('/api/customer/CheckDuplicate', { mobile: MOBILE }, t.sales);
    const row = dup.body.rows.find((r) => r.id === customerId);
    expect(row).toMatchObject({ CustomerName: NAME, contact_mobile: '139****0123', visible: true });
    expect(JSON.stringify(dup.body)).not.toContain(MOBILE);
    expect((await post<List>('/api/customer/CheckDuplicate', { mobile: MOBILE.slice(0, 7) }, t.sales)).body.rows).toEqual([]);
    const search = await post<Envelope<List>>('/api/customer/GetsearchKh', { key: MOBILE }, t.sales);
    expect(search.body.data.rows[0]).toMatchObject({ id: customerId, contact_mobile: '139****0123' });
    expect(JSON.stringify(search.body)).not.toContain(MOBILE);
  });

  test('a masked customer name is found by 查重 and the list only in full', async () => {
    expect(
      (
        await save({
          roleId: salesRole,
          module: 'customer',
          rules: [
            { field: 'contact_mobile', mode: 'mask' },
            { field: 'address', mode: 'hidden' },
            { field: 'CustomerName', mode: 'mask' },
          ],
        })
      ).body.result,
    ).toBe('success');
    try {
      expect((await post<List>('/api/customer/CheckDuplicate', { name: '字段权限测试' }, t.sales)).body.rows.map((r) => r.id)).not.toContain(customerId);
      expect((await list({ key: '字段权限测试' })).body.rows.map((r) => r.id)).not.toContain(customerId);
      const full = await post<List>('/api/customer/CheckDuplicate', { name: NAME }, t.sales);
      expect(full.body.rows.find((r) => r.id === customerId)).toMatchObject({ CustomerName: '字***' });
      expect((await list({ key: NAME })).body.rows.map((r) => r.id)).toEqual([customerId]);
    } finally {
      await save({
        roleId: salesRole,
        module: 'customer',
        rules: [
          { field: 'contact_mobile', mode: 'mask' },
          { field: 'address', mode: 'hidden' },
        ],
      });
    }
  });

  test('the export masks the phone and leaves out the hidden address column', async () => {
    // 销售 may not export by default: give the role the export right for this test.
    const db = s.app.portal.db;
    const role = await db.selectFrom('roles').select('rights').where('id', '=', salesRole).executeTakeFirstOrThrow();
    const rights = JSON.parse(role.rights) as { crm: string[] };
    await db
      .updateTable('roles')
      .set({ rights: JSON.stringify({ ...rights, crm: [...rights.crm, 'customer/watched:export'] }) })
      .where('id', '=', salesRole)
      .execute();
    const start = await post<Envelope<{ jobId: string; total: number }>>('/api/customer/ExportStart', { view: 'watched', key: MOBILE }, t.sales);
    expect(start.body.result).toBe('success');
    const { jobId } = start.body.data;
    for (let i = 0; i < 200; i++) {
      const p = await post<Envelope<{ finished: boolean }>>('/api/customer/ExportProgress', { jobId }, t.sales);
      if (p.body.data.finished) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    const file = await download(s, `/api/customer/ExportDownload?jobId=${jobId}`, { token: t.sales });
    const rows = await readXlsx(file.data);
    expect(rows[0]).toContain('手机号码');
    expect(rows[0]).not.toContain('地址');
    expect(rows).toHaveLength(2);
    const mobileAt = rows[0].indexOf('手机号码');
    expect(rows[1][mobileAt]).toBe('139****0123');
    expect(JSON.stringify(rows)).not.toContain(ADDRESS);
    // A partial phone exports nothing.
    const partial = await post<Envelope>('/api/customer/ExportStart', { view: 'watched', key: MOBILE.slice(2, 8) }, t.sales);
    expect(partial.body).toMatchObject({ result: 'error', msg: MSG_EXPORT_EMPTY });
  });
});

describe('疑似重复客户 (ceshilist) for a masked 销售经理', () => {
  test('the shared number and the names come masked', async () => {
    const db = s.app.portal.db;
    const managerRole = (await db.selectFrom('roles').select('id').where('name', '=', '销售经理').executeTakeFirstOrThrow()).id;
    const twin = '13655550101';
    for (const [i, name] of ['重复甲公司', '重复乙公司'].entries()) {
      const res = await post<Envelope>(
        '/api/customer/CustomerAddEndit',
        { id: 0, CustomerName: name, contact_name: '吴刚', contact_mobile: `1365555020${i}`, LaiYuan: 1 },
        t.manager,
      );
      expect(res.body.result).toBe('success');
    }
    // Creating refuses a second customer with one mobile (customer-duplicates.test.ts): the pair as older data
    // (or a 公海 import of duplicates as new customers) has it.
    await db.updateTable('customers').set({ contact_mobile: twin }).where('customer_name', 'in', ['重复甲公司', '重复乙公司']).execute();
    expect(
      (
        await save({
          roleId: managerRole,
          module: 'customer',
          rules: [
            { field: 'contact_mobile', mode: 'mask' },
            { field: 'CustomerName', mode: 'mask' },
          ],
        })
      ).body.result,
    ).toBe('success');
    try {
      const groups = await post<{ rows: { mobile: string; customers: { CustomerName: string }[] }[]; total: number }>(
        '/api/customer/ceshilist',
        { rows: 100 },
        t.manager,
      );
      expect(groups.body.total).toBeGreaterThan(0);
      expect(JSON.stringify(groups.body)).not.toContain(twin);
      const group = groups.body.rows.find((g) => g.mobile === '136****0101');
      expect(group?.customers.map((c) => c.CustomerName)).toEqual(['重***', '重***']);
    } finally {
      await save({ roleId: managerRole, module: 'customer', rules: [] });
    }
  });
});

describe('effective rules across several roles', () => {
  test('the least restrictive rule wins; a field one role shows is visible; a built-in role shows everything', async () => {
    const db = s.app.portal.db;
    const finance = (await db.selectFrom('roles').select('id').where('name', '=', '财务').executeTakeFirstOrThrow()).id;
    await db.deleteFrom('role_field_masks').where('role_id', '=', finance).execute();
    await db
      .insertInto('role_field_masks')
      .values([
        { role_id: finance, module: 'customer', field: 'contact_mobile', mode: 'hidden' },
        { role_id: finance, module: 'customer', field: 'address', mode: 'hidden' },
        { role_id: finance, module: 'customer', field: 'level', mode: 'mask' },
      ])
      .execute();
    try {
      const both = await effectiveRules(db, [salesRole, finance], 'customer');
      expect(Object.fromEntries(both)).toEqual({ contact_mobile: 'mask', address: 'hidden' });
      expect(Object.fromEntries(await effectiveRules(db, [finance], 'customer'))).toEqual({ contact_mobile: 'hidden', address: 'hidden', level: 'mask' });
      expect((await effectiveRules(db, [salesRole, adminRole], 'customer')).size).toBe(0);
    } finally {
      await restoreSeeded();
    }
  });
});

describe('hidden required fields: the form leaves them out and the stored values stay', () => {
  const HIDING = [
    { field: 'contact_name', mode: 'hidden' },
    { field: 'contact_mobile', mode: 'hidden' },
    { field: 'address', mode: 'hidden' },
  ];
  const restore = () =>
    save({
      roleId: salesRole,
      module: 'customer',
      rules: [
        { field: 'contact_mobile', mode: 'mask' },
        { field: 'address', mode: 'hidden' },
      ],
    });
  const stored = (id: number) =>
    s.app.portal.db
      .selectFrom('customers')
      .select(['customer_name', 'contact_name', 'contact_mobile', 'address', 'industry'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  test('api/user/myFieldMasks gives the user their own rules; the admin none', async () => {
    const mine = await post<Envelope<Record<string, Record<string, string>>>>('/api/user/myFieldMasks', {}, t.sales);
    expect(mine.body.data).toEqual({ customer: { contact_mobile: 'mask', address: 'hidden' }, contact: { mobile: 'mask', wechat: 'mask' }, contract: {} });
    expect((await post<Envelope<Record<string, Record<string, string>>>>('/api/user/myFieldMasks', {}, t.admin)).body.data).toEqual({
      customer: {},
      contact: {},
      contract: {},
    });
    expect((await s.post<Envelope>('/api/user/myFieldMasks', {})).body.msg).toContain('登陆');
  });

  test('an edit without the hidden 联系人 and 手机号码 saves; a value sent for a hidden field is ignored', async () => {
    expect((await save({ roleId: salesRole, module: 'customer', rules: HIDING })).body.result).toBe('success');
    try {
      const before = await stored(customerId);
      const edit = await post<Envelope>('/api/customer/CustomerAddEndit', { id: customerId, CustomerName: NAME, LaiYuan: 1, industry: '硬件' }, t.sales);
      expect(edit.body).toMatchObject({ result: 'success', msg: '保存成功' });
      expect(await stored(customerId)).toEqual({ ...before, industry: '硬件' });
      // Sent anyway (an old form, a crafted request): the stored values stay.
      const crafted = await post<Envelope>(
        '/api/customer/CustomerAddEndit',
        { id: customerId, CustomerName: NAME, contact_name: '别人', contact_mobile: '13900001111', address: '别处', LaiYuan: 1, industry: '软件' },
        t.sales,
      );
      expect(crafted.body.result).toBe('success');
      expect(await stored(customerId)).toEqual({ ...before, industry: '软件' });
      const primary = await s.app.portal.db
        .selectFrom('contacts')
        .select(['contact_name', 'mobile'])
        .where('customer_id', '=', customerId)
        .where('is_primary', '=', 1)
        .executeTakeFirstOrThrow();
      expect(primary).toEqual({ contact_name: '周明', mobile: MOBILE });
    } finally {
      await restore();
    }
  });

  test('a create without them saves with them empty; for everyone else they stay required, and nothing is half-written', async () => {
    expect((await save({ roleId: salesRole, module: 'customer', rules: HIDING })).body.result).toBe('success');
    const count = async () =>
      Number(
        (
          await s.app.portal.db
            .selectFrom('customers')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    try {
      const created = await post<Envelope<{ id: number }>>(
        '/api/customer/CustomerAddEndit',
        { id: 0, CustomerName: '隐藏字段新建有限公司', LaiYuan: 1, contact_mobile: '13900002222' },
        t.sales,
      );
      expect(created.body).toMatchObject({ result: 'success', msg: '保存成功' });
      expect(await stored(created.body.data.id)).toMatchObject({ customer_name: '隐藏字段新建有限公司', contact_name: '', contact_mobile: '', address: '' });
      // 客户名称 is still required of them.
      expect((await post<Envelope>('/api/customer/CustomerAddEndit', { id: 0, CustomerName: '', LaiYuan: 1 }, t.sales)).body).toMatchObject({
        result: 'error',
        msg: '客户名称不能为空',
      });
      // The manager sees the fields: the form requires them, and a missing one writes nothing.
      const n = await count();
      expect(
        (await post<Envelope>('/api/customer/CustomerAddEndit', { id: 0, CustomerName: '经理新建公司', contact_mobile: '13900003333', LaiYuan: 1 }, t.manager))
          .body,
      ).toMatchObject({ result: 'error', msg: '联系人不能为空' });
      expect(
        (await post<Envelope>('/api/customer/CustomerAddEndit', { id: 0, CustomerName: '经理新建公司', contact_name: '钱七', LaiYuan: 1 }, t.manager)).body,
      ).toMatchObject({ result: 'error', msg: '手机号码不能为空' });
      expect(
        (
          await post<Envelope>(
            '/api/customer/CustomerAddEndit',
            { id: 0, CustomerName: '经理新建公司', contact_name: '钱七', contact_mobile: '12345', LaiYuan: 1 },
            t.manager,
          )
        ).body,
      ).toMatchObject({ result: 'error', msg: '手机号码格式不正确' });
      expect(await count()).toBe(n);
      // The admin editing that customer must give the number its form requires.
      const adminEdit = await post<Envelope>(
        '/api/customer/CustomerAddEndit',
        { id: created.body.data.id, CustomerName: '隐藏字段新建有限公司', contact_name: '孙八', LaiYuan: 1 },
        t.admin,
      );
      expect(adminEdit.body).toMatchObject({ result: 'error', msg: '手机号码不能为空' });
      expect(await stored(created.body.data.id)).toMatchObject({ contact_name: '' });
    } finally {
      await restore();
    }
  });

  test('客户名称 cannot be hidden: the save is refused in Chinese, the reading says so, a stored hidden rule masks', async () => {
    const refused = await save({ roleId: salesRole, module: 'customer', rules: [{ field: 'CustomerName', mode: 'hidden' }] });
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toBe('客户名称不能隐藏，可设为脱敏');
    const rules = await s.app.portal.db
      .selectFrom('role_field_masks')
      .select(['field', 'mode'])
      .where('role_id', '=', salesRole)
      .where('module', '=', 'customer')
      .orderBy('field')
      .execute();
    expect(rules).toEqual([
      { field: 'address', mode: 'hidden' },
      { field: 'contact_mobile', mode: 'mask' },
    ]);
    const read = await post<Envelope<MaskReply>>('/main/role/fieldMasks', { roleId: salesRole }, t.admin);
    const fields = read.body.data.modules.find((m) => m.module === 'customer')?.fields;
    expect(fields?.find((f) => f.field === 'CustomerName')).toEqual({ field: 'CustomerName', title: '客户名称', cannotHide: '客户名称不能隐藏，可设为脱敏' });
    const finance = (await s.app.portal.db.selectFrom('roles').select('id').where('name', '=', '财务').executeTakeFirstOrThrow()).id;
    await s.app.portal.db.deleteFrom('role_field_masks').where('role_id', '=', finance).execute();
    await s.app.portal.db.insertInto('role_field_masks').values({ role_id: finance, module: 'customer', field: 'CustomerName', mode: 'hidden' }).execute();
    try {
      expect(Object.fromEntries(await effectiveRules(s.app.portal.db, [finance], 'customer'))).toEqual({ CustomerName: 'mask' });
    } finally {
      await restoreSeeded();
    }
  });
});

describe('the customer’s name on other records, and 合同金额', () => {
  let contractId = 0;
  const ORDER_SN = 'HTMASK0001';
  beforeAll(async () => {
    const db = s.app.portal.db;
    const sales = await db.selectFrom('users').select(['id', 'branch_id']).where('username', '=', DEMO.sales[0]).executeTakeFirstOrThrow();
    const now = new Date().toISOString();
    const row = await db
      .insertInto('contracts')
      .values({
        order_sn: ORDER_SN,
        title: '字段权限测试合同',
        customer_id: customerId,
        money_cents: 1_234_500,
        status: 2,
        sign_date: '2026-11-01',
        start_date: '2026-11-01',
        end_date: '2027-10-31',
        is_invoiced: 0,
        beizhu: '',
        owner_id: sales.id,
        branch_id: sales.branch_id,
        created_by: sales.id,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    contractId = row.id;
    await db
      .insertInto('tasks')
      .values({
        title: '回访字段权限客户',
        cont: '',
        status: 0,
        type: 1,
        grade: '',
        end_time: '',
        created_by: sales.id,
        assignee_id: sales.id,
        model_id: customerId,
        model_type: 2,
        created_at: now,
        updated_at: now,
      })
      .execute();
    await db
      .insertInto('visitors')
      .values({
        name: '周明',
        mobile: MOBILE,
        company: '',
        purpose: '',
        receptionist_id: sales.id,
        arrived_at: now,
        left_at: '',
        remark: '',
        customer_id: null,
        created_by: sales.id,
        created_at: now,
      })
      .execute();
    const contact = await db.selectFrom('contacts').select('id').where('customer_id', '=', customerId).where('is_primary', '=', 1).executeTakeFirstOrThrow();
    expect(
      (await post<Envelope>('/api/customer/CustomerTrackAdd', { customerId, contactId: contact.id, gjtype: 1, beizhu: '电话回访' }, t.sales)).body.result,
    ).toBe('success');
  });

  const contracts = (body: Record<string, unknown>, token = t.sales) => post<List>('/api/contract/index', { rows: 50, ...body }, token);
  const view = (token = t.sales) => post<Envelope<Row>>('/api/contract/Views', { id: contractId }, token);

  test('contract list and Views: the customer’s name masked, found only by the full name', async () => {
    expect(
      (
        await save({
          roleId: salesRole,
          module: 'customer',
          rules: [
            { field: 'contact_mobile', mode: 'mask' },
            { field: 'address', mode: 'hidden' },
            { field: 'CustomerName', mode: 'mask' },
          ],
        })
      ).body.result,
    ).toBe('success');
    try {
      const row = (await contracts({ customerId })).body.rows.find((r) => r.id === contractId);
      expect(row).toMatchObject({ orderSn: ORDER_SN, customerName: '字***', Money: 12345 });
      expect((await view()).body.data).toMatchObject({ customerName: '字***', Money: 12345 });
      expect((await contracts({ key: '字段权限测试' })).body.rows.map((r) => r.id)).not.toContain(contractId);
      const full = await contracts({ key: NAME });
      expect(full.body.rows.map((r) => r.id)).toContain(contractId);
      expect(JSON.stringify(full.body)).not.toContain(NAME);
      // The admin sees it and finds it by part of the name.
      expect((await contracts({ key: '字段权限测试' }, t.admin)).body.rows.find((r) => r.id === contractId)).toMatchObject({ customerName: NAME });
    } finally {
      await save({
        roleId: salesRole,
        module: 'customer',
        rules: [
          { field: 'contact_mobile', mode: 'mask' },
          { field: 'address', mode: 'hidden' },
        ],
      });
    }
  });

  test('tasks, 访客登记 and follow-ups name the customer and contact by the viewer’s rules', async () => {
    expect(
      (
        await save({
          roleId: salesRole,
          module: 'customer',
          rules: [
            { field: 'contact_mobile', mode: 'mask' },
            { field: 'address', mode: 'hidden' },
            { field: 'CustomerName', mode: 'mask' },
          ],
        })
      ).body.result,
    ).toBe('success');
    expect((await save({ roleId: salesRole, module: 'contact', rules: [{ field: 'contactName', mode: 'mask' }] })).body.result).toBe('success');
    try {
      const tasks = await post<List>('/api/task/index', { scene: 'mine', rows: 50 }, t.sales);
      const task = tasks.body.rows.find((r) => r.title === '回访字段权限客户');
      expect(task).toMatchObject({ modelId: customerId, modelTitle: '字***' });
      expect((await post<Envelope<Row>>('/api/task/detail', { id: task?.id }, t.sales)).body.data).toMatchObject({ modelTitle: '字***' });
      const visitors = await post<List>('/api/customer/visitorsIndex', { key: MOBILE }, t.sales);
      expect(visitors.body.rows[0]).toMatchObject({ customerId, customerName: '字***', mobile: '139****0123' });
      expect(JSON.stringify(visitors.body)).not.toContain(NAME);
      const asManager = await post<List>('/api/customer/visitorsIndex', { key: MOBILE }, t.manager);
      expect(asManager.body.rows[0]).toMatchObject({ customerName: NAME, mobile: MOBILE });
      const followups = await post<List>('/api/customer/kehudetail', { id: customerId }, t.sales);
      expect(followups.body.rows[0]).toMatchObject({ contactName: '周***' });
      expect((await post<List>('/api/customer/kehudetail', { id: customerId }, t.admin)).body.rows[0]).toMatchObject({ contactName: '周明' });
    } finally {
      await save({
        roleId: salesRole,
        module: 'customer',
        rules: [
          { field: 'contact_mobile', mode: 'mask' },
          { field: 'address', mode: 'hidden' },
        ],
      });
      await save({ roleId: salesRole, module: 'contact', rules: [{ field: 'wechat', mode: 'mask' }] });
    }
  });

  test('合同金额 masked as **** (or left out when hidden) in the contract list and Views; the admin sees the amount', async () => {
    expect((await save({ roleId: salesRole, module: 'contract', rules: [{ field: 'Money', mode: 'mask' }] })).body.result).toBe('success');
    try {
      expect((await contracts({ customerId })).body.rows.find((r) => r.id === contractId)).toMatchObject({ Money: '****' });
      expect((await view()).body.data).toMatchObject({ Money: '****', orderSn: ORDER_SN });
      expect(JSON.stringify((await view()).body)).not.toContain('12345');
      expect((await view(t.admin)).body.data).toMatchObject({ Money: 12345 });
      expect((await save({ roleId: salesRole, module: 'contract', rules: [{ field: 'Money', mode: 'hidden' }] })).body.result).toBe('success');
      expect((await contracts({ customerId })).body.rows.find((r) => r.id === contractId)).not.toHaveProperty('Money');
      expect((await view()).body.data).not.toHaveProperty('Money');
      expect((await save({ roleId: salesRole, module: 'contract', rules: [{ field: 'title', mode: 'mask' }] })).body.msg).toBe('合同没有这些字段：title');
    } finally {
      await save({ roleId: salesRole, module: 'contract', rules: [] });
    }
    expect((await view()).body.data).toMatchObject({ Money: 12345 });
  });
});
