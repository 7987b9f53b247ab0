/**
 * Record-level checks, entity by entity: a record of another department (or another user, for the
 * entities that belong to one person) is answered 403 or 404 and its data never leaves the server.
 * manager1 and sales1 work in 销售一部; sales9 and sales10 in 华东销售部.
 */
import { DEMO, startServer, type TestServer } from './harness';

type Envelope<T = unknown> = { result: string; msg: string; data?: T };
type List<T> = { rows: T[]; total: number };

let s: TestServer;
const t = { manager: '', sales: '', sales9: '' };
const ids = { sales9: 0, sales10: 0 };

beforeAll(async () => {
  s = await startServer();
  t.manager = await s.login(...DEMO.manager);
  t.sales = await s.login(...DEMO.sales);
  t.sales9 = await s.login('sales9', 'sales123');
  for (const name of ['sales9', 'sales10'] as const) {
    ids[name] = (await s.app.portal.db.selectFrom('users').select('id').where('username', '=', name).executeTakeFirstOrThrow()).id;
  }
});
afterAll(async () => {
  await s.close();
});

/** 403 or 404 in the envelope, and no trace of the record's own text in the answer. */
function refusedWithout(res: { status: number; body: unknown }, secret: string): void {
  expect([403, 404]).toContain(res.status);
  expect(res.body).toMatchObject({ result: 'error' });
  expect(JSON.stringify(res.body)).not.toContain(secret);
}

test('customers: another department’s customer is refused to the manager and the sales person, and is not listed', async () => {
  const foreign = await s.app.portal.db
    .selectFrom('customers')
    .select(['id', 'customer_name', 'contact_mobile'])
    .where('owner_id', '=', ids.sales9)
    .executeTakeFirstOrThrow();
  for (const token of [t.manager, t.sales]) {
    refusedWithout(await s.post('/api/customer/Views', { id: foreign.id }, { token }), foreign.contact_mobile);
    refusedWithout(await s.post('/api/customer/Subtotal', { id: foreign.id }, { token }), foreign.contact_mobile);
    const edit = await s.post(
      '/api/customer/CustomerAddEndit',
      { id: foreign.id, CustomerName: '越权修改', contact_name: '张三', contact_mobile: '13800000001', LaiYuan: 1 },
      { token },
    );
    refusedWithout(edit, foreign.contact_mobile);
    const list = await s.post<List<{ id: number }>>('/api/customer/index', { key: foreign.customer_name, rows: 200 }, { token });
    expect(list.body.rows.map((r) => r.id)).not.toContain(foreign.id);
  }
  refusedWithout(await s.post('/api/customer/delete', { ids: String(foreign.id) }, { token: t.manager }), foreign.contact_mobile);
  const unchanged = await s.app.portal.db.selectFrom('customers').select('customer_name').where('id', '=', foreign.id).executeTakeFirstOrThrow();
  expect(unchanged.customer_name).toBe(foreign.customer_name);
});

test('contracts: another department’s contract is refused and not listed', async () => {
  const foreign = await s.app.portal.db
    .selectFrom('contracts as ct')
    .innerJoin('users as u', 'u.id', 'ct.owner_id')
    .select(['ct.id', 'ct.order_sn'])
    .where('u.username', 'in', ['sales9', 'sales10', 'sales11', 'sales12', 'manager3'])
    .executeTakeFirstOrThrow();
  for (const token of [t.manager, t.sales]) {
    refusedWithout(await s.post('/api/contract/Views', { id: foreign.id }, { token }), foreign.order_sn);
    const list = await s.post<List<{ id: number }>>('/api/contract/index', { rows: 200 }, { token });
    expect(list.body.rows.map((r) => r.id)).not.toContain(foreign.id);
  }
});

test('tasks: a task between two other people is refused and not listed', async () => {
  const created = await s.post<Envelope<{ id: number }>>(
    '/api/task/add',
    { title: '华东内部任务', cont: '只给华东看的内容', userid: ids.sales10 },
    { token: t.sales9 },
  );
  const id = created.body.data?.id as number;
  for (const token of [t.manager, t.sales]) {
    refusedWithout(await s.post('/api/task/detail', { id }, { token }), '只给华东看的内容');
    refusedWithout(await s.post('/api/task/action', { id, status: 2 }, { token }), '只给华东看的内容');
    const before = await s.app.portal.db.selectFrom('tasks').select('status').where('id', '=', id).executeTakeFirstOrThrow();
    expect([403, 404]).toContain((await s.post('/api/task/delete', { ids: String(id) }, { token })).status);
    expect(await s.app.portal.db.selectFrom('tasks').select('status').where('id', '=', id).executeTakeFirstOrThrow()).toEqual(before);
    for (const scene of ['mine', 'created']) {
      const list = await s.post<List<{ id: number }>>('/api/task/index', { scene, rows: 200 }, { token });
      expect(list.body.rows.map((r) => r.id)).not.toContain(id);
    }
  }
});

test('custom form records: another user’s record is refused and not listed', async () => {
  const admin = await s.login(...DEMO.admin);
  const form = await s.post<Envelope>('/api/form/add', { mode: 'scopeDemo', title: '记录范围测试' }, { token: admin });
  expect(form.body.result).toBe('success');
  const created = await s.post<Envelope<{ id: number }>>(
    '/api/module/add',
    { module: 'scopeDemo', data: JSON.stringify({ note: '华东的记录' }) },
    { token: t.sales9 },
  );
  expect(created.body.result).toBe('success');
  const id = created.body.data?.id as number;
  for (const token of [t.manager, t.sales]) {
    refusedWithout(await s.post('/api/module/detail', { module: 'scopeDemo', id }, { token }), '华东的记录');
    refusedWithout(await s.post('/api/module/Edit', { module: 'scopeDemo', id, data: '{}' }, { token }), '华东的记录');
    expect([403, 404]).toContain((await s.post('/api/module/delete', { module: 'scopeDemo', ids: String(id) }, { token })).status);
    const list = await s.post<List<{ id: number }>>('/api/module/index', { module: 'scopeDemo', rows: 200 }, { token });
    expect(list.body.rows.map((r) => r.id)).not.toContain(id);
    expect(JSON.stringify(list.body)).not.toContain('华东的记录');
  }
  expect(await s.app.portal.db.selectFrom('module_records').select('id').where('id', '=', id).executeTakeFirst()).toBeDefined();
});

test('files: another user’s uploads are not in the user’s file list or album, and cannot be renamed or deleted', async () => {
  const form = new FormData();
  form.append('file', new Blob([Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex')], { type: 'image/png' }), '华东展厅.png');
  const uploaded = await fetch(`${s.url}/api/file/UploadFile`, { method: 'POST', headers: { authkey: t.sales9 }, body: form });
  const file = ((await uploaded.json()) as Envelope<{ id: number }>).data;
  if (!file) throw new Error('upload failed');
  for (const token of [t.manager, t.sales]) {
    const own = await s.post<List<{ id: number }>>('/api/file/index', { rows: 200 }, { token });
    expect(own.body.rows.map((r) => r.id)).not.toContain(file.id);
    const album = await s.post<List<{ id: number }>>('/api/album/index', { rows: 200 }, { token });
    expect(album.body.rows.map((r) => r.id)).not.toContain(file.id);
    refusedWithout(await s.post('/api/file/edit', { id: file.id, filename: '改名' }, { token }), '华东展厅');
    refusedWithout(await s.post('/api/file/DeleteFile', { id: file.id }, { token }), '华东展厅');
    refusedWithout(await s.post('/api/album/delete', { id: file.id }, { token }), '华东展厅');
  }
  expect(await s.app.portal.db.selectFrom('files').select('original_name').where('id', '=', file.id).executeTakeFirstOrThrow()).toEqual({
    original_name: '华东展厅.png',
  });
});

test('notifications: another user’s notifications are neither listed nor marked read', async () => {
  const theirs = await s.app.portal.db
    .selectFrom('notifications')
    .select(['id', 'cont'])
    .where('user_id', '=', ids.sales10)
    .where('is_read', '=', 0)
    .executeTakeFirst();
  // The task of the tasks test notified sales10; seed data may hold more.
  expect(theirs).toBeDefined();
  const foreign = theirs as { id: number; cont: string };
  for (const token of [t.manager, t.sales]) {
    for (const isread of [0, 1]) {
      const list = await s.post<List<{ id: number }>>('/api/notification/index', { isread, rows: 100 }, { token });
      expect(list.body.rows.map((r) => r.id)).not.toContain(foreign.id);
      expect(JSON.stringify(list.body)).not.toContain(foreign.cont);
    }
    const marked = await s.post<Envelope<{ count: number }>>('/api/notification/setread', { ids: String(foreign.id) }, { token });
    expect(marked.body.data?.count ?? 0).toBe(0);
  }
  expect(await s.app.portal.db.selectFrom('notifications').select('is_read').where('id', '=', foreign.id).executeTakeFirstOrThrow()).toEqual({ is_read: 0 });
});

// Files: api/file/list and /files/<name> follow the record's own check; see file-access.test.ts.
