import { DEMO, startServer, type TestServer } from './harness';

type Envelope<T = unknown> = { result: string; msg: string; data: T };
type Row = { id: number; name: string; module: string; status: number; UserName: string };

let s: TestServer;
let admin = '';
beforeAll(async () => {
  s = await startServer();
  admin = await s.login(...DEMO.admin);
});
afterAll(async () => s.close());

const post = <T = unknown>(url: string, body: Record<string, unknown>, token = admin) => s.post<Envelope<T>>(url, body, { token });

test('打印模板: create, list, edit, toggle status, delete; everyone lists, 基础设置 editors change', async () => {
  const created = await post<{ id: number }>('/api/printTemp/add', {
    name: '合同打印',
    module: 'contract',
    content: '<h1>{{orderSn}}</h1><p>{{customerName}}</p>',
  });
  expect(created.body).toMatchObject({ result: 'success', msg: '添加成功' });
  const id = created.body.data.id;
  const sales = await s.login(...DEMO.sales);
  const list = await s.post<{ rows: Row[]; total: number }>('/api/printTemp/index', { module: 'contract' }, { token: sales });
  expect(list.body.total).toBe(2); // with the demo's 销售合同（标准版）
  expect(list.body.rows[0]).toMatchObject({ id, name: '合同打印', module: 'contract', status: 1, UserName: '系统管理员' });
  expect((await post<{ content: string }>('/api/printTemp/detail', { id }, sales)).body.data.content).toContain('{{orderSn}}');
  expect((await post('/api/printTemp/add', { name: 'x', module: 'contract', content: 'x' }, sales)).status).toBe(403);

  expect((await post('/api/printTemp/edit', { id, name: '合同打印（新）', module: 'contract', content: '<p>{{Money}}</p>' })).body.msg).toBe('保存成功');
  expect((await post<{ status: number }>('/api/printTemp/status', { id })).body).toMatchObject({ msg: '已停用', data: { status: 0 } });
  // Enabled: the demo's 销售合同（标准版）, 费用报销单 and 进件单.
  expect((await s.post<{ total: number }>('/api/printTemp/index', { status: '1' }, { token: admin })).body.total).toBe(3);
  expect((await post('/api/printTemp/status', { id })).body.msg).toBe('已启用');
  expect((await post('/api/printTemp/add', { name: '', module: 'contract', content: 'x' })).body.msg).toBe('模板名称不能为空');
  expect((await post('/api/printTemp/add', { name: 'x', module: 'invoice', content: 'x' })).body.msg).toBe('适用单据格式不正确');
  expect((await post('/api/printTemp/delete', { id })).body.msg).toBe('删除成功');
  expect((await post('/api/printTemp/delete', { id })).body.msg).toBe('打印模板不存在');
});
