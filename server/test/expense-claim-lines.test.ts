/**
 * 费用报销 (api/baoxiao/*) as users reported it in issue #31: a 项目 claim needs its 项目名称 (the form
 * offers it, the server requires it); a line's 内容 is its content and its 金额 its amount; a total
 * and its lines agree or the claim is refused (never silently replaced), so the flow's 金额 > 5000
 * condition sees the real amount; a returned claim takes its edited line amounts; the approval
 * snapshot names the 费用部门 instead of showing its id. SQLite, or PostgreSQL with DATABASE_URL.
 */
import type { Kysely } from 'kysely';
import { up as migrateStoredForms } from '../src/db/migrations/048-expense-project-and-date-order';
import { DEMO, startServer, type TestServer } from './harness';

type Env<T = Record<string, unknown>> = { result: string; msg: string; data?: T };
type Claim = {
  Money: string;
  type: string;
  project: string;
  branchId: number | '';
  branchName: string;
  items: { riqi: string; ext: string; amount: string; category: string; note: string }[];
  status: number;
  taskid: number;
};
type Detail = { data: Record<string, unknown>; task: { title: string } };
type Row = { id: number; TaskID: number };

let s: TestServer;
const tok: Record<string, string> = {};

beforeAll(async () => {
  s = await startServer();
  tok.sales = await s.login(...DEMO.sales);
  tok.manager = await s.login(...DEMO.manager);
  tok.finance = await s.login(...DEMO.finance);
});
afterAll(async () => {
  await s.close();
});

const post = <T = Env>(who: string, url: string, body: Record<string, unknown> = {}) => s.post<T>(url, body, { token: tok[who] });
const base = { type: 1, title: '客户拜访', riqi: '2026-11-20' };
const lines = (...rows: Record<string, unknown>[]) => JSON.stringify(rows);
const views = async (id: number) => (await post<Env<Claim>>('sales', '/api/baoxiao/Views', { id })).body.data!;
const snapshot = async (who: string, taskid: number) => (await post<Env<Detail>>(who, '/api/WorkFlow/detail', { taskid })).body.data!.data;
const claims = async () =>
  Number(
    (
      await s.app.portal.db
        .selectFrom('expense_claims')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const openStep = async (who: string, taskid: number) =>
  (await post<{ rows: Row[] }>(who, '/api/WorkFlow/todo', { rows: 100 })).body.rows.find((r) => r.TaskID === taskid)?.id;

async function add(body: Record<string, unknown>) {
  const res = await post<Env<{ id: number; taskid: number }>>('sales', '/api/baoxiao/add', { ...base, ...body });
  expect(res.body).toMatchObject({ result: 'success' });
  return res.body.data!;
}

describe('a 项目 claim', () => {
  test('the 费用报销 form offers 项目名称, shown and required only for 项目', async () => {
    const def = await post<Env<{ items: { json: string }[] }>>('sales', '/Api/formField/index/', { mode: 'baoxiao', isshow: 1 });
    const fields = def.body.data!.items.map((i) => JSON.parse(i.json) as { field: string; title: string; linkage?: unknown[] });
    expect(fields.find((f) => f.field === 'project')).toMatchObject({
      title: '项目名称',
      linkage: [
        { when: 'type', values: ['3'], effect: 'show' },
        { when: 'type', values: ['3'], effect: 'require' },
      ],
    });
  });

  test('an installation from before gets the field on its stored form (migration 048), after 报销类型', async () => {
    const db = s.app.portal.db;
    const form = await db.selectFrom('forms').select('id').where('mode', '=', 'baoxiao').executeTakeFirstOrThrow();
    const stored = async () =>
      (await db.selectFrom('form_fields').select(['json']).where('form_id', '=', form.id).orderBy('sort').orderBy('id').execute()).map(
        (f) => JSON.parse(f.json) as { field: string; totalField?: string },
      );
    // The form as it was stored before issue #31: no 项目名称, lines without a total.
    const before = await stored();
    for (const f of await db.selectFrom('form_fields').select(['id', 'json']).where('form_id', '=', form.id).execute()) {
      const def = JSON.parse(f.json) as { field: string; totalField?: string };
      if (def.field === 'project') await db.deleteFrom('form_fields').where('id', '=', f.id).execute();
      if (def.field === 'items')
        await db
          .updateTable('form_fields')
          .set({ json: JSON.stringify({ ...def, totalField: undefined }) })
          .where('id', '=', f.id)
          .execute();
    }
    expect((await stored()).map((f) => f.field)).not.toContain('project');
    await migrateStoredForms(db as unknown as Kysely<unknown>);
    const after = await stored();
    expect(after.map((f) => f.field)).toEqual(before.map((f) => f.field));
    expect(after.find((f) => f.field === 'items')).toMatchObject({ totalField: 'Money' });
    // Run again, it changes nothing.
    await migrateStoredForms(db as unknown as Kysely<unknown>);
    expect(await stored()).toEqual(after);
  });

  test('is submitted with its 项目名称; without one it is refused, naming it, and nothing is written', async () => {
    const before = await claims();
    expect((await post('sales', '/api/baoxiao/add', { ...base, type: 3, Money: '800' })).body).toEqual({ result: 'error', msg: '请填写项目名称' });
    expect(await claims()).toBe(before);

    const { id, taskid } = await add({ type: 3, project: '华东渠道拓展', Money: '800' });
    expect(await views(id)).toMatchObject({ type: '3', project: '华东渠道拓展', Money: '800.00' });
    expect(await snapshot('sales', taskid)).toMatchObject({ type: '3', typeName: '项目', project: '华东渠道拓展' });
  });

  test('a 个人 claim keeps no 项目名称 (the form hides the field for it)', async () => {
    const { id } = await add({ type: 1, project: '不该保存', Money: '50' });
    expect((await views(id)).project).toBe('');
  });
});

describe('lines and the total', () => {
  test('a line’s 内容 is its content, its 金额 its amount', async () => {
    const { id, taskid } = await add({ Money: '1200', items: lines({ riqi: '2026-11-18', ext: '高铁票 上海往返', amount: '1200' }) });
    const claim = await views(id);
    expect(claim).toMatchObject({ Money: '1200.00', items: [{ riqi: '2026-11-18', ext: '高铁票 上海往返', amount: '1200.00' }] });
    expect(await snapshot('sales', taskid)).toMatchObject({ Money: '1200.00', items: [{ ext: '高铁票 上海往返', amount: '1200.00' }] });
  });

  test('a line without an amount is refused, naming the line (its 内容 is never read as the amount)', async () => {
    const before = await claims();
    const res = await post('sales', '/api/baoxiao/add', { ...base, Money: '1200', items: lines({ ext: '高铁票 上海往返 1200' }) });
    expect(res.body).toEqual({ result: 'error', msg: '第1行请填写金额' });
    const numeric = await post('sales', '/api/baoxiao/add', { ...base, Money: '1200', items: lines({ ext: '1200' }) });
    expect(numeric.body).toEqual({ result: 'error', msg: '第1行请填写金额' });
    expect(await claims()).toBe(before);
  });

  test('a total its lines do not add up to is refused with both sums, and nothing is written', async () => {
    const before = await claims();
    const res = await post('sales', '/api/baoxiao/add', {
      ...base,
      Money: '9000',
      items: lines({ amount: '100', ext: '打车' }, { amount: '200', ext: '午餐' }),
    });
    expect(res.body).toEqual({ result: 'error', msg: '报销金额（9000.00元）与费用明细合计（300.00元）不一致' });
    expect(await claims()).toBe(before);
  });

  test('a total equal to its lines is kept; without a total the lines give it', async () => {
    const agreed = await add({ Money: '300', items: lines({ amount: '100', ext: '打车' }, { amount: '200', ext: '午餐' }) });
    expect((await views(agreed.id)).Money).toBe('300.00');
    const summed = await add({ items: lines({ amount: '100.50', ext: '打车' }, { amount: '200', ext: '午餐' }) });
    expect((await views(summed.id)).Money).toBe('300.50');
    expect((await post('sales', '/api/baoxiao/add', { ...base })).body).toEqual({ result: 'error', msg: '请填写报销金额' });
  });

  test('9,000 goes to 财务主管 after the manager (the flow’s 金额 > 5000 condition sees the real amount)', async () => {
    const { id, taskid } = await add({ Money: '9000' });
    expect((await views(id)).Money).toBe('9000.00');
    const m = await openStep('manager', taskid);
    expect((await post('manager', '/api/WorkFlow/Approved', { ids: m })).body).toMatchObject({ result: 'success', data: { recordStatus: 1 } });
    expect(await openStep('finance', taskid)).toBeDefined();
  });
});

test('a returned claim takes its edited line amounts (5600 → 4600)', async () => {
  const { id, taskid } = await add({ Money: '5600', items: lines({ riqi: '2026-11-19', ext: '培训费发票', amount: '5600', category: '培训费' }) });
  await post('manager', '/api/WorkFlow/Approved', { ids: await openStep('manager', taskid) });
  const returned = await post('finance', '/api/WorkFlow/Refused', { ids: await openStep('finance', taskid), node_id: 'start', ext: '金额有误' });
  expect(returned.body).toMatchObject({ result: 'success', data: { recordStatus: 0 } });

  // The edit form opens the claim as Views gives it and changes the 金额 of the line.
  const opened = await views(id);
  const items = opened.items.map((l) => ({ ...l, amount: '4600' }));
  const saved = await post('sales', '/api/baoxiao/edit', { id, ...base, Money: '4600', items: JSON.stringify(items) });
  expect(saved.body).toMatchObject({ result: 'success', msg: '保存成功' });
  expect(await views(id)).toMatchObject({ Money: '4600.00', items: [{ ext: '培训费发票', amount: '4600.00', category: '培训费' }] });
  expect(await snapshot('sales', taskid)).toMatchObject({ Money: '4600.00', items: [{ ext: '培训费发票', amount: '4600.00' }] });

  // An edit whose total disagrees with its lines is refused and changes nothing.
  const wrong = await post('sales', '/api/baoxiao/edit', { id, ...base, Money: '5600', items: JSON.stringify(items) });
  expect(wrong.body).toEqual({ result: 'error', msg: '报销金额（5600.00元）与费用明细合计（4600.00元）不一致' });
  expect((await views(id)).Money).toBe('4600.00');
});

describe('费用部门 in the approval panel', () => {
  test('the snapshot every viewer reads names the department, chosen or the submitter’s own', async () => {
    const db = s.app.portal.db;
    const other = await db.selectFrom('branches').select(['id', 'name']).where('name', '=', '财务部').executeTakeFirstOrThrow();
    const chosen = await add({ Money: '80', branchId: other.id });
    for (const who of ['sales', 'manager']) expect(await snapshot(who, chosen.taskid)).toMatchObject({ branchId: other.id, branchName: '财务部' });
    expect(await views(chosen.id)).toMatchObject({ branchId: other.id, branchName: '财务部' });

    const own = await db
      .selectFrom('users as u')
      .innerJoin('branches as b', 'b.id', 'u.branch_id')
      .select(['b.id', 'b.name'])
      .where('u.username', '=', 'sales1')
      .executeTakeFirstOrThrow();
    const mine = await add({ Money: '80' });
    expect(await snapshot('manager', mine.taskid)).toMatchObject({ branchId: own.id, branchName: own.name });
  });

  test('an unknown department is refused', async () => {
    expect((await post('sales', '/api/baoxiao/add', { ...base, Money: '80', branchId: 999999 })).body).toEqual({ result: 'error', msg: '费用部门不存在' });
  });
});
