import { DEMO, startServer, type TestServer } from './harness';

type Envelope<T = unknown> = { result: string; msg: string; data: T };
type Value = { id: number; label: string; value: string; colour: string; enabled: number };
type Type = { code: string; name: string; builtIn: number; valueCount: number };

let s: TestServer;
let admin = '';
beforeAll(async () => {
  s = await startServer();
  admin = await s.login(...DEMO.admin);
});
afterAll(async () => s.close());

const post = <T = unknown>(url: string, body: Record<string, unknown>) => s.post<Envelope<T>>(url, body, { token: admin });
const values = async (types: string) => (await s.post<{ rows: Value[]; total: number }>('/api/status/Json', { types, rows: 100 }, { token: admin })).body.rows;

test('typelist and the values of a type (disabled ones included)', async () => {
  const types = await s.get<Envelope<Type[]>>('/api/Status/typelist', { token: admin });
  expect(types.body.data[0]).toMatchObject({ code: 'kehu_level', name: '客户级别', builtIn: 1, valueCount: 4 });
  expect((await values('kehu_level')).map((v) => v.label)).toEqual(['A', 'B', 'C', 'D']);
  expect((await s.get('/api/Status/typelist', { token: await s.login(...DEMO.sales) })).status).toBe(403);
});

test('a value in use can be disabled but not deleted nor given another value; an unused one is deleted', async () => {
  const a = (await values('kehu_level')).find((v) => v.label === 'A') as Value;
  const refused = await post('/api/status/delete', { ids: `${a.id}` });
  expect(refused.body.msg).toMatch(/^「A」已被\d+个客户使用，不能删除，可以停用$/);
  expect((await post('/api/status/edit', { id: a.id, label: 'A', value: 'A+' })).body.msg).toMatch(/不能修改取值/);
  expect((await post('/api/status/edit', { id: a.id, label: 'A级', value: 'A', colour: 'red', enabled: 0 })).body.result).toBe('success');
  const sales = await s.login(...DEMO.sales);
  expect((await s.get<{ name: string }[]>('/api/Status/json?types=kehu_level', { token: sales })).body.map((o) => o.name)).toEqual(['B', 'C', 'D']);
  const d = (await values('kehu_level')).find((v) => v.label === 'D') as Value;
  expect((await post('/api/status/delete', { ids: `${d.id}` })).body).toMatchObject({ result: 'success', data: { deleted: 1 } });
});

test('types: create with values, built-in types cannot be deleted, bad input names the field', async () => {
  expect((await post('/api/status/typeAdd', { code: 'visit_channel', name: '到访渠道' })).body.result).toBe('success');
  expect((await post('/api/status/typeAdd', { code: 'visit_channel', name: '到访渠道' })).body.msg).toBe('类型编码已存在');
  expect((await post('/api/status/add', { types: 'visit_channel', label: '自然到访', colour: 'green' })).body.result).toBe('success');
  expect((await post('/api/status/add', { types: 'visit_channel', label: '自然到访' })).body.msg).toBe('该类型下已有相同的值');
  expect((await values('visit_channel'))[0]).toMatchObject({ label: '自然到访', value: '自然到访', colour: 'green', enabled: 1 });
  expect((await post('/api/status/add', { types: 'visit_channel', label: '' })).body.msg).toBe('名称不能为空');
  expect((await post('/api/status/add', { types: 'nope', label: 'x' })).body.msg).toBe('字典类型不存在');
  expect((await post('/api/status/typeAdd', { code: '1x', name: 'x' })).body.msg).toBe('类型编码须以字母开头，只能包含字母、数字和下划线');
  expect((await post('/api/status/typeDelete', { code: 'kehu_level' })).body.msg).toBe('「客户级别」是系统内置类型，不能删除');
  expect((await post('/api/status/typeDelete', { code: 'visit_channel' })).body.result).toBe('success');
  expect(await values('visit_channel')).toEqual([]);
});
