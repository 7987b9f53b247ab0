import { DEMO, startServer, type TestServer } from './harness';

type Option = { id: number; name: string; value: string; colour: string };

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => server.close());

describe('GET api/Status/json (statusSelect choices)', () => {
  it('lists the enabled values of one dictionary in order, for any logged-in user', async () => {
    const token = await server.login(...DEMO.sales);
    const reply = await server.get<Option[]>('/api/Status/json?types=followup_status', { token });
    expect(reply.status).toBe(200);
    expect(reply.body.map((o) => o.name)).toEqual(['初次接触', '需求确认', '方案报价', '商务谈判', '成交', '搁置']);
    expect(reply.body[0]).toMatchObject({ id: expect.any(Number), value: '初次接触', colour: 'default' });
  });

  it('leaves out disabled values and answers an unknown type with no choices', async () => {
    const token = await server.login(...DEMO.sales);
    await server.app.portal.db.updateTable('dict_values').set({ enabled: 0 }).where('type_code', '=', 'kehu_level').where('label', '=', 'D').execute();
    expect((await server.get<Option[]>('/api/Status/json?types=kehu_level', { token })).body.map((o) => o.name)).toEqual(['A', 'B', 'C']);
    expect((await server.get<Option[]>('/api/Status/json?types=nothing_here', { token })).body).toEqual([]);
  });

  it('needs a login', async () => {
    expect((await server.get('/api/Status/json?types=kehu_level')).status).toBe(401);
  });
});

describe('the demo organisation', () => {
  it('gives every department head and every person but admin a superior', async () => {
    const db = server.app.portal.db;
    const manager = await db.selectFrom('users').select(['id', 'superior_id', 'job_title']).where('username', '=', 'manager1').executeTakeFirstOrThrow();
    const sales1 = await db.selectFrom('users').select(['superior_id', 'branch_id']).where('username', '=', 'sales1').executeTakeFirstOrThrow();
    const branch = await db.selectFrom('branches').select('head_user_id').where('id', '=', sales1.branch_id).executeTakeFirstOrThrow();
    expect(sales1.superior_id).toBe(manager.id);
    expect(branch.head_user_id).toBe(manager.id);
    expect(manager.job_title).toBe('销售经理');
    const withoutSuperior = await db.selectFrom('users').select('username').where('superior_id', 'is', null).execute();
    expect(withoutSuperior.map((u) => u.username)).toEqual(['admin']);
  });
});
