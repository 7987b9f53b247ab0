import { FieldDefinitionSchema } from '@portal/shared-contract';
import { replyProblems } from '../src/http/reply-conformance';
import { BUILTIN_FORMS } from '../src/modules/system/form/builtin-forms';
import { CONTROL_TYPES, parseDefinitions } from '../src/modules/system/form/field-definition';
import { DEMO, startServer, type TestServer } from './harness';

type Envelope<T = Record<string, unknown>> = { result: string; msg: string; data: T };
type Definition = {
  id: number;
  mode: string;
  title: string;
  cols: number;
  items: { id: number; json: string }[];
  api_add: string;
  api_edit: string;
  api_detail: string;
  labelwidth: number;
  labelposition: string;
  labelbg: string;
};
type Field = Record<string, unknown> & { type: string; field: string; title: string };
type ColumnRow = { id: number; title: string; checkbox: boolean; show: boolean; json: string };

let s: TestServer;
const t = { admin: '', manager: '', sales: '', sales2: '' };

const definition = (token: string, body: Record<string, unknown>) => s.post<Envelope<Definition>>('/Api/formField/index/', body, { token });
const fieldsOf = (d: Definition): Field[] => d.items.map((i) => JSON.parse(i.json) as Field);

beforeAll(async () => {
  s = await startServer();
  t.admin = await s.login(...DEMO.admin);
  t.manager = await s.login(...DEMO.manager);
  t.sales = await s.login(...DEMO.sales);
  t.sales2 = await s.login('sales2', 'sales123');
});
afterAll(async () => {
  await s.close();
});

describe('built-in form definitions', () => {
  test('every built-in form is seeded and served by mode', async () => {
    for (const mode of [
      'customer',
      'clue',
      'contact',
      'contract',
      'intake',
      'product',
      'baoxiao',
      'finance',
      'payment',
      'task',
      'news',
      'schedule',
      'fieldDemo',
    ]) {
      const res = await definition(t.sales, { mode, isshow: 1 });
      expect(res.body).toMatchObject({
        result: 'success',
        data: { mode, cols: expect.any(Number), api_add: expect.any(String), api_detail: expect.any(String) },
      });
      expect(res.body.data.items.length).toBeGreaterThan(0);
      for (const f of fieldsOf(res.body.data)) expect(f.title).toEqual(expect.any(String));
    }
  });

  test('every built-in definition passes the designer’s own checks', () => {
    for (const form of BUILTIN_FORMS) expect(() => parseDefinitions(form.fields)).not.toThrow();
  });

  test('every built-in definition has the wire contract’s shape (FieldDefinition: no undeclared key, no wrong type)', () => {
    for (const form of BUILTIN_FORMS)
      for (const def of parseDefinitions(form.fields)) expect([form.mode, replyProblems(FieldDefinitionSchema, def)]).toEqual([form.mode, []]);
  });

  test('fieldDemo (自定义表单示例) has exactly one field of every control type and uses the module endpoints', async () => {
    const res = await definition(t.sales, { mode: 'fieldDemo', isshow: 1 });
    const d = res.body.data;
    expect(d).toMatchObject({ title: '自定义表单示例', api_add: 'api/module/add', api_edit: 'api/module/Edit', api_detail: 'api/module/detail' });
    const types = fieldsOf(d).map((f) => f.type);
    expect([...types].sort()).toEqual([...CONTROL_TYPES].sort());
    const byType = new Map(fieldsOf(d).map((f) => [f.type, f]));
    expect(byType.get('jcselect')).toMatchObject({ url: 'api/UserSet/GetLaiyaun' });
    expect(byType.get('customer')).toMatchObject({ url: 'api/customer/index', required: true });
    expect(byType.get('contract')).toMatchObject({ url: 'api/contract/index' });
    expect(byType.get('tree')).toMatchObject({ url: 'api/branch/TreeJson' });
    expect(byType.get('users')).toMatchObject({ max: 3 });
    expect(byType.get('switch')).toMatchObject({ active: '1', inactive: '0' });
    expect((byType.get('select')?.options as unknown[]).length).toBeGreaterThan(1);
    expect((byType.get('tags')?.options as unknown[]).length).toBeGreaterThan(1);
  });

  test('the customer form has the fields of the customer save call', async () => {
    const d = (await definition(t.sales, { mode: 'customer', isshow: 1 })).body.data;
    expect(d.api_add).toBe('api/customer/CustomerAddEndit');
    expect(fieldsOf(d).map((f) => f.field)).toEqual([
      'CustomerName',
      'contact_name',
      'contact_mobile',
      'LaiYuan',
      'level',
      'industry',
      'address',
      'nextgenjintime',
      'beizhu',
    ]);
    expect(fieldsOf(d).find((f) => f.field === 'CustomerName')).toMatchObject({ title: '客户名称', required: true });
  });

  test('formid may be the numeric id; an unknown form is an error; nodeid marks fields writable', async () => {
    const byMode = (await definition(t.sales, { mode: 'task' })).body.data;
    const byId = (await definition(t.sales, { formid: byMode.id })).body.data;
    expect(byId).toEqual(byMode);
    expect((await definition(t.sales, { formid: 'task' })).body.data).toEqual(byMode);
    expect((await definition(t.sales, { mode: 'nope' })).body).toMatchObject({ result: 'error', msg: '表单不存在' });
    const atNode = (await definition(t.sales, { mode: 'task', isshow: 1, nodeid: 5 })).body.data;
    expect(fieldsOf(atNode).every((f) => f.writable === true)).toBe(true);
    expect(fieldsOf(byMode).some((f) => 'writable' in f)).toBe(false);
  });

  test('needs a login', async () => {
    const res = await definition('', { mode: 'customer' });
    expect(res.status).toBe(401);
    expect(res.body.msg).toContain('登陆');
  });
});

describe('designing a form', () => {
  let formId = 0;
  const items = [
    { type: 'input', field: 'visit_title', title: '拜访主题', required: true, max: 100 },
    {
      type: 'select',
      field: 'visit_kind',
      title: '拜访方式',
      options: [
        { label: '上门', value: '1' },
        { label: '电话', value: '2' },
      ],
    },
    { type: 'date', field: 'visit_day', title: '拜访日期' },
    { type: 'picture', field: 'photos', title: '现场照片', required: true },
    { type: 'file', field: 'docs', title: '拜访资料', required: true, message: '请上传拜访资料' },
  ];

  test('admin creates a form; formField/Edit then formField/index returns the same items', async () => {
    const add = await s.post<Envelope<{ id: number }>>(
      '/api/form/add',
      { mode: 'visitLog', title: '拜访记录', category: '客户管理', cols: 2 },
      { token: t.admin },
    );
    expect(add.body).toMatchObject({ result: 'success' });
    formId = add.body.data.id;
    const sent = items.map((f) => ({ json: JSON.stringify(f) }));
    const saved = await s.post<Envelope<Definition>>('/api/formField/Edit', { formid: formId, items: JSON.stringify(sent) }, { token: t.admin });
    expect(saved.body).toMatchObject({ result: 'success', msg: '保存成功' });
    const read = (await definition(t.sales, { formid: formId })).body.data;
    expect(read.items.map((i) => i.json)).toEqual(sent.map((i) => i.json));
    expect(read).toMatchObject({ mode: 'visitLog', title: '拜访记录', cols: 2, api_add: 'api/module/add' });

    // Keeping ids updates in place; leaving one out removes it; order follows the list.
    const kept = [read.items[2], read.items[0]].map((i) => ({ id: i.id, json: i.json }));
    await s.post(
      '/api/formField/Edit',
      {
        formid: 'visitLog',
        items: JSON.stringify([...kept, { json: JSON.stringify(items[3]) }, { json: JSON.stringify(items[4]) }, { json: JSON.stringify(items[1]) }]),
      },
      { token: t.admin },
    );
    const again = (await definition(t.sales, { mode: 'visitLog' })).body.data;
    expect(again.items.slice(0, 2).map((i) => i.id)).toEqual([read.items[2].id, read.items[0].id]);
    expect(fieldsOf(again).map((f) => f.field)).toEqual(['visit_day', 'visit_title', 'photos', 'docs', 'visit_kind']);
  });

  test('bad definitions are refused with a message naming the field, and nothing changes', async () => {
    const before = (await definition(t.admin, { formid: formId })).body.data;
    const cases: [unknown[], string][] = [
      [[{ type: 'slider', field: 'a', title: '滑块' }], '控件类型“slider”不存在'],
      [
        [
          { type: 'input', field: 'a', title: '甲' },
          { type: 'input', field: 'a', title: '乙' },
        ],
        '字段名“a”重复',
      ],
      [[{ type: 'input', field: '1abc', title: '编号' }], '字段名“1abc”不正确'],
      [[{ type: 'input', field: 'a-b', title: '编号' }], '字段名“a-b”不正确'],
      [[{ type: 'input', field: 'a', title: '' }], '第1个字段的标题不能为空'],
      [[{ type: 'jcselect', field: 'a', title: '来源', url: 'https://evil.example/steal' }], '接口路径'],
      [[{ type: 'jcselect', field: 'a', title: '来源', url: 'files/abc' }], '接口路径'],
      [[{ type: 'input', field: 'a', title: '甲', parent: 'zz' }], '上级字段“zz”不存在'],
      [['not json'], '第1个字段的定义不是有效的JSON'],
    ];
    for (const [list, msg] of cases) {
      const res = await s.post<Envelope>(
        '/api/formField/Edit',
        { formid: formId, items: JSON.stringify(list.map((f) => (typeof f === 'string' ? { json: f } : { json: JSON.stringify(f) }))) },
        { token: t.admin },
      );
      expect(res.body).toMatchObject({ result: 'error', msg: expect.stringContaining(msg) });
    }
    expect((await definition(t.admin, { formid: formId })).body.data).toEqual(before);
  });

  test('designing needs the system customForm right; reading needs only a login', async () => {
    for (const token of [t.sales, t.manager]) {
      const edit = await s.post<Envelope>('/api/formField/Edit', { formid: formId, items: '[]' }, { token });
      expect(edit.status).toBe(403);
      expect(edit.body.result).toBe('error');
      expect((await s.post<Envelope>('/api/form/add', { mode: 'x1', title: 'x' }, { token })).status).toBe(403);
      expect((await s.post<Envelope>('/api/field/add', { formid: formId, json: '{"type":"input","field":"z","title":"z"}' }, { token })).status).toBe(403);
      expect((await s.post<Envelope>('/api/field/delete', { id: 1 }, { token })).status).toBe(403);
    }
    expect((await definition(t.sales, { formid: formId })).body.data.items).toHaveLength(5);
  });

  test('form settings: list, detail, edit keeps the mode, duplicates refused', async () => {
    const list = await s.post<{ rows: { mode: string; fieldCount: number }[]; total: number }>('/api/form/index', { page: 1, rows: 100 }, { token: t.sales });
    expect(list.body.total).toBeGreaterThanOrEqual(14);
    expect(list.body.rows.find((r) => r.mode === 'visitLog')).toMatchObject({ fieldCount: 5 });
    const search = await s.post<{ rows: { mode: string }[]; total: number }>('/api/form/index', { key: '拜访' }, { token: t.sales });
    expect(search.body.rows.map((r) => r.mode)).toEqual(['visitLog']);
    expect((await s.post<{ total: number }>('/api/form/index', { key: '_' }, { token: t.sales })).body.total).toBe(0);
    const dup = await s.post<Envelope>('/api/form/add', { mode: 'visitLog', title: '重复' }, { token: t.admin });
    expect(dup.body).toMatchObject({ result: 'error', msg: '表单标识“visitLog”已存在' });
    const rename = await s.post<Envelope>('/api/form/Edit', { id: formId, mode: 'other' }, { token: t.admin });
    expect(rename.body).toMatchObject({ result: 'error', msg: '表单标识不能修改' });
    await s.post('/api/form/Edit', { id: formId, title: '客户拜访记录', labelposition: 'top' }, { token: t.admin });
    const detail = await s.post<Envelope<{ title: string; labelposition: string; api_add: string; cols: number }>>(
      '/api/form/detail',
      { id: formId },
      { token: t.sales },
    );
    expect(detail.body.data).toMatchObject({ title: '客户拜访记录', labelposition: 'top', api_add: 'api/module/add', cols: 2 });
    const workforms = await s.post<{ rows: { mode: string }[] }>('/api/form/workform', {}, { token: t.sales });
    expect(workforms.body.rows.map((r) => r.mode)).toEqual(expect.arrayContaining(['baoxiao', 'contract']));
    expect(workforms.body.rows.map((r) => r.mode)).not.toContain('customer');
  });

  test('form/list: every form in short; form/category: the forms of each category, counted', async () => {
    const all = await s.post<{ rows: Record<string, unknown>[]; total: number }>('/api/form/list', {}, { token: t.sales });
    expect(all.body.total).toBeGreaterThanOrEqual(14);
    expect(all.body.rows.find((r) => r.mode === 'visitLog')).toEqual({
      id: formId,
      mode: 'visitLog',
      title: '客户拜访记录',
      category: expect.any(String),
      is_workflow: 0,
    });
    expect(all.body.rows.find((r) => r.mode === 'baoxiao')).toMatchObject({ is_workflow: 1 });
    const categories = await s.post<{ rows: { category: string; count: number }[]; total: number }>('/api/form/category', {}, { token: t.sales });
    expect(categories.body.total).toBe(categories.body.rows.length);
    expect(categories.body.rows.reduce((n, r) => n + r.count, 0)).toBe(all.body.total);
  });

  test('single fields: add, edit and delete keep names unique', async () => {
    const add = await s.post<Envelope<{ id: number }>>(
      '/api/field/add',
      { formid: formId, json: JSON.stringify({ type: 'textarea', field: 'summary', title: '拜访小结' }) },
      { token: t.admin },
    );
    expect(add.body.result).toBe('success');
    const clash = await s.post<Envelope>(
      '/api/field/add',
      { formid: formId, json: JSON.stringify({ type: 'input', field: 'summary', title: '小结2' }) },
      { token: t.admin },
    );
    expect(clash.body).toMatchObject({ result: 'error', msg: expect.stringContaining('字段名“summary”重复') });
    const edit = await s.post<Envelope>(
      '/api/field/edit',
      { id: add.body.data.id, json: JSON.stringify({ type: 'textarea', field: 'summary', title: '小结', rows: 4 }), isshow: 0 },
      { token: t.admin },
    );
    expect(edit.body.result).toBe('success');
    const designer = await s.post<{ rows: { id: number; title: string; isshow: number; json: string }[] }>(
      '/api/field/index',
      { formid: formId },
      { token: t.admin },
    );
    expect(designer.body.rows.find((r) => r.id === add.body.data.id)).toMatchObject({ title: '小结', isshow: 0 });
    // isshow 0 keeps it out of the entry form.
    expect(fieldsOf((await definition(t.sales, { formid: formId, isshow: 1 })).body.data).map((f) => f.field)).not.toContain('summary');
    // Saving the whole list again (ids without flags) keeps each field's flags.
    const full = designer.body.rows.map((r) => ({ id: r.id, json: r.json }));
    expect((await s.post<Envelope>('/api/formField/Edit', { formid: formId, items: JSON.stringify(full) }, { token: t.admin })).body.result).toBe('success');
    const resaved = await s.post<{ rows: { id: number; isshow: number }[] }>('/api/field/index', { formid: formId }, { token: t.admin });
    expect(resaved.body.rows.map((r) => [r.id, r.isshow])).toEqual(designer.body.rows.map((r) => [r.id, r.isshow]));
    await s.post('/api/field/delete', { id: add.body.data.id }, { token: t.admin });
    expect((await s.post<Envelope>('/api/field/delete', { id: add.body.data.id }, { token: t.admin })).body).toMatchObject({
      result: 'error',
      msg: '字段不存在',
    });
  });
});

describe('list columns per user', () => {
  test('field/my is every list-able field until the user chooses; field/set is per user', async () => {
    const list = await s.post<{ rows: ColumnRow[]; total: number }>('/api/field/list', { formid: 'fieldDemo' }, { token: t.sales });
    const listable = list.body.rows.filter((r) => r.checkbox).map((r) => r.id);
    const rich = list.body.rows.filter((r) => !r.checkbox).map((r) => (JSON.parse(r.json) as Field).type);
    expect(rich).toEqual(expect.arrayContaining(['divider', 'editor', 'product', 'picture', 'file']));
    expect(list.body.rows.filter((r) => r.show).map((r) => r.id)).toEqual(listable);
    const mine = await s.post<Envelope<{ show: string }>>('/api/field/my', { formid: 'fieldDemo' }, { token: t.sales });
    expect(mine.body.data.show).toBe(listable.join(','));

    const chosen = listable.slice(0, 3);
    const set = await s.post<Envelope>('/api/field/set', { formid: 'fieldDemo', ids: chosen.join(',') }, { token: t.sales });
    expect(set.body.result).toBe('success');
    expect((await s.post<Envelope<{ show: string }>>('/api/field/my', { formid: 'fieldDemo' }, { token: t.sales })).body.data.show).toBe(chosen.join(','));
    expect((await s.post<Envelope<{ show: string }>>('/api/field/my', { formid: 'fieldDemo' }, { token: t.sales2 })).body.data.show).toBe(listable.join(','));
    const after = await s.post<{ rows: ColumnRow[] }>('/api/field/list', { formid: 'fieldDemo' }, { token: t.sales });
    expect(after.body.rows.filter((r) => r.show).map((r) => r.id)).toEqual(chosen);

    const editorId = list.body.rows.find((r) => (JSON.parse(r.json) as Field).type === 'editor')?.id;
    const bad = await s.post<Envelope>('/api/field/set', { formid: 'fieldDemo', ids: `${chosen[0]},${editorId}` }, { token: t.sales });
    expect(bad.body).toMatchObject({ result: 'error', msg: `字段ID ${editorId} 不存在或不能作为列表列` });
    expect((await s.post<Envelope>('/api/field/set', { formid: 'fieldDemo', ids: '' }, { token: t.sales })).body.msg).toBe('请至少选择一个字段');
  });
});

describe('module records', () => {
  const png = `/files/${'a'.repeat(32)}.png`;
  const valid = (): Record<string, unknown> => ({
    subject: '华南区域季度回访',
    amount: 12800.5,
    color: '#1677ff',
    grade: '2',
    progress: '1',
    laiyuan: '1',
    sex: '女',
    riqi: '2026-03-15',
    remind_time: '2026-03-15 09:30',
    period: '2026/03/01 00:00:00,2026/03/31 23:59:59',
    enabled: '1',
    remark: '重点跟进报价',
    city: '[44,4401]',
    county: '[44,4401,440106]',
    branch_ids: '3',
    branch_names: '销售一部',
    contract_id: '',
    customer_id: '12',
    customer_name: '广州华美贸易有限公司',
    owner_id: '7',
    owner_name: '李娜',
    member_ids: '7,8',
    members: [
      { userid: 7, username: '李娜', header: '' },
      { userid: 8, username: '赵强', header: '' },
    ],
    products: JSON.stringify([
      {
        id: 0,
        productid: 1,
        title: '企业云盘',
        standard: '标准版',
        number: 2,
        price: 100,
        sellingprice: 150.5,
        xinghao: 'YP-01',
        unit: '套',
        danwei: '套',
        shuihao: '',
        xiaoji: 301,
        warehousename: '默认仓库',
        warehouseid: 0,
      },
    ]),
    pictures: JSON.stringify([{ id: 1, url: png, filename: '现场.png' }]),
    cover: png,
    attachments: '[]',
    content: '<p>客户关注<b>售后</b>响应时间</p>',
    props: JSON.stringify([{ label: '行业', value: '外贸' }]),
    tags: '重点客户,老客户',
    dept_id: '3',
    dept_name: '销售一部',
    schedule_rows: JSON.stringify([{ riqi: '2026-03-02', ext: '上门拜访' }]),
    code: 'f0e1d2c3-b4a5-4000-8000-123456789abc',
  });
  const add = (token: string, data: Record<string, unknown>, module = 'fieldDemo') =>
    s.post<Envelope<{ id: number }>>('/api/module/add', { module, data: JSON.stringify(data) }, { token });
  const refused = async (data: Record<string, unknown>, msg: string) => {
    const res = await add(t.sales, data);
    expect(res.body).toMatchObject({ result: 'error', msg });
  };
  const recordCount = async () =>
    Number(
      (
        await s.app.portal.db
          .selectFrom('module_records')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  test('add then detail returns the values exactly as sent; Edit replaces them', async () => {
    const data = valid();
    const res = await add(t.sales, data);
    expect(res.body).toMatchObject({ result: 'success', msg: '保存成功' });
    const id = res.body.data.id;
    const detail = await s.post<Envelope>('/api/module/detail', { id, module: 'fieldDemo' }, { token: t.sales });
    expect(detail.body.data).toEqual(data);
    expect(JSON.stringify(detail.body.data)).toBe(JSON.stringify(data));

    const changed = { ...valid(), subject: '华南区域季度回访（已改期）', enabled: '0' };
    expect((await s.post<Envelope>('/api/module/Edit', { id, module: 'fieldDemo', data: JSON.stringify(changed) }, { token: t.sales })).body.result).toBe(
      'success',
    );
    expect((await s.post<Envelope>('/api/module/detail', { id, module: 'fieldDemo' }, { token: t.sales })).body.data).toEqual(changed);

    const list = await s.post<{ rows: Record<string, unknown>[]; total: number }>(
      '/api/module/index',
      { module: 'fieldDemo', page: 1, rows: 10 },
      { token: t.sales },
    );
    expect(list.body.rows[0]).toMatchObject({ id, subject: changed.subject, CreateName: '李娜', AddTime: expect.stringMatching(/^\d{4}-\d{2}-\d{2} /) });
  });

  test('required values use the spec messages, or the item’s own message', async () => {
    const before = await recordCount();
    await refused({ ...valid(), subject: '' }, '标题：信息必须填写');
    await refused({ ...valid(), subject: '   ' }, '标题：信息必须填写');
    await refused({ ...valid(), grade: '' }, '重要程度：请选择');
    await refused({ ...valid(), riqi: undefined }, '日期：请选择');
    await refused({ ...valid(), enabled: '' }, '是否启用：信息必须填写');
    await refused({ ...valid(), customer_id: ' ' }, '关联客户：请选择');
    await refused({ ...valid(), owner_id: '' }, '负责人：请选择');
    await refused({ ...valid(), products: '[]' }, '产品明细：请添加产品');
    expect(await recordCount()).toBe(before);
  });

  test('picture and file lists: 请上传图片, the item’s message, 请上传附件', async () => {
    const photos = (docs: string) => ({ visit_title: '首次拜访', photos: '[]', docs });
    const res = await add(t.sales, photos(JSON.stringify([{ id: 1, url: png, FileName: 'a.pdf' }])), 'visitLog');
    expect(res.body).toMatchObject({ result: 'error', msg: '现场照片：请上传图片' });
    const docs = await add(t.sales, { visit_title: '首次拜访', photos: JSON.stringify([{ id: 1, url: png }]), docs: '[]' }, 'visitLog');
    expect(docs.body).toMatchObject({ result: 'error', msg: '请上传拜访资料' });
    // The default for a required file list without its own message.
    await s.post(
      '/api/formField/Edit',
      { formid: 'visitLog', items: JSON.stringify([{ json: JSON.stringify({ type: 'file', field: 'docs', title: '拜访资料', required: true }) }]) },
      { token: t.admin },
    );
    expect((await add(t.sales, { docs: [] }, 'visitLog')).body.msg).toBe('拜访资料：请上传附件');
  });

  test('value checks: 300 characters, patterns, options, products, regions', async () => {
    const before = await recordCount();
    await refused({ ...valid(), subject: '字'.repeat(101) }, '标题不能超过100个字符');
    await refused({ ...valid(), remark: '字'.repeat(301) }, '备注不能超过300个字符');
    await refused({ ...valid(), enabled: 'a-b' }, '是否启用只能包含字母、数字、下划线或汉字');
    await refused({ ...valid(), enabled: '2' }, '是否启用的值只能是1或0');
    await refused({ ...valid(), branch_ids: '3;4' }, '所属部门只能包含字母、数字、下划线、汉字或逗号');
    await refused({ ...valid(), city: '["44<",4401]' }, '所在城市只能包含字母、数字、下划线或汉字');
    await refused({ ...valid(), county: '[44,4401,110105]' }, '所在地区的地区不存在');
    await refused({ ...valid(), grade: '9' }, '重要程度的选项不存在');
    await refused({ ...valid(), riqi: '2026-02-30' }, '日期格式不正确（应为 年-月-日）');
    await refused({ ...valid(), amount: 'abc' }, '金额必须是数字');
    await refused({ ...valid(), member_ids: '7,8,9,10' }, '参与人最多选择3人');
    const line = { productid: 1, number: 2, sellingprice: 150, xiaoji: 300 };
    await refused({ ...valid(), products: JSON.stringify([line, { ...line }]) }, '该产品已存在');
    await refused({ ...valid(), products: JSON.stringify([{ ...line, xiaoji: 299 }]) }, '产品明细第1行的小计必须等于数量乘以单价');
    await refused({ ...valid(), cover: 'javascript:alert(1)' }, '封面图的图片地址不正确');
    expect(await recordCount()).toBe(before);
    // Branch values may hold several ids.
    expect((await add(t.sales, { ...valid(), branch_ids: '3,4' })).body.result).toBe('success');
  });

  test('bad data and forms with their own endpoints are refused', async () => {
    expect((await s.post<Envelope>('/api/module/add', { module: 'fieldDemo', data: 'not json' }, { token: t.sales })).body.msg).toBe('表单数据格式不正确');
    expect((await s.post<Envelope>('/api/module/add', { module: 'fieldDemo' }, { token: t.sales })).body.msg).toBe('请提交表单数据');
    expect((await s.post<Envelope>('/api/module/add', { module: 'nope', data: '{}' }, { token: t.sales })).body.msg).toBe('表单不存在');
    const customer = await s.post<Envelope>('/api/module/add', { module: 'customer', data: '{}' }, { token: t.sales });
    expect(customer.body).toMatchObject({ result: 'error', msg: expect.stringContaining('专用接口') });
  });

  test('records: the creator and form administrators may read and change them; others may not', async () => {
    const mine = (await add(t.sales, valid())).body.data.id;
    const detail = (token: string) => s.post<Envelope>('/api/module/detail', { id: mine, module: 'fieldDemo' }, { token });
    expect((await detail(t.sales2)).status).toBe(403);
    expect((await detail(t.sales2)).body.msg).toBe('只能查看或修改自己创建的记录');
    expect((await detail(t.admin)).body.result).toBe('success');
    const edit = await s.post<Envelope>('/api/module/Edit', { id: mine, module: 'fieldDemo', data: JSON.stringify(valid()) }, { token: t.sales2 });
    expect(edit.status).toBe(403);

    const others = await s.post<{ rows: { id: number }[]; total: number }>('/api/module/index', { module: 'fieldDemo' }, { token: t.sales2 });
    expect(others.body.rows.map((r) => r.id)).not.toContain(mine);
    const all = await s.post<{ rows: { id: number }[]; total: number }>('/api/module/index', { module: 'fieldDemo', rows: 200 }, { token: t.admin });
    expect(all.body.rows.map((r) => r.id)).toContain(mine);

    const own2 = (await add(t.sales2, valid())).body.data.id;
    const before = await recordCount();
    const del = await s.post<Envelope>('/api/module/delete', { ids: `${own2},${mine}` }, { token: t.sales2 });
    expect(del.status).toBe(403);
    expect(await recordCount()).toBe(before);
    expect((await s.post<Envelope>('/api/module/delete', { ids: String(own2) }, { token: t.sales2 })).body.result).toBe('success');
    expect(await recordCount()).toBe(before - 1);
    expect((await s.post<Envelope>('/api/module/detail', { id: own2, module: 'fieldDemo' }, { token: t.sales2 })).body.msg).toBe('记录不存在');
  });
});
