/**
 * 字段权限 in the places that write or re-show customer data besides the customer form: the detail's
 * 联系人 tab (api/contact/*), the customer import (template, preview, dry run, import; 公海 too), the
 * approval detail's form snapshot (a 客户 picker's name), and the demo rule seeded on first start.
 */
import { download, readXlsx, upload, xlsxOf, type Cell, type Envelope } from './batch-helpers';
import { DEMO, startServer, type TestServer } from './harness';
import { DEFAULT_POOL_RULES, setPoolRulesSource } from '../src/modules/crm/pool/pool-rules';

setPoolRulesSource(async () => ({ ...DEFAULT_POOL_RULES, ownershipCap: 1_000_000 }));

type Row = Record<string, unknown> & { id: number };
type List = { rows: Row[]; total: number };
type Preview = { token: string; fields: { key: string; title: string; required: boolean }[]; suggestedMapping: Record<string, number> };
type DryRun = { total: number; valid: number; rejected: { row: number; reason: string }[] };

let s: TestServer;
const t = { admin: '', manager: '', sales: '', finance: '' };
const role = { sales: 0, manager: 0, finance: 0 };
let customerId = 0;
const NAME = '联系人字段权限有限公司';
const MOBILE = '13987650456';

const post = <T = Envelope>(url: string, body: Record<string, unknown>, token: string) => s.post<T>(url, body, { token });
const rules = async (roleId: number, module: string, list: { field: string; mode: string }[]) =>
  expect((await post('/main/role/saveFieldMasks', { roleId, module, rules: list }, t.admin)).body).toMatchObject({ result: 'success' });
const db = () => s.app.portal.db;

beforeAll(async () => {
  s = await startServer();
  t.admin = await s.login(...DEMO.admin);
  t.manager = await s.login(...DEMO.manager);
  t.sales = await s.login(...DEMO.sales);
  t.finance = await s.login(...DEMO.finance);
  const roleId = async (name: string) => (await db().selectFrom('roles').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
  role.sales = await roleId('销售');
  role.manager = await roleId('销售经理');
  role.finance = await roleId('财务');
  const created = await post<Envelope<{ id: number }>>(
    '/api/customer/CustomerAddEndit',
    { id: 0, CustomerName: NAME, contact_name: '周明', contact_mobile: MOBILE, LaiYuan: 1 },
    t.sales,
  );
  expect(created.body.result).toBe('success');
  customerId = created.body.data.id;
});
afterAll(async () => {
  await s.close();
});

describe('the demo rule seeded on first start', () => {
  test('财务 sees customers’ 手机号码 masked (and its twin, the contact’s 手机); no other role has a rule', async () => {
    expect(await db().selectFrom('role_field_masks').select(['role_id', 'module', 'field', 'mode']).execute()).toEqual([
      { role_id: role.finance, module: 'customer', field: 'contact_mobile', mode: 'mask' },
    ]);
    const mine = await post<Envelope<Record<string, Record<string, string>>>>('/api/user/myFieldMasks', {}, t.finance);
    expect(mine.body.data).toEqual({ customer: { contact_mobile: 'mask' }, contact: { mobile: 'mask' }, contract: {} });
    expect((await post<Envelope<Record<string, Record<string, string>>>>('/api/user/myFieldMasks', {}, t.sales)).body.data).toEqual({
      customer: {},
      contact: {},
      contract: {},
    });
  });
});

describe('联系人 tab (api/contact/*)', () => {
  const contactRow = (id: number) =>
    db().selectFrom('contacts').select(['contact_name', 'mobile', 'zhiwei', 'wechat']).where('id', '=', id).executeTakeFirstOrThrow();
  const contactCount = async () =>
    Number(
      (
        await db()
          .selectFrom('contacts')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('customer_id', '=', customerId)
          .executeTakeFirstOrThrow()
      ).n,
    );
  let primaryId = 0;
  beforeAll(async () => {
    primaryId = (await db().selectFrom('contacts').select('id').where('customer_id', '=', customerId).where('is_primary', '=', 1).executeTakeFirstOrThrow()).id;
  });

  test('hidden 姓名 and 手机: left out of the list and details, not required, never written by that user', async () => {
    await rules(role.sales, 'contact', [
      { field: 'contactName', mode: 'hidden' },
      { field: 'mobile', mode: 'hidden' },
    ]);
    try {
      const list = await post<List>('/api/contact/list', { customerId }, t.sales);
      expect(list.body.rows[0]).not.toHaveProperty('contactName');
      expect(list.body.rows[0]).not.toHaveProperty('mobile');
      expect(JSON.stringify(list.body)).not.toContain(MOBILE);
      const view = await post<Envelope<Row>>('/api/contact/Views', { id: primaryId }, t.sales);
      expect(view.body.data).not.toHaveProperty('mobile');
      expect(view.body.data).not.toHaveProperty('contactName');

      // An edit without them saves; the stored values (and the customer's mirror of them) stay.
      const edit = await post<Envelope>('/api/contact/Edit', { id: primaryId, zhiwei: '总经理' }, t.sales);
      expect(edit.body).toMatchObject({ result: 'success', msg: '保存成功' });
      expect(await contactRow(primaryId)).toMatchObject({ contact_name: '周明', mobile: MOBILE, zhiwei: '总经理' });
      // Values sent anyway (an old form, a crafted request) are ignored.
      expect(
        (await post<Envelope>('/api/contact/Edit', { id: primaryId, contactName: '别人', mobile: '13900001111', zhiwei: '董事长' }, t.sales)).body.result,
      ).toBe('success');
      expect(await contactRow(primaryId)).toMatchObject({ contact_name: '周明', mobile: MOBILE, zhiwei: '董事长' });
      expect(await db().selectFrom('customers').select(['contact_name', 'contact_mobile']).where('id', '=', customerId).executeTakeFirstOrThrow()).toEqual({
        contact_name: '周明',
        contact_mobile: MOBILE,
      });

      // A new contact without them saves, with them empty whatever was sent.
      const added = await post<Envelope<{ id: number }>>(
        '/api/contact/add',
        { customerId, zhiwei: '采购', contactName: '偷偷写入', mobile: '13911112222' },
        t.sales,
      );
      expect(added.body).toMatchObject({ result: 'success', msg: '保存成功' });
      expect(await contactRow(added.body.data.id)).toMatchObject({ contact_name: '', mobile: '', zhiwei: '采购' });
    } finally {
      await rules(role.sales, 'contact', []);
    }
  });

  test('for users who see 姓名 it stays required, on add and on edit, and nothing is written', async () => {
    const n = await contactCount();
    const add = await post<Envelope>('/api/contact/add', { customerId, mobile: '13911113333', zhiwei: '采购' }, t.manager);
    expect(add.body).toMatchObject({ result: 'error', msg: '联系人姓名不能为空' });
    expect(await contactCount()).toBe(n);
    const edit = await post<Envelope>('/api/contact/Edit', { id: primaryId, contactName: '', zhiwei: '秘书' }, t.sales);
    expect(edit.body).toMatchObject({ result: 'error', msg: '联系人姓名不能为空' });
    expect(await contactRow(primaryId)).toMatchObject({ contact_name: '周明', zhiwei: '董事长' });
  });

  test('masked 姓名 and 手机 (手机 through the customer’s 手机号码): shown masked, sent back masked they keep the stored values', async () => {
    await rules(role.sales, 'contact', [{ field: 'contactName', mode: 'mask' }]);
    await rules(role.sales, 'customer', [{ field: 'contact_mobile', mode: 'mask' }]);
    try {
      const list = await post<List>('/api/contact/list', { customerId }, t.sales);
      const primary = list.body.rows.find((r) => r.id === primaryId);
      expect(primary).toMatchObject({ contactName: '周***', mobile: '139****0456' });
      expect(JSON.stringify(list.body)).not.toContain(MOBILE);
      // The form sends back what it showed: the stored values stay.
      const same = await post<Envelope>('/api/contact/Edit', { id: primaryId, contactName: '周***', mobile: '139****0456', zhiwei: '经理' }, t.sales);
      expect(same.body.result).toBe('success');
      expect(await contactRow(primaryId)).toMatchObject({ contact_name: '周明', mobile: MOBILE, zhiwei: '经理' });
      // A masked value that is not the stored one's is refused, naming the field; a new value replaces.
      expect((await post<Envelope>('/api/contact/Edit', { id: primaryId, contactName: '周***', mobile: '139****9999' }, t.sales)).body.msg).toBe(
        '手机号码格式不正确',
      );
      expect((await post<Envelope>('/api/contact/add', { customerId, contactName: '郑新', mobile: '139****0456' }, t.sales)).body.msg).toBe(
        '手机号码格式不正确',
      );
      expect((await post<Envelope>('/api/contact/Edit', { id: primaryId, contactName: '周明远', mobile: '139****0456' }, t.sales)).body.result).toBe('success');
      expect(await contactRow(primaryId)).toMatchObject({ contact_name: '周明远', mobile: MOBILE });
    } finally {
      await rules(role.sales, 'contact', []);
      await rules(role.sales, 'customer', []);
    }
  });
});

describe('customer import for a user to whom 联系人 and 手机号码 are hidden', () => {
  const HIDING = [
    { field: 'contact_name', mode: 'hidden' },
    { field: 'contact_mobile', mode: 'hidden' },
  ];
  const SHEET: Cell[][] = [
    ['客户名称', '联系人', '手机', '客户来源'],
    ['隐藏导入甲公司', '张三', '16600000001', '展会'],
    ['隐藏导入乙公司', '', 'not a phone', '展会'],
    ['隐藏导入丙公司', '李四', '16600000001', '展会'],
  ];
  const ALL = { CustomerName: 0, contact_name: 1, contact_mobile: 2, LaiYuan: 3 };
  const templateOf = async (url: string, token: string) => {
    const file = await download(s, url, { token });
    expect(file.status).toBe(200);
    return (await readXlsx(file.data))[0];
  };

  test('the template leaves their columns out (customer and 公海 imports); others get them', async () => {
    await rules(role.sales, 'customer', HIDING);
    await rules(role.manager, 'customer', HIDING);
    try {
      expect(await templateOf('/api/customer/ImportTemplate', t.sales)).toEqual([
        '客户名称*',
        '客户来源*',
        '客户级别',
        '所属行业',
        '地址',
        '下次跟进时间',
        '备注',
      ]);
      expect(await templateOf('/api/customer/PoolImportTemplate', t.manager)).toEqual([
        '客户名称*',
        '客户来源*',
        '客户级别',
        '所属行业',
        '地址',
        '下次跟进时间',
        '备注',
      ]);
      expect((await templateOf('/api/customer/ImportTemplate', t.admin)).slice(0, 4)).toEqual(['客户名称*', '联系人*', '手机号码*', '客户来源*']);
      expect((await download(s, '/api/customer/ImportTemplate', { token: t.finance })).status).toBe(403);
    } finally {
      await rules(role.sales, 'customer', []);
      await rules(role.manager, 'customer', []);
    }
  });

  test('preview, dry run and import neither offer nor require them, and ignore their columns', async () => {
    await rules(role.sales, 'customer', HIDING);
    try {
      const preview = await upload<Preview>(s, '/api/customer/ImportPreview', await xlsxOf(SHEET), '客户.xlsx', t.sales);
      expect(preview.body.result).toBe('success');
      expect(preview.body.data.fields.map((f) => f.key)).toEqual(['CustomerName', 'LaiYuan', 'level', 'industry', 'address', 'nextgenjintime', 'beizhu']);
      expect(preview.body.data.suggestedMapping).toEqual({ CustomerName: 0, LaiYuan: 3 });
      const token = preview.body.data.token;
      // Mapped anyway (an old client): the columns are ignored, so no bad phone and no repeated phone.
      const dry = await post<Envelope<DryRun>>('/api/customer/ImportDryRun', { token, mapping: ALL }, t.sales);
      expect(dry.body.data).toMatchObject({ total: 3, valid: 3, rejected: [] });
      expect(
        (await post<Envelope<DryRun>>('/api/customer/ImportDryRun', { token, mapping: { CustomerName: 0, LaiYuan: 3 } }, t.sales)).body.data,
      ).toMatchObject({ valid: 3 });
      const run = await post<Envelope<{ imported: number }>>('/api/customer/Import', { token, mapping: ALL }, t.sales);
      expect(run.body).toMatchObject({ result: 'success', data: { imported: 3 } });
      const stored = await db()
        .selectFrom('customers')
        .select(['customer_name', 'contact_name', 'contact_mobile'])
        .where('customer_name', 'like', '隐藏导入%')
        .orderBy('customer_name')
        .execute();
      expect(stored).toHaveLength(3);
      for (const c of stored) expect(c).toMatchObject({ contact_name: '', contact_mobile: '' });
    } finally {
      await rules(role.sales, 'customer', []);
    }
  });

  test('the 公海 import likewise', async () => {
    await rules(role.manager, 'customer', HIDING);
    try {
      const sheet = SHEET.map((r, i) => (i === 0 ? r : [`公海${String(r[0])}`, ...r.slice(1)]));
      const preview = await upload<Preview>(s, '/api/customer/PoolImportPreview', await xlsxOf(sheet), '公海.xlsx', t.manager);
      expect(preview.body.data.fields.map((f) => f.key)).not.toContain('contact_mobile');
      const run = await post<Envelope<{ imported: number }>>('/api/customer/PoolImport', { token: preview.body.data.token, mapping: ALL }, t.manager);
      expect(run.body).toMatchObject({ result: 'success', data: { imported: 3 } });
    } finally {
      await rules(role.manager, 'customer', []);
    }
  });

  test('a masked (not hidden) 手机号码 stays importable and required', async () => {
    await rules(role.sales, 'customer', [{ field: 'contact_mobile', mode: 'mask' }]);
    try {
      expect((await templateOf('/api/customer/ImportTemplate', t.sales)).slice(0, 3)).toEqual(['客户名称*', '联系人*', '手机号码*']);
      const sheet: Cell[][] = [SHEET[0], ['脱敏导入甲公司', '张三', '16600000011', '展会'], ['脱敏导入乙公司', '王五', '', '展会']];
      const preview = await upload<Preview>(s, '/api/customer/ImportPreview', await xlsxOf(sheet), '客户.xlsx', t.sales);
      expect(preview.body.data.fields.find((f) => f.key === 'contact_mobile')).toEqual({ key: 'contact_mobile', title: '手机号码', required: true });
      const token = preview.body.data.token;
      expect((await post<Envelope>('/api/customer/ImportDryRun', { token, mapping: { CustomerName: 0, contact_name: 1, LaiYuan: 3 } }, t.sales)).body.msg).toBe(
        '请为“手机号码”选择对应的列',
      );
      const dry = await post<Envelope<DryRun>>('/api/customer/ImportDryRun', { token, mapping: ALL }, t.sales);
      expect(dry.body.data).toMatchObject({ valid: 1, rejected: [{ row: 3, reason: '手机号码不能为空' }] });
      expect((await post<Envelope>('/api/customer/Import', { token, mapping: ALL }, t.sales)).body.result).toBe('success');
      expect(await db().selectFrom('customers').select('contact_mobile').where('customer_name', '=', '脱敏导入甲公司').executeTakeFirstOrThrow()).toEqual({
        contact_mobile: '16600000011',
      });
    } finally {
      await rules(role.sales, 'customer', []);
    }
  });
});

describe('approval detail: a 客户 picker’s name in the form snapshot', () => {
  test('follows the viewer’s 客户名称 rule; an approver’s node edit sending it back masked keeps the stored name', async () => {
    const items = [
      { type: 'customer', field: 'customer_id', field2: 'customer_name', title: '拜访客户', required: true, url: 'api/customer/index' },
      { type: 'input', field: 'purpose', title: '拜访事由' },
    ];
    expect((await post('/api/workform/add', { mode: 'visitPlan', title: '客户拜访申请', items }, t.admin)).body.result).toBe('success');
    const manager = (await db().selectFrom('users').select('id').where('username', '=', DEMO.manager[0]).executeTakeFirstOrThrow()).id;
    const flowJson = {
      nodes: [
        { id: 's', name: '开始', config: { kind: 'start' } },
        {
          id: 'a',
          name: '经理审批',
          config: {
            kind: 'approver',
            mode: 'or',
            approver: { type: 'users', userIds: [manager] },
            writeField: { customer_name: 'edit', customer_id: 'edit', purpose: 'edit' },
          },
        },
        { id: 'e', name: '结束', config: { kind: 'end' } },
      ],
      lines: [
        { from: 's', to: 'a' },
        { from: 'a', to: 'e' },
      ],
    };
    const flow = await post<Envelope<{ id: number }>>(
      '/api/flow/add',
      { name: '客户拜访审批', formMode: 'visitPlan', WorlFlowJson: JSON.stringify(flowJson) },
      t.admin,
    );
    expect(flow.body.result).toBe('success');
    const sub = await post<Envelope<{ taskid: number }>>(
      '/api/WorkFlow/Approval',
      { flowId: flow.body.data.id, data: JSON.stringify({ customer_id: customerId, customer_name: NAME, purpose: '续约' }) },
      t.sales,
    );
    expect(sub.body.result).toBe('success');
    const taskid = sub.body.data.taskid;
    const detail = async (token: string) => (await post<Envelope<{ data: Record<string, unknown> }>>('/api/WorkFlow/detail', { taskid }, token)).body;

    expect((await detail(t.sales)).data.data).toMatchObject({ customer_name: NAME, purpose: '续约' });
    await rules(role.sales, 'customer', [{ field: 'CustomerName', mode: 'mask' }]);
    await rules(role.manager, 'customer', [{ field: 'CustomerName', mode: 'mask' }]);
    try {
      const masked = await detail(t.sales);
      expect(masked.data.data).toMatchObject({ customer_id: customerId, customer_name: '联***', purpose: '续约' });
      expect(JSON.stringify(masked)).not.toContain(NAME);
      expect((await detail(t.admin)).data.data).toMatchObject({ customer_name: NAME });

      // The approver saves the node form as shown: the stored name stays, the other field changes.
      const asApprover = await detail(t.manager);
      expect(asApprover.data.data).toMatchObject({ customer_name: '联***' });
      const step = (
        await db()
          .selectFrom('wf_steps')
          .select('id')
          .where('instance_id', '=', taskid)
          .where('user_id', '=', manager)
          .where('active', '=', 1)
          .executeTakeFirstOrThrow()
      ).id;
      const edit = await post<Envelope>(
        '/api/WorkFlow/editFormField',
        { stepid: step, data: JSON.stringify({ customer_id: customerId, customer_name: '联***', purpose: '续约并增购' }) },
        t.manager,
      );
      expect(edit.body.result).toBe('success');
      const stored = JSON.parse(
        (await db().selectFrom('wf_instances').select('form_data').where('id', '=', taskid).executeTakeFirstOrThrow()).form_data,
      ) as Record<string, unknown>;
      expect(stored).toMatchObject({ customer_name: NAME, purpose: '续约并增购' });
    } finally {
      await rules(role.sales, 'customer', []);
      await rules(role.manager, 'customer', []);
    }
  });
});

describe('form records (api/module/*): a 客户 picker’s name', () => {
  test('follows the viewer’s 客户名称 rule in the list and the detail; an edit sending it back masked keeps the stored name', async () => {
    const items = [
      { type: 'customer', field: 'customer_id', field2: 'customer_name', title: '回访客户', required: true, url: 'api/customer/index' },
      { type: 'input', field: 'note', title: '回访记录' },
    ];
    expect((await post('/api/form/add', { mode: 'revisitNote', title: '客户回访登记', items }, t.admin)).body.result).toBe('success');
    const added = await post<Envelope<{ id: number }>>(
      '/api/module/add',
      { mode: 'revisitNote', data: JSON.stringify({ customer_id: customerId, customer_name: NAME, note: '满意' }) },
      t.sales,
    );
    expect(added.body.result).toBe('success');
    const id = added.body.data.id;
    const list = async () => (await post<List>('/api/module/index', { mode: 'revisitNote', page: 1, rows: 10 }, t.sales)).body;
    const detail = async () => (await post<Envelope<Record<string, unknown>>>('/api/module/detail', { mode: 'revisitNote', id }, t.sales)).body;

    expect((await list()).rows[0]).toMatchObject({ id, customer_name: NAME });
    await rules(role.sales, 'customer', [{ field: 'CustomerName', mode: 'mask' }]);
    try {
      const masked = await list();
      expect(masked.rows[0]).toMatchObject({ id, customer_id: customerId, customer_name: '联***', note: '满意' });
      expect(JSON.stringify(masked)).not.toContain(NAME);
      const shown = await detail();
      expect(shown.data).toMatchObject({ customer_name: '联***', note: '满意' });
      expect(JSON.stringify(shown)).not.toContain(NAME);

      const edit = await post('/api/module/Edit', { mode: 'revisitNote', id, data: JSON.stringify({ ...shown.data, note: '很满意' }) }, t.sales);
      expect(edit.body.result).toBe('success');
      const stored = JSON.parse((await db().selectFrom('module_records').select('data').where('id', '=', id).executeTakeFirstOrThrow()).data) as Record<
        string,
        unknown
      >;
      expect(stored).toMatchObject({ customer_name: NAME, note: '很满意' });
    } finally {
      await rules(role.sales, 'customer', []);
    }
  });
});

describe('operation log (api/OpportLogs/Logs): quoted names and values', () => {
  test('show as the viewer sees their fields: contact names, an edited 地址 hidden, 客户名称 masked; rows from before the quotes too', async () => {
    const created = await post<Envelope<{ id: number }>>(
      '/api/customer/CustomerAddEndit',
      { id: 0, CustomerName: '日志脱敏测试有限公司', contact_name: '孙悟空', contact_mobile: '13700001111', LaiYuan: 1, address: '花果山一号' },
      t.sales,
    );
    expect(created.body.result).toBe('success');
    const id = created.body.data.id;
    const edited = await post(
      '/api/customer/CustomerAddEndit',
      { id, CustomerName: '日志脱敏测试集团', contact_name: '孙悟空', contact_mobile: '13700001111', LaiYuan: 1, address: '水帘洞二号' },
      t.sales,
    );
    expect(edited.body.result).toBe('success');
    const contact = await post<Envelope<{ id: number }>>('/api/contact/add', { customerId: id, contactName: '猪八戒', mobile: '13700002222' }, t.sales);
    expect(contact.body.result).toBe('success');
    // A row written before quotes were kept (migration 042 reads the names back from such sentences).
    const now = new Date().toISOString();
    await db()
      .insertInto('customer_logs')
      .values({ customer_id: id, contract_id: null, user_id: null, kind: 'contact', ext: '删除联系人 沙和尚', created_at: now })
      .execute();
    const logs = async (token: string) =>
      (await post<List>('/api/OpportLogs/Logs', { customerId: id, page: 1, rows: 20 }, token)).body.rows.map((r) => String(r.Ext));

    const plain = (await logs(t.manager)).join('\n');
    expect(plain).toContain('客户名称：日志脱敏测试有限公司 → 日志脱敏测试集团');
    expect(plain).toContain('地址：花果山一号 → 水帘洞二号');
    expect(plain).toContain('新增联系人 猪八戒');

    await rules(role.manager, 'customer', [
      { field: 'CustomerName', mode: 'mask' },
      { field: 'address', mode: 'hidden' },
      { field: 'contact_name', mode: 'mask' },
    ]);
    try {
      const { quotesInOldText } = await import('../src/modules/crm/customer/customer-log');
      const old = await db()
        .selectFrom('customer_logs')
        .select(['id', 'kind', 'ext'])
        .where('customer_id', '=', id)
        .where('ext', '=', '删除联系人 沙和尚')
        .executeTakeFirstOrThrow();
      await db()
        .updateTable('customer_logs')
        .set({ quoted: JSON.stringify(quotesInOldText(old.kind, old.ext)) })
        .where('id', '=', old.id)
        .execute();

      const shown = (await logs(t.manager)).join('\n');
      expect(shown).toContain('客户名称：日*** → 日***');
      expect(shown).toContain('地址：*** → ***');
      expect(shown).toContain('新增联系人 猪***');
      expect(shown).toContain('删除联系人 沙***');
      for (const secret of ['日志脱敏测试', '花果山', '水帘洞', '猪八戒', '沙和尚']) expect(shown).not.toContain(secret);
      // The owner has no rule and reads the log as written.
      expect((await logs(t.sales)).join('\n')).toContain('新增联系人 猪八戒');
    } finally {
      await rules(role.manager, 'customer', []);
    }
  });
});
