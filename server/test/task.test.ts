import { recordPushes, unreadOf, userIds, type RecordedPush } from './fake-realtime';
import { DEMO, startServer, type TestServer } from './harness';

type Envelope<T = Record<string, unknown>> = { result: string; msg: string; data?: T };
type Task = {
  id: number;
  title: string;
  status: string;
  statusCode: number;
  type: number;
  createUserName: string;
  createuserheader: string;
  addTime: string;
  userid: number;
  username: string;
  userheader: string;
  endTime: string;
  grade: string;
  cont: string;
  modelId: number;
  modelType: number;
  modelTitle: string;
};

let s: TestServer;
let pushes: RecordedPush[];
let ids: Record<string, number>;
const t = { manager: '', sales1: '', sales2: '' };
let customer: { id: number; customer_name: string };

const add = (token: string, body: Record<string, unknown>) => s.post<Envelope<{ id: number }>>('/api/task/add', body, { token });
const counts = async () => {
  const n = async (table: 'tasks' | 'notifications') =>
    Number(
      (
        await s.app.portal.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return { tasks: await n('tasks'), notifications: await n('notifications') };
};

beforeAll(async () => {
  s = await startServer();
  t.manager = await s.login(...DEMO.manager);
  t.sales1 = await s.login(...DEMO.sales);
  t.sales2 = await s.login('sales2', 'sales123');
  ids = await userIds(s);
  pushes = recordPushes(s);
  customer = await s.app.portal.db
    .selectFrom('customers')
    .select(['id', 'customer_name'])
    .where('owner_id', '=', ids.sales1)
    .where('gonghai', '=', 0)
    .orderBy('id')
    .executeTakeFirstOrThrow();
});
afterAll(async () => {
  await s.close();
});
beforeEach(() => {
  pushes.length = 0;
});

describe('api/task/add', () => {
  const valid = () => ({ title: '回访重点客户', cont: '本周内完成回访', endTime: '2030-05-01 18:00', grade: '重要', userid: ids.sales1 });

  test.each([
    ['no title', { title: '' }, '任务标题不能为空'],
    ['a title over 100 characters', { title: '任'.repeat(101) }, '任务标题不能超过100个字符'],
    ['content over 300 characters', { cont: '内'.repeat(301) }, '任务内容不能超过300个字符'],
    ['no assignee', { userid: '' }, '请选择负责人'],
    ['an unknown assignee', { userid: 999999 }, '负责人不存在'],
    ['a malformed end time', { endTime: '2030-13-01 10:00' }, '截止时间格式不正确'],
    ['an unknown model type', { modelType: 3, modelId: 1 }, '关联类型不正确'],
    ['a model type without a record', { modelType: 2 }, '请选择关联记录'],
    ['a missing customer', { modelType: 2, modelId: 999999 }, '关联的客户不存在'],
  ])('refuses %s, writing and pushing nothing', async (_name, change, msg) => {
    const before = await counts();
    const res = await add(t.manager, { ...valid(), ...change });
    expect(res.body).toMatchObject({ result: 'error', msg });
    expect(await counts()).toEqual(before);
    expect(pushes).toHaveLength(0);
  });

  test('refuses a departed assignee', async () => {
    const res = await add(t.manager, { ...valid(), userid: ids.sales13 });
    expect(res.body).toMatchObject({ result: 'error', msg: '负责人已离职，请重新选择' });
  });

  test('refuses to link a customer outside the creator’s data scope', async () => {
    const foreign = await s.app.portal.db
      .selectFrom('customers')
      .select('id')
      .where('owner_id', '=', ids.sales5)
      .where('gonghai', '=', 0)
      .executeTakeFirstOrThrow();
    const res = await add(t.sales1, { ...valid(), userid: ids.sales2, modelType: 2, modelId: foreign.id });
    expect(res.body).toMatchObject({ result: 'error', msg: '没有权限关联此客户' });
  });

  test('creates the task and notifies the assignee after the commit', async () => {
    const res = await add(t.manager, { ...valid(), modelType: 2, modelId: customer.id });
    expect(res.body).toMatchObject({ result: 'success', msg: '添加成功', data: { id: expect.any(Number) } });
    const taskId = res.body.data?.id as number;
    const note = await s.app.portal.db
      .selectFrom('notifications')
      .selectAll()
      .where('user_id', '=', ids.sales1)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(note).toMatchObject({ cont: '张伟 给你分配了任务：回访重点客户', kind: 'task', model_type: 'task', model_id: taskId, is_read: 0 });
    expect(pushes).toHaveLength(1);
    expect(pushes[0]).toMatchObject({
      userId: ids.sales1,
      target: 'privateSystemMsg',
      committed: true,
      payload: { type: 'notify', notifyCount: await unreadOf(s, ids.sales1), msg: note.cont, notification: { id: note.id, cont: note.cont } },
    });
  });

  test('a task given to oneself is not announced', async () => {
    const before = await counts();
    const res = await add(t.sales1, { ...valid(), userid: ids.sales1 });
    expect(res.body.result).toBe('success');
    expect(await counts()).toEqual({ tasks: before.tasks + 1, notifications: before.notifications });
    expect(pushes).toHaveLength(0);
  });
});

describe('api/task/detail, index', () => {
  let taskId: number;
  beforeAll(async () => {
    taskId = (
      await add(t.manager, {
        title: '准备投标材料',
        cont: '技术方案部分',
        endTime: '2030-06-02',
        grade: '紧急',
        userid: ids.sales1,
        modelType: 2,
        modelId: customer.id,
      })
    ).body.data?.id as number;
  });

  test('shows the task with its people, times and linked customer', async () => {
    const res = await s.post<Envelope<Task>>('/api/task/detail', { id: taskId }, { token: t.sales1 });
    expect(res.body.result).toBe('success');
    expect(res.body.data).toMatchObject({
      id: taskId,
      title: '准备投标材料',
      cont: '技术方案部分',
      status: '进行中',
      statusCode: 0,
      type: 1,
      createUserName: '张伟',
      username: '李娜',
      userid: ids.sales1,
      endTime: '2030-06-02 23:59',
      grade: '紧急',
      modelId: customer.id,
      modelType: 2,
      modelTitle: customer.customer_name,
    });
    expect(res.body.data?.addTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
  });

  test('is private to the creator and the assignee', async () => {
    expect((await s.post('/api/task/detail', { id: taskId }, { token: t.manager })).body).toMatchObject({ result: 'success' });
    const other = await s.post('/api/task/detail', { id: taskId }, { token: t.sales2 });
    expect(other.status).toBe(403);
    expect(other.body).toMatchObject({ result: 'error', msg: '没有权限查看此任务' });
    expect((await s.post('/api/task/detail', { id: 999999 }, { token: t.sales1 })).body).toMatchObject({ result: 'error', msg: '任务不存在' });
  });

  test('lists tasks given to me and tasks I created, newest first, paged', async () => {
    const mine = await s.post<{ rows: Task[]; total: number }>('/api/task/index', { scene: 'mine', page: 1, rows: 2 }, { token: t.sales1 });
    const expected = await s.app.portal.db.selectFrom('tasks').select('id').where('assignee_id', '=', ids.sales1).orderBy('id', 'desc').execute();
    expect(mine.body.total).toBe(expected.length);
    expect(mine.body.rows.map((r) => r.id)).toEqual(expected.slice(0, 2).map((r) => r.id));
    const created = await s.post<{ rows: Task[]; total: number }>('/api/task/index', { scene: 'created', rows: 50 }, { token: t.manager });
    expect(created.body.rows.map((r) => r.id)).toContain(taskId);
    expect(created.body.rows.every((r) => r.createUserName === '张伟')).toBe(true);
    const done = await s.post<{ rows: Task[]; total: number }>('/api/task/index', { scene: 'mine', status: 2, rows: 50 }, { token: t.sales1 });
    expect(done.body.total).toBeGreaterThan(0);
    expect(done.body.rows.every((r) => r.statusCode === 2)).toBe(true);
    expect((await s.post('/api/task/index', { scene: 'everyone' }, { token: t.sales1 })).body).toMatchObject({ result: 'error', msg: '场景参数不正确' });
  });
});

describe('api/task/action, delete', () => {
  let taskId: number;
  beforeAll(async () => {
    taskId = (await add(t.manager, { title: '确认发货日期', userid: ids.sales1 })).body.data?.id as number;
  });

  test('only the assignee or the creator acts, and only the assignee refuses', async () => {
    const stranger = await s.post('/api/task/action', { id: taskId, status: 2 }, { token: t.sales2 });
    expect(stranger.body).toMatchObject({ result: 'error', msg: '只有任务的负责人或创建人可以操作此任务' });
    const creatorRefuses = await s.post('/api/task/action', { id: taskId, status: 3 }, { token: t.manager });
    expect(creatorRefuses.body).toMatchObject({ result: 'error', msg: '只有任务负责人可以拒绝任务' });
    const badStatus = await s.post('/api/task/action', { id: taskId, status: 1 }, { token: t.sales1 });
    expect(badStatus.body).toMatchObject({ result: 'error', msg: '任务状态不正确' });
  });

  test('completing tells the creator; a second action is refused', async () => {
    pushes.length = 0;
    const res = await s.post('/api/task/action', { id: taskId, status: 2 }, { token: t.sales1 });
    expect(res.body).toMatchObject({ result: 'success' });
    const detail = await s.post<Envelope<Task>>('/api/task/detail', { id: taskId }, { token: t.sales1 });
    expect(detail.body.data).toMatchObject({ status: '已完成', statusCode: 2 });
    expect(pushes).toHaveLength(1);
    expect(pushes[0]).toMatchObject({ userId: ids.manager1, committed: true, payload: { msg: '李娜 完成了任务：确认发货日期' } });
    const again = await s.post('/api/task/action', { id: taskId, status: 3 }, { token: t.sales1 });
    expect(again.body).toMatchObject({ result: 'error', msg: '任务已完成' });
  });

  test('a comment-to-complete task (type 2) cannot be completed by the action', async () => {
    const id = (await add(t.manager, { title: '评论后完成', userid: ids.sales1, type: 2 })).body.data?.id as number;
    const res = await s.post('/api/task/action', { id, status: 2 }, { token: t.sales1 });
    expect(res.body).toMatchObject({ result: 'error', msg: '此任务需通过评论完成' });
  });

  test('only the creator deletes, all or none', async () => {
    const own = (await add(t.manager, { title: '待删除任务', userid: ids.sales1 })).body.data?.id as number;
    const byAssignee = await s.post('/api/task/delete', { ids: String(own) }, { token: t.sales1 });
    expect(byAssignee.body).toMatchObject({ result: 'error', msg: '只能删除自己创建的任务' });
    const withUnknown = await s.post('/api/task/delete', { ids: `${own},999999` }, { token: t.manager });
    expect(withUnknown.body).toMatchObject({ result: 'error', msg: '任务不存在' });
    expect(await s.app.portal.db.selectFrom('tasks').select('id').where('id', '=', own).executeTakeFirst()).toBeDefined();
    const ok = await s.post('/api/task/delete', { ids: String(own) }, { token: t.manager });
    expect(ok.body).toMatchObject({ result: 'success', msg: '删除成功' });
    expect(await s.app.portal.db.selectFrom('tasks').select('id').where('id', '=', own).executeTakeFirst()).toBeUndefined();
  });
});
