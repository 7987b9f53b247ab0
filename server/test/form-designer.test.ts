/**
 * The form and work-form designer (issue #9): api/workform/*, api/form/add|Edit with the field list in
 * the same transaction, api/formField/Edit and api/field/edit refusing a type change of a field that
 * holds data, and field linkage enforced where module records are saved.
 */
import { linkageState, ruleMatches, valueTexts } from '../src/modules/system/form/linkage';
import { DEMO, startServer, type TestServer } from './harness';

type Envelope<T = Record<string, unknown>> = { result: string; msg: string; data: T };
type Design = {
  id: number;
  mode: string;
  title: string;
  cols: number;
  is_workflow: number;
  labelposition: string;
  items: { id: number; json: string; status: number; isshow: number }[];
};
type Field = Record<string, unknown> & { type: string; field: string; title: string };

let s: TestServer;
const t = { admin: '', sales: '', manager: '' };
const json = { form: false } as const;

const post = <T = Record<string, unknown>>(url: string, body: Record<string, unknown>, token = t.admin) => s.post<Envelope<T>>(url, body, { token, ...json });
const fieldsOf = (d: Design): Field[] => d.items.map((i) => JSON.parse(i.json) as Field);

beforeAll(async () => {
  s = await startServer();
  t.admin = await s.login(...DEMO.admin);
  t.sales = await s.login(...DEMO.sales);
  t.manager = await s.login(...DEMO.manager);
});
afterAll(async () => {
  await s.close();
});

const TRIP_FIELDS: Field[] = [
  { type: 'input', field: 'destination', title: '出差地点', required: true, max: 50 },
  { type: 'number', field: 'days', title: '出差天数', required: true },
  {
    type: 'select',
    field: 'transport',
    title: '交通方式',
    options: [
      { label: '火车', value: 'train' },
      { label: '飞机', value: 'plane' },
    ],
  },
  { type: 'textarea', field: 'reason', title: '出差事由', rows: 3 },
];

describe('api/workform', () => {
  let tripId = 0;

  test('add saves the settings and the field list together; detail and index show it', async () => {
    const add = await post<{ id: number }>('/api/workform/add', {
      mode: 'trip',
      title: '出差申请',
      category: '行政',
      cols: 2,
      labelposition: 'top',
      items: TRIP_FIELDS,
    });
    expect(add.body).toMatchObject({ result: 'success', msg: '保存成功' });
    tripId = add.body.data.id;
    const detail = await post<Design>('/api/workform/detail', { id: tripId }, t.sales);
    expect(detail.body.data).toMatchObject({ mode: 'trip', title: '出差申请', is_workflow: 1, labelposition: 'top' });
    expect(fieldsOf(detail.body.data).map((f) => f.field)).toEqual(['destination', 'days', 'transport', 'reason']);
    expect(detail.body.data.items.every((i) => i.status === 1 && i.isshow === 1)).toBe(true);
    const list = await s.post<{ rows: { mode: string }[]; total: number }>('/api/workform/index', { key: '出差' }, { token: t.sales });
    expect(list.body.rows.map((r) => r.mode)).toEqual(['trip']);
    const customList = await s.post<{ rows: { mode: string }[] }>('/api/workform/index', { rows: 100 }, { token: t.sales });
    expect(customList.body.rows.map((r) => r.mode)).not.toContain('customer');
  });

  test('rights: only holders of the workForm actions design; anyone logged in reads', async () => {
    for (const token of [t.sales, t.manager]) {
      expect((await post('/api/workform/add', { mode: 'x2', title: 'x' }, token)).status).toBe(403);
      expect((await post('/api/workform/Edit', { id: tripId, title: 'x' }, token)).status).toBe(403);
      expect((await post('/api/workform/delete', { id: tripId }, token)).status).toBe(403);
    }
    const anonymous = await s.post<Envelope>('/api/workform/index', {});
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.msg).toContain('登陆');
    expect((await post('/api/workform/detail', { id: tripId }, t.sales)).body.result).toBe('success');
  });

  test('bad input is refused naming the field, and nothing is half-written', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ mode: '1bad', title: 'x' }, '表单标识只能用字母、数字和下划线，且以字母开头'],
      [{ mode: 'noTitle' }, '表单名称不能为空'],
      [
        { mode: 'dup', title: '重复', items: [TRIP_FIELDS[0], { ...TRIP_FIELDS[1], field: 'destination' }] },
        '字段名“destination”重复（字段“出差地点”和“出差天数”）',
      ],
      [
        { mode: 'badName', title: '名称', items: [{ type: 'input', field: '2x', title: '金额' }] },
        '字段“金额”的字段名“2x”不正确：只能用字母、数字和下划线，且不能以数字开头',
      ],
      [{ mode: 'badType', title: '类型', items: [{ type: 'slider', field: 'x', title: '滑块' }] }, '字段“滑块”的控件类型“slider”不存在'],
      [
        { mode: 'badLink', title: '联动', items: [{ type: 'input', field: 'a', title: '甲', linkage: [{ when: 'zz', values: ['1'], effect: 'show' }] }] },
        '字段“甲”的联动条件字段“zz”不存在',
      ],
      [
        { mode: 'badEffect', title: '联动', items: [{ type: 'input', field: 'a', title: '甲', linkage: [{ when: 'a', values: ['1'], effect: 'blink' }] }] },
        '字段“甲”的第1条联动规则的效果只能是show、hide或require',
      ],
      [{ mode: 'trip', title: '重复标识' }, '表单标识“trip”已存在'],
    ];
    for (const [body, msg] of cases) {
      const res = await post('/api/workform/add', body);
      expect(res.body).toMatchObject({ result: 'error', msg });
    }
    const forms = await s.app.portal.db.selectFrom('forms').select('mode').where('mode', 'in', ['dup', 'badName', 'badType', 'badLink', 'badEffect']).execute();
    expect(forms).toEqual([]);
    // An edit whose field list is bad changes no setting either.
    const bad = await post('/api/workform/Edit', { id: tripId, title: '改过的标题', items: [{ type: 'input', field: '', title: '无名' }] });
    expect(bad.body).toMatchObject({ result: 'error', msg: '字段“无名”的字段名不能为空' });
    expect((await post<Design>('/api/workform/detail', { id: tripId })).body.data.title).toBe('出差申请');
    expect((await post('/api/workform/detail', { id: 0 })).body.result).toBe('error');
    // A form that is not a work form is not edited through these calls.
    const customer = await s.app.portal.db.selectFrom('forms').select('id').where('mode', '=', 'customer').executeTakeFirstOrThrow();
    expect((await post('/api/workform/Edit', { id: customer.id, title: 'x' })).body).toMatchObject({ result: 'error', msg: '表单“客户”不是工作流表单' });
  });

  test('Edit reorders, edits and removes fields in one save (ids keep their flags)', async () => {
    const detail = (await post<Design>('/api/workform/detail', { id: tripId })).body.data;
    const [dest, days, transport] = detail.items;
    const items = [
      { id: days.id, json: days.json },
      { id: dest.id, json: JSON.stringify({ ...JSON.parse(dest.json), title: '目的地' }) },
      { id: transport.id, json: transport.json, isshow: 0 },
      { json: { type: 'date', field: 'start', title: '出发日期', required: true } },
    ];
    expect((await post('/api/workform/Edit', { id: tripId, cols: 1, items })).body).toMatchObject({ result: 'success', msg: '保存成功' });
    const after = (await post<Design>('/api/workform/detail', { id: tripId })).body.data;
    expect(fieldsOf(after).map((f) => f.title)).toEqual(['出差天数', '目的地', '交通方式', '出发日期']);
    expect(after.items[2].isshow).toBe(0);
    expect(after.cols).toBe(1);
  });

  test('delete: refused while a flow uses the form (naming it), for built-in and non-work forms; otherwise removed', async () => {
    const leave = await s.app.portal.db.selectFrom('forms').select('id').where('mode', '=', 'leave').executeTakeFirstOrThrow();
    expect((await post('/api/workform/delete', { id: leave.id })).body).toMatchObject({
      result: 'error',
      msg: '表单“请假申请”已被流程“请假申请”使用，不能删除',
    });
    const baoxiao = await s.app.portal.db.selectFrom('forms').select('id').where('mode', '=', 'baoxiao').executeTakeFirstOrThrow();
    expect((await post('/api/workform/delete', { id: baoxiao.id })).body.result).toBe('error');
    const customer = await s.app.portal.db.selectFrom('forms').select('id').where('mode', '=', 'customer').executeTakeFirstOrThrow();
    expect((await post('/api/workform/delete', { id: customer.id })).body).toMatchObject({ result: 'error', msg: '表单“客户”不是工作流表单' });
    expect((await post('/api/workform/delete', {})).body).toMatchObject({ result: 'error', msg: '请选择表单' });
    expect((await post('/api/workform/delete', { id: tripId })).body).toMatchObject({ result: 'success', msg: '删除成功' });
    expect(await s.app.portal.db.selectFrom('form_fields').select('id').where('form_id', '=', tripId).execute()).toEqual([]);
    expect((await post('/api/workform/detail', { id: tripId })).body).toMatchObject({ result: 'error', msg: '表单不存在' });
  });
});

describe('a field that holds data keeps its type', () => {
  let formId = 0;
  const FIELDS: Field[] = [
    { type: 'input', field: 'note', title: '备注' },
    { type: 'input', field: 'code', title: '编号' },
  ];

  beforeAll(async () => {
    const add = await post<{ id: number }>('/api/form/add', { mode: 'typeRule', title: '类型规则', items: FIELDS });
    expect(add.body.result).toBe('success');
    formId = add.body.data.id;
    const rec = await post('/api/module/add', { module: 'typeRule', data: { note: '已经填写' } });
    expect(rec.body.result).toBe('success');
  });

  test('api/formField/Edit refuses to change the type of a filled field, naming it; an empty one may change', async () => {
    const d = (await post<Design>('/api/form/detail', { id: formId })).body.data;
    const [note, code] = d.items;
    const asNumber = (item: { id: number; json: string }) => ({ id: item.id, json: { ...(JSON.parse(item.json) as Field), type: 'number' } });
    const refused = await post('/api/formField/Edit', { formid: formId, items: [asNumber(note), { id: code.id, json: code.json }] });
    expect(refused.body).toMatchObject({ result: 'error', msg: '字段“备注”已有数据，不能把控件类型从“单行文本”改为“数字”' });
    // Deleting the field and adding one of the same name is the same change.
    const sneaky = await post('/api/formField/Edit', {
      formid: formId,
      items: [{ json: { type: 'number', field: 'note', title: '备注' } }, { id: code.id, json: code.json }],
    });
    expect(sneaky.body.result).toBe('error');
    const allowed = await post('/api/formField/Edit', { formid: formId, items: [{ id: note.id, json: note.json }, asNumber(code)] });
    expect(allowed.body.result).toBe('success');
    // Other properties of a filled field still change.
    const retitled = await post('/api/formField/Edit', {
      formid: formId,
      items: [{ id: note.id, json: { type: 'input', field: 'note', title: '说明', max: 100 } }, { id: code.id }],
    });
    expect(retitled.body.result).toBe('error'); // an item needs its json
    const ok = await post('/api/form/Edit', { id: formId, items: [{ id: note.id, json: { type: 'input', field: 'note', title: '说明', max: 100 } }] });
    expect(ok.body.result).toBe('success');
  });

  test('api/field/edit and api/form/Edit apply the same rule; rights and built-in forms', async () => {
    const d = (await post<Design>('/api/form/detail', { id: formId })).body.data;
    const note = d.items[0];
    const single = await post('/api/field/edit', { id: note.id, json: JSON.stringify({ type: 'textarea', field: 'note', title: '说明' }) });
    expect(single.body).toMatchObject({ result: 'error', msg: '字段“说明”已有数据，不能把控件类型从“单行文本”改为“多行文本”' });
    const whole = await post('/api/form/Edit', { id: formId, title: '改名', items: [{ id: note.id, json: { type: 'date', field: 'note', title: '说明' } }] });
    expect(whole.body.result).toBe('error');
    expect((await post<Design>('/api/form/detail', { id: formId })).body.data.title).toBe('类型规则');
    expect((await post('/api/formField/Edit', { formid: formId, items: [] }, t.sales)).status).toBe(403);
    // Built-in forms keep their records in their own tables: their fields never change type.
    const customer = (await post<Design>('/api/form/detail', { mode: 'customer' })).body.data;
    const items = customer.items.map((i, n) => ({ id: i.id, json: n === 0 ? { ...(JSON.parse(i.json) as Field), type: 'textarea' } : i.json }));
    const builtin = await post('/api/formField/Edit', { formid: 'customer', items });
    expect(builtin.body).toMatchObject({ result: 'error', msg: expect.stringContaining('已有数据，不能把控件类型从“单行文本”改为“多行文本”') });
  });
});

describe('field linkage', () => {
  test('the rule function: show, hide, require, comma lists and chains', () => {
    expect(valueTexts('a,b')).toEqual(['a,b', 'a', 'b']);
    expect(valueTexts(true)).toEqual(['1']);
    expect(ruleMatches({ values: ['b'] }, ['a', 'b'])).toBe(true);
    expect(ruleMatches({ values: ['1'] }, 1)).toBe(true);
    expect(ruleMatches({ values: ['x'] }, '')).toBe(false);
    const fields = [
      { field: 'kind', required: true },
      { field: 'other', linkage: [{ when: 'kind', values: ['other'], effect: 'show' as const }] },
      { field: 'detail', linkage: [{ when: 'other', values: ['yes'], effect: 'show' as const }] },
      { field: 'secret', linkage: [{ when: 'kind', values: ['public'], effect: 'hide' as const }] },
      { field: 'reason', linkage: [{ when: 'kind', values: ['late', 'other'], effect: 'require' as const }] },
    ];
    const a = linkageState(fields, { kind: 'other', other: 'yes' });
    expect(a.get('other')).toEqual({ visible: true, required: false });
    expect(a.get('detail')).toEqual({ visible: true, required: false });
    expect(a.get('reason')).toEqual({ visible: true, required: true });
    const b = linkageState(fields, { kind: 'public', other: 'yes' });
    // other is hidden, so detail (shown by other's value) is hidden too.
    expect(b.get('other')?.visible).toBe(false);
    expect(b.get('detail')?.visible).toBe(false);
    expect(b.get('secret')?.visible).toBe(false);
    expect(b.get('reason')).toEqual({ visible: true, required: false });
    expect(b.get('kind')).toEqual({ visible: true, required: true });
  });

  test('saving a record drops hidden values and refuses an empty conditionally required field, naming it', async () => {
    const items: Field[] = [
      {
        type: 'select',
        field: 'kind',
        title: '类别',
        required: true,
        options: [
          { label: '普通', value: 'normal' },
          { label: '其他', value: 'other' },
        ],
      },
      {
        type: 'input',
        field: 'other_text',
        title: '其他说明',
        linkage: [
          { when: 'kind', values: ['other'], effect: 'show' },
          { when: 'kind', values: ['other'], effect: 'require' },
        ],
      },
      { type: 'input', field: 'memo', title: '备忘' },
    ];
    expect((await post('/api/form/add', { mode: 'linked', title: '联动表单', items })).body.result).toBe('success');
    const missing = await post('/api/module/add', { module: 'linked', data: { kind: 'other', memo: 'x' } }, t.sales);
    expect(missing.body).toMatchObject({ result: 'error', msg: '其他说明：信息必须填写' });
    const kept = await post<{ id: number }>('/api/module/add', { module: 'linked', data: { kind: 'other', other_text: '补充' } }, t.sales);
    expect(kept.body.result).toBe('success');
    expect((await post<Record<string, unknown>>('/api/module/detail', { module: 'linked', id: kept.body.data.id }, t.sales)).body.data).toMatchObject({
      other_text: '补充',
    });
    const dropped = await post<{ id: number }>('/api/module/add', { module: 'linked', data: { kind: 'normal', other_text: '不该保存' } }, t.sales);
    expect(dropped.body.result).toBe('success');
    const stored = (await post<Record<string, unknown>>('/api/module/detail', { module: 'linked', id: dropped.body.data.id }, t.sales)).body.data;
    expect(stored).toEqual({ kind: 'normal' });
    // The definition carries the linkage to the dynamic form.
    const def = await s.post<Envelope<{ items: { json: string }[] }>>('/Api/formField/index/', { mode: 'linked', isshow: 1 }, { token: t.sales });
    expect(JSON.parse(def.body.data.items[1].json)).toMatchObject({
      linkage: [
        { when: 'kind', values: ['other'], effect: 'show' },
        { when: 'kind', values: ['other'], effect: 'require' },
      ],
    });
  });
});

describe('work forms designed here, used by a flow', () => {
  test('an approval submission applies the work form’s linkage; the bound form cannot be deleted', async () => {
    const items: Field[] = [
      {
        type: 'radio',
        field: 'kind',
        title: '用车类型',
        required: true,
        options: [
          { label: '市内', value: 'local' },
          { label: '长途', value: 'long' },
        ],
      },
      {
        type: 'input',
        field: 'route',
        title: '长途路线',
        linkage: [
          { when: 'kind', values: ['long'], effect: 'show' },
          { when: 'kind', values: ['long'], effect: 'require' },
        ],
      },
    ];
    const form = await post<{ id: number }>('/api/workform/add', { mode: 'carUse', title: '用车申请', items });
    expect(form.body.result).toBe('success');
    const flowJson = {
      nodes: [
        { id: 's', name: '开始', config: { kind: 'start' } },
        { id: 'a', name: '经理审批', config: { kind: 'approver', mode: 'or', approver: { type: 'users', userIds: [1] } } },
        { id: 'e', name: '结束', config: { kind: 'end' } },
      ],
      lines: [
        { from: 's', to: 'a' },
        { from: 'a', to: 'e' },
      ],
    };
    const flow = await post<{ id: number }>('/api/flow/add', { name: '用车审批', formMode: 'carUse', WorlFlowJson: JSON.stringify(flowJson) });
    expect(flow.body.result).toBe('success');
    const missing = await post('/api/WorkFlow/Approval', { flowId: flow.body.data.id, data: JSON.stringify({ kind: 'long' }) }, t.sales);
    expect(missing.body).toMatchObject({ result: 'error', msg: '长途路线：信息必须填写' });
    const local = await post<{ taskid: number }>(
      '/api/WorkFlow/Approval',
      { flowId: flow.body.data.id, data: JSON.stringify({ kind: 'local', route: '不该保存' }) },
      t.sales,
    );
    expect(local.body.result).toBe('success');
    const inst = await s.app.portal.db.selectFrom('wf_instances').select('form_data').where('id', '=', local.body.data.taskid).executeTakeFirstOrThrow();
    expect(JSON.parse(inst.form_data)).toEqual({ kind: 'local' });
    // Records exist now, and the flow is bound: deletion names the flow first.
    expect((await post('/api/workform/delete', { id: form.body.data.id })).body).toMatchObject({
      result: 'error',
      msg: '表单“用车申请”已被流程“用车审批”使用，不能删除',
    });
    // The filled field keeps its type.
    const d = (await post<Design>('/api/workform/detail', { id: form.body.data.id })).body.data;
    const changed = await post('/api/workform/Edit', {
      id: form.body.data.id,
      items: [
        { id: d.items[0].id, json: { ...(JSON.parse(d.items[0].json) as Field), type: 'select' } },
        { id: d.items[1].id, json: d.items[1].json },
      ],
    });
    expect(changed.body).toMatchObject({ result: 'error', msg: '字段“用车类型”已有数据，不能把控件类型从“单选”改为“下拉选择”' });
  });
});
