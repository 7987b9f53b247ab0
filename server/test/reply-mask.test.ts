/**
 * 字段权限 run from the declaration: a new route that only says `mask: { entity: 'customer' }` gets its
 * reply masked for the viewer (masked phone, hidden field removed, carried name masked), without any
 * masking code of its own; the same reply is whole for a role without rules. Real database, real
 * sessions, on SQLite and PostgreSQL.
 */
import Fastify from 'fastify';
import { Fields } from '../src/http/input-fields';
import { defineRoute, mountRoutes } from '../src/http/route';
import { resolveActor } from '../src/modules/auth/session/session.service';
import { DEMO, startServer, type TestServer } from './harness';

let s: TestServer;
let extra: ReturnType<typeof Fastify>;
let base = '';
const t = { admin: '', sales: '' };

/** The fields a new customer page's reply might carry, straight from the database row. */
const CUSTOMER = { id: 1, CustomerName: '杭州示例科技有限公司', contact_mobile: '13812345678', level: 'A', note: '不受规则影响' };

beforeAll(async () => {
  s = await startServer();
  t.admin = await s.login(...DEMO.admin);
  t.sales = await s.login(...DEMO.sales);
  const salesRole = (await s.app.portal.db.selectFrom('users').select('role_id').where('username', '=', DEMO.sales[0]).executeTakeFirstOrThrow()).role_id;
  await s.app.portal.db.deleteFrom('role_field_masks').where('role_id', '=', salesRole).execute();
  await s.app.portal.db
    .insertInto('role_field_masks')
    .values([
      { role_id: salesRole, module: 'customer', field: 'contact_mobile', mode: 'mask' },
      { role_id: salesRole, module: 'customer', field: 'CustomerName', mode: 'mask' },
      { role_id: salesRole, module: 'customer', field: 'level', mode: 'hidden' },
    ])
    .execute();

  // A route added the way a new page's endpoint is: declaration and handler, no masking code.
  extra = Fastify();
  extra.decorate('portal', s.app.portal);
  const ctx = s.app.portal;
  mountRoutes(extra, (token) => resolveActor(ctx, token), [
    defineRoute({
      method: 'POST',
      url: '/api/test/customers',
      summary: '测试：客户列表',
      tag: 'crm',
      access: 'login',
      record: 'list',
      mask: { entity: 'customer' },
      input: Fields({}),
      handler: async () => ({ rows: [{ ...CUSTOMER }], total: 1 }),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/test/contract',
      summary: '测试：合同详情',
      tag: 'crm',
      access: 'login',
      record: 'none',
      mask: { entity: 'customer', carried: { customerName: 'CustomerName' } },
      input: Fields({}),
      handler: async () => ({ result: 'success', msg: '获取成功', data: { id: 9, customerName: CUSTOMER.CustomerName } }),
    }),
  ]);
  await extra.listen({ port: 0, host: '127.0.0.1' });
  const address = extra.server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(async () => {
  await extra.close();
  await s.close();
});

async function post(url: string, token: string): Promise<unknown> {
  const res = await fetch(`${base}${url}`, { method: 'POST', headers: { 'content-type': 'application/json', authkey: token }, body: '{}' });
  return res.json();
}

test('a new route declaring a customer reply is masked for the viewer without code of its own', async () => {
  expect(await post('/api/test/customers', t.sales)).toEqual({
    rows: [{ id: 1, CustomerName: '杭***', contact_mobile: '138****5678', note: '不受规则影响' }],
    total: 1,
  });
  expect(await post('/api/test/customers', t.admin)).toEqual({ rows: [CUSTOMER], total: 1 });
});

test('a customer name carried by another record follows the 客户名称 rule', async () => {
  expect(await post('/api/test/contract', t.sales)).toEqual({ result: 'success', msg: '获取成功', data: { id: 9, customerName: '杭***' } });
  expect(await post('/api/test/contract', t.admin)).toEqual({ result: 'success', msg: '获取成功', data: { id: 9, customerName: CUSTOMER.CustomerName } });
});
