/**
 * Rules between the fields of a form (issue #31): an end (`notBefore`) may not be earlier than its
 * start — the 请假申请 accepted an end before its start — and a 明细表格's 金额 add up to its total
 * (`totalField`). The server checks them wherever a form's values are saved: approval submissions of
 * work forms, records of custom forms, node edits by an approver; and form designs naming a field
 * that cannot hold the rule are refused. SQLite, or PostgreSQL with DATABASE_URL.
 */
import { DEMO, startServer, type TestServer } from './harness';

type Env<T = Record<string, unknown>> = { result: string; msg: string; data: T };
type Field = Record<string, unknown>;

let s: TestServer;
const t = { admin: '', sales: '', manager: '' };

beforeAll(async () => {
  s = await startServer();
  t.admin = await s.login(...DEMO.admin);
  t.sales = await s.login(...DEMO.sales);
  t.manager = await s.login(...DEMO.manager);
});
afterAll(async () => {
  await s.close();
});

const post = <T = Record<string, unknown>>(url: string, body: Record<string, unknown>, token = t.admin) => s.post<Env<T>>(url, body, { token });
const count = async (table: 'wf_instances' | 'module_records') =>
  Number(
    (
      await s.app.portal.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const fieldsOf = async (mode: string, token = t.sales) =>
  (await post<{ items: { json: string }[] }>('/Api/formField/index/', { mode, isshow: 1 }, token)).body.data.items.map((i) => JSON.parse(i.json) as Field);

describe('请假申请: the end may not be earlier than the start', () => {
  const leave = { leaveType: '事假', days: '1', reason: '家中有事' };
  let flowId: number;
  beforeAll(async () => {
    flowId = (await s.app.portal.db.selectFrom('wf_flows').select('id').where('form_mode', '=', 'leave').orderBy('id').executeTakeFirstOrThrow()).id;
  });

  test('the form tells the client which field is the start', async () => {
    expect((await fieldsOf('leave')).find((f) => f.field === 'endDate')).toMatchObject({ title: '结束日期', notBefore: 'startDate' });
  });

  test('an end before the start is refused, naming both, and nothing is written', async () => {
    const before = { instances: await count('wf_instances'), records: await count('module_records') };
    const res = await post('/api/WorkFlow/Approval', { flowId, data: JSON.stringify({ ...leave, startDate: '2026-12-10', endDate: '2026-12-08' }) }, t.sales);
    expect(res.body).toEqual({ result: 'error', msg: '结束日期不能早于开始日期' });
    expect({ instances: await count('wf_instances'), records: await count('module_records') }).toEqual(before);
  });

  test('the same day, or a later one, is accepted', async () => {
    for (const endDate of ['2026-12-10', '2026-12-11']) {
      const res = await post('/api/WorkFlow/Approval', { flowId, data: JSON.stringify({ ...leave, startDate: '2026-12-10', endDate }) }, t.sales);
      expect(res.body).toMatchObject({ result: 'success' });
    }
  });

  test('an approver whose node makes the end writable cannot move it before the start either', async () => {
    const json = {
      nodes: [
        { id: 's', name: '开始', config: { kind: 'start' } },
        {
          id: 'a',
          name: '经理审批',
          config: { kind: 'approver', mode: 'or', approver: { type: 'head' }, writeField: { endDate: 'edit' } },
        },
        { id: 'e', name: '结束', config: { kind: 'end' } },
      ],
      lines: [
        { from: 's', to: 'a' },
        { from: 'a', to: 'e' },
      ],
    };
    const flow = await post<{ id: number }>('/api/flow/add', { name: '请假（可改结束日期）', formMode: 'leave', WorlFlowJson: JSON.stringify(json) });
    expect(flow.body.result).toBe('success');
    const sub = await post<{ taskid: number }>(
      '/api/WorkFlow/Approval',
      { flowId: flow.body.data.id, data: JSON.stringify({ ...leave, startDate: '2026-12-10', endDate: '2026-12-12' }) },
      t.sales,
    );
    expect(sub.body.result).toBe('success');
    const todo = await post<never>('/api/WorkFlow/todo', { rows: 100 }, t.manager);
    const step = (todo.body as unknown as { rows: { id: number; TaskID: number }[] }).rows.find((r) => r.TaskID === sub.body.data.taskid)!;
    const edit = (endDate: string) => post('/api/WorkFlow/editFormField', { stepid: step.id, data: JSON.stringify({ endDate }) }, t.manager);
    expect((await edit('2026-12-09')).body).toEqual({ result: 'error', msg: '结束日期不能早于开始日期' });
    expect((await edit('2026-12-11')).body).toMatchObject({ result: 'success' });
    await post('/api/flow/changeStatus', { id: flow.body.data.id, status: 0 });
  });
});

test('the 日程 form names its start for its 结束时间', async () => {
  expect((await fieldsOf('schedule', t.admin)).find((f) => f.field === 'endTime')).toMatchObject({ title: '结束时间', notBefore: 'startTime' });
});

describe('a custom form with a start and end and lines with a total', () => {
  const items: Field[] = [
    { type: 'datetime', field: 'start_at', title: '开始时间', required: true },
    { type: 'datetime', field: 'end_at', title: '结束时间', required: true, notBefore: 'start_at' },
    { type: 'date', field: 'due_day', title: '截止日期', notBefore: 'start_at' },
    { type: 'number', field: 'amount', title: '合计金额' },
    { type: 'tablelist', field: 'lines', title: '明细', totalField: 'amount' },
  ];
  beforeAll(async () => {
    expect((await post('/api/form/add', { mode: 'trip', title: '出差登记', items })).body.result).toBe('success');
  });
  const add = (data: Record<string, unknown>) => post('/api/module/add', { module: 'trip', data }, t.sales);
  const valid = { start_at: '2026-12-10 09:00', end_at: '2026-12-10 18:00' };

  test.each([
    [{ end_at: '2026-12-10 08:59' }, '结束时间不能早于开始时间'],
    [{ due_day: '2026-12-09' }, '截止日期不能早于开始时间'],
    [{ lines: JSON.stringify([{ riqi: '2026-12-10', ext: '高铁' }]) }, '明细第1行请填写金额'],
    [{ lines: JSON.stringify([{ ext: '高铁', amount: 'abc' }]) }, '明细第1行金额格式不正确'],
    [
      {
        amount: 500,
        lines: JSON.stringify([
          { ext: '高铁', amount: '100' },
          { ext: '酒店', amount: '200' },
        ]),
      },
      '合计金额（500.00元）与明细合计（300.00元）不一致',
    ],
  ])('refuses %j with %s and writes nothing', async (patch, msg) => {
    const before = await count('module_records');
    expect((await add({ ...valid, ...patch })).body).toEqual({ result: 'error', msg });
    expect(await count('module_records')).toBe(before);
  });

  test('accepts an end at the start, a due day on the start’s day, and lines adding up to the total', async () => {
    const res = await add({
      start_at: '2026-12-10 09:00',
      end_at: '2026-12-10 09:00',
      due_day: '2026-12-10',
      amount: '300',
      lines: JSON.stringify([
        { ext: '高铁', amount: '100' },
        { ext: '酒店', amount: 200 },
      ]),
    });
    expect(res.body).toMatchObject({ result: 'success' });
  });

  test.each([
    [{ type: 'input', field: 'a', title: '甲', notBefore: 'start_at' }, '字段“甲”不是日期字段，不能设置开始字段'],
    [{ type: 'date', field: 'a', title: '甲', notBefore: 'missing' }, '字段“甲”的开始字段“missing”不存在或不是日期字段'],
    [{ type: 'date', field: 'a', title: '甲', notBefore: 'amount' }, '字段“甲”的开始字段“amount”不存在或不是日期字段'],
    [{ type: 'tablelist', field: 'a', title: '甲', totalField: 'end_at' }, '字段“甲”的合计字段“end_at”不存在或不是数字字段'],
    [{ type: 'number', field: 'a', title: '甲', totalField: 'amount' }, '字段“甲”不是明细表格，不能设置合计字段'],
  ])('a design with %j is refused: %s', async (field, msg) => {
    expect((await post('/api/form/add', { mode: 'badRule', title: '错误规则', items: [...items, field] })).body).toMatchObject({ result: 'error', msg });
  });
});
