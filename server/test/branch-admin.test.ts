import { DEMO, startServer, type TestServer } from './harness';

type Envelope<T = unknown> = { result: string; msg: string; data: T };
type Node = { id: number; Name: string; userCount: number; attributes: number; headUserId: number; children: Node[] };

let s: TestServer;
let admin = '';
const ids: Record<string, number> = {};

beforeAll(async () => {
  s = await startServer();
  admin = await s.login(...DEMO.admin);
  const db = s.app.portal.db;
  for (const b of await db.selectFrom('branches').select(['id', 'name']).execute()) ids[b.name] = b.id;
  for (const u of await db.selectFrom('users').select(['id', 'username']).execute()) ids[u.username] = u.id;
});
afterAll(async () => s.close());

const post = <T = unknown>(url: string, body: Record<string, unknown>, token = admin) => s.post<Envelope<T>>(url, body, { token });
const find = (nodes: Node[], name: string): Node | undefined => {
  for (const n of nodes) {
    if (n.Name === name) return n;
    const hit = find(n.children, name);
    if (hit) return hit;
  }
  return undefined;
};

test('create a department with a head, see it in TreeJson with its userCount, detail, Getbranch', async () => {
  const created = await post<{ id: number }>('/main/Branch/add', { name: '大客户部', parentId: ids['总部'], attributes: 2, headUserId: ids.manager1 });
  expect(created.body).toMatchObject({ result: 'success', msg: '添加成功' });
  const id = created.body.data.id;
  const tree = (await s.post<Node[]>('/api/branch/TreeJson', {}, { token: admin })).body;
  expect(find(tree, '大客户部')).toMatchObject({ userCount: 0, attributes: 2, headUserId: ids.manager1 });
  expect(find(tree, '销售一部')?.userCount).toBe(5); // 张伟 and sales1–4 (徐磊 departed)
  expect((await post('/main/Branch/detail', { id })).body.data).toMatchObject({ Name: '大客户部', parentName: '总部', headName: '张伟', attributes: 2 });
  const flat = (await post<{ Name: string; text: string }[]>('/api/branch/Getbranch', {}, await s.login(...DEMO.sales))).body.data;
  expect(flat).toContainEqual(expect.objectContaining({ Name: '大客户部', text: '华信科技有限公司 / 总部 / 大客户部' }));
  expect((await post('/main/Branch/add', { name: '大客户部', parentId: ids['总部'] })).body.msg).toBe('同一上级下已有同名部门');
  expect((await post('/main/Branch/add', { name: '' })).body.msg).toBe('部门名称不能为空');
  expect((await post('/main/Branch/add', { name: 'x', attributes: 5 })).body.msg).toBe('部门类型格式不正确');
  expect((await post('/main/Branch/add', { name: 'x', headUserId: ids.sales13 })).body.msg).toBe('负责人已离职，请重新选择');
});

test('move under another department; a cycle is refused', async () => {
  const res = await post('/main/Branch/edit', { id: ids['销售二部'], name: '销售二部', parentId: ids['华东分公司'], attributes: 2 });
  expect(res.body.result).toBe('success');
  const tree = (await s.post<Node[]>('/api/branch/TreeJson', {}, { token: admin })).body;
  expect(find(tree, '华东分公司')?.children.map((c) => c.Name)).toContain('销售二部');
  expect((await post('/main/Branch/edit', { id: ids['华东分公司'], name: '华东分公司', parentId: ids['销售二部'], attributes: 1 })).body.msg).toBe(
    '不能移动到自己或自己的下级部门之下',
  );
  expect((await post('/main/Branch/edit', { id: ids['总部'], name: '总部', parentId: ids['总部'], attributes: 1 })).body.msg).toBe(
    '不能移动到自己或自己的下级部门之下',
  );
});

test('delete refuses a department with members or sub-departments, naming them; an empty one goes', async () => {
  const members = await post('/main/Branch/delete', { ids: `${ids['财务部']}` });
  expect(members.body).toMatchObject({ result: 'error', msg: '「财务部」还有员工：王芳、杨丽，请先调整他们的部门' });
  const children = await post('/main/Branch/delete', { ids: `${ids['华东分公司']}` });
  expect(children.body.msg).toBe('「华东分公司」下还有部门：销售二部、华东销售部，不能删除');
  const parent = await post<{ id: number }>('/main/Branch/add', { name: '临时组', parentId: ids['总部'], attributes: 1 });
  const child = await post<{ id: number }>('/main/Branch/add', { name: '临时小组', parentId: parent.body.data.id });
  const gone = await post('/main/Branch/delete', { ids: `${parent.body.data.id},${child.body.data.id}` });
  expect(gone.body).toMatchObject({ result: 'success', data: { deleted: 2 } });
});

test('rights: a manager may not change departments', async () => {
  const manager = await s.login(...DEMO.manager);
  expect((await post('/main/Branch/add', { name: 'x' }, manager)).status).toBe(403);
  expect((await post('/main/Branch/detail', { id: ids['总部'] }, manager)).status).toBe(403);
});
