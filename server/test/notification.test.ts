import { transact } from '../src/db/transact';
import { notifyApprovalWaiting } from '../src/modules/notification/approval-waiting';
import { notify } from '../src/modules/notification/notify';
import { recordPushes, unreadOf, userIds, type RecordedPush } from './fake-realtime';
import { DEMO, startServer, type TestServer } from './harness';

type Row = { id: number; cont: string; addtime: string; kind: string; modelType: string; modelId: number | null };
type List = { rows: Row[]; total: number };

let s: TestServer;
let pushes: RecordedPush[];
let ids: Record<string, number>;
const t = { sales1: '', sales2: '' };

const list = (token: string, body: Record<string, unknown>) => s.post<List & { result?: string; msg?: string }>('/api/notification/index', body, { token });
const countRows = async (userId: number, isRead?: 0 | 1) => {
  let q = s.app.portal.db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId);
  if (isRead !== undefined) q = q.where('is_read', '=', isRead);
  return Number((await q.executeTakeFirstOrThrow()).n);
};

beforeAll(async () => {
  s = await startServer();
  t.sales1 = await s.login(...DEMO.sales);
  t.sales2 = await s.login('sales2', 'sales123');
  ids = await userIds(s);
  pushes = recordPushes(s);
});
afterAll(async () => {
  await s.close();
});
beforeEach(() => {
  pushes.length = 0;
});

describe('notify', () => {
  test('stores one row per recipient and pushes each after the commit with the unread count', async () => {
    const before = await unreadOf(s, ids.sales2);
    const created = await notify(s.app.portal, {
      userIds: [ids.sales2, ids.sales3, ids.sales2],
      cont: '测试通知一',
      kind: 'task',
      modelType: 'task',
      modelId: 7,
    });
    expect(created).toHaveLength(2);
    const rows = await s.app.portal.db.selectFrom('notifications').selectAll().where('id', 'in', created).orderBy('id').execute();
    expect(rows.map((r) => [r.user_id, r.cont, r.kind, r.model_type, r.model_id, r.is_read])).toEqual([
      [ids.sales2, '测试通知一', 'task', 'task', 7, 0],
      [ids.sales3, '测试通知一', 'task', 'task', 7, 0],
    ]);
    const mine = pushes.find((p) => p.userId === ids.sales2);
    expect(pushes).toHaveLength(2);
    expect(mine).toMatchObject({
      target: 'privateSystemMsg',
      committed: true,
      payload: { type: 'notify', notifyCount: before + 1, msg: '测试通知一', onlineCount: 3, notification: { id: created[0], cont: '测试通知一' } },
    });
    expect(mine?.payload.notification?.addtime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
  });

  test('a rolled-back transaction leaves no notification and pushes nothing', async () => {
    const before = await countRows(ids.sales2);
    await expect(
      transact(s.app.portal, async (tx) => {
        await notify(s.app.portal, { userIds: [ids.sales2], cont: '不会出现的通知', kind: 'task' }, tx);
        throw new Error('写入失败');
      }),
    ).rejects.toThrow('写入失败');
    expect(await countRows(ids.sales2)).toBe(before);
    expect(pushes).toHaveLength(0);
  });

  test('inside a transaction not opened by transact it refuses instead of pushing too early', async () => {
    await expect(s.app.portal.db.transaction().execute((tx) => notify(s.app.portal, { userIds: [ids.sales2], cont: 'x', kind: 'task' }, tx))).rejects.toThrow(
      /transact/,
    );
    expect(pushes).toHaveLength(0);
  });

  test('a failing push does not undo the committed notification', async () => {
    const real = s.app.portal.realtime;
    s.app.portal.realtime = { ...real, sendToUser: async () => Promise.reject(new Error('hub down')) };
    try {
      const [id] = await notify(s.app.portal, { userIds: [ids.sales2], cont: '推送失败也保存', kind: 'task' });
      expect(await s.app.portal.db.selectFrom('notifications').select('id').where('id', '=', id).executeTakeFirst()).toBeDefined();
    } finally {
      s.app.portal.realtime = real;
    }
  });
});

describe('approval waiting', () => {
  // No workflow module exists yet: this is the only caller of notifyApprovalWaiting for now.
  test('notifies every handler of the step, inside the caller transaction, pushing after the commit', async () => {
    const created = await transact(s.app.portal, async (tx) => {
      const noteIds = await notifyApprovalWaiting(s.app.portal, { userIds: [ids.manager1, ids.admin], title: '差旅费报销（李娜）', taskId: 42 }, tx);
      expect(pushes).toHaveLength(0);
      return noteIds;
    });
    const rows = await s.app.portal.db.selectFrom('notifications').selectAll().where('id', 'in', created).orderBy('user_id').execute();
    expect(rows).toHaveLength(2);
    for (const r of rows)
      expect(r).toMatchObject({ cont: '你有一个新的审批待处理：差旅费报销（李娜）', kind: 'approval', model_type: 'approval', model_id: 42, is_read: 0 });
    expect(pushes.map((p) => p.userId).sort()).toEqual([ids.manager1, ids.admin].sort());
    expect(pushes.every((p) => p.committed && p.payload.msg === '你有一个新的审批待处理：差旅费报销（李娜）')).toBe(true);
  });
});

describe('api/notification/index', () => {
  beforeAll(async () => {
    for (let i = 1; i <= 12; i++) await notify(s.app.portal, { userIds: [ids.sales4], cont: `分页通知${i}`, kind: 'task' });
  });

  test('pages the unread notifications newest first, with the total', async () => {
    const t4 = await s.login('sales4', 'sales123');
    const unread = await countRows(ids.sales4, 0);
    const first = await list(t4, { page: 1, rows: 10, isread: 0 });
    expect(first.status).toBe(200);
    expect(first.body.total).toBe(unread);
    expect(first.body.rows).toHaveLength(10);
    expect(first.body.rows[0]).toMatchObject({ cont: '分页通知12', kind: 'task', modelType: '', modelId: null });
    expect(first.body.rows[0].addtime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    const shown = first.body.rows.map((r) => r.id);
    expect(shown).toEqual([...shown].sort((a, b) => b - a));
    const second = await list(t4, { page: 2, rows: 10, isread: 0 });
    expect(second.body.rows).toHaveLength(unread - 10);
    expect(Math.max(...second.body.rows.map((r) => r.id))).toBeLessThan(Math.min(...shown));
    expect((await list(t4, { page: 9, rows: 10 })).body).toEqual({ rows: [], total: unread });
  });

  test('the read tab lists only read notifications', async () => {
    const res = await list(t.sales1, { page: 1, rows: 50, isread: 1 });
    expect(res.body.total).toBe(await countRows(ids.sales1, 1));
    expect(res.body.total).toBeGreaterThan(0);
    const readIds = (await s.app.portal.db.selectFrom('notifications').select('id').where('user_id', '=', ids.sales1).where('is_read', '=', 1).execute()).map(
      (r) => r.id,
    );
    for (const r of res.body.rows) expect(readIds).toContain(r.id);
  });

  test('rejects a bad read state and a missing login', async () => {
    const bad = await list(t.sales1, { isread: 2 });
    expect(bad.body).toMatchObject({ result: 'error', msg: '已读状态只能是0或1' });
    const anonymous = await s.post<{ result: string; msg: string }>('/api/notification/index', {});
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.msg).toContain('登陆');
  });
});

describe('api/notification/setread', () => {
  test('marks the given ids of the user only, and pushes the new count', async () => {
    const [a, b] = await notify(s.app.portal, { userIds: [ids.sales1, ids.sales2], cont: '标记测试', kind: 'customer' });
    pushes.length = 0;
    // sales1 sends sales2's id too: it is ignored.
    const res = await s.post<{ result: string; data: { count: number } }>('/api/notification/setread', { ids: `${a},${b}` }, { token: t.sales1 });
    expect(res.body).toMatchObject({ result: 'success', data: { count: 1 } });
    const rows = await s.app.portal.db.selectFrom('notifications').select(['id', 'is_read', 'read_at']).where('id', 'in', [a, b]).orderBy('id').execute();
    expect(rows[0]).toMatchObject({ id: a, is_read: 1, read_at: expect.any(String) });
    expect(rows[1]).toMatchObject({ id: b, is_read: 0, read_at: null });
    expect(pushes).toEqual([
      {
        userId: ids.sales1,
        target: 'privateSystemMsg',
        committed: null,
        payload: { type: 'notify', notifyCount: await unreadOf(s, ids.sales1), msg: '', onlineCount: 3 },
      },
    ]);
  });

  test("'all' empties the user's unread list and leaves other users' alone", async () => {
    const othersBefore = await unreadOf(s, ids.sales2);
    expect(await unreadOf(s, ids.sales1)).toBeGreaterThan(0);
    const res = await s.post('/api/notification/setread', { ids: 'all' }, { token: t.sales1 });
    expect(res.body).toMatchObject({ result: 'success' });
    expect(await unreadOf(s, ids.sales1)).toBe(0);
    expect(await unreadOf(s, ids.sales2)).toBe(othersBefore);
    expect((await list(t.sales1, { page: 1, isread: 0 })).body).toEqual({ rows: [], total: 0 });
    expect(pushes.at(-1)?.payload).toMatchObject({ type: 'notify', notifyCount: 0 });
  });

  test('asks for ids when none are given', async () => {
    const res = await s.post('/api/notification/setread', { ids: '' }, { token: t.sales1 });
    expect(res.body).toMatchObject({ result: 'error', msg: '请选择要标记的消息' });
    const bad = await s.post('/api/notification/setread', { ids: '1,abc' }, { token: t.sales1 });
    expect(bad.body).toMatchObject({ result: 'error', msg: '消息ID不正确' });
  });
});
