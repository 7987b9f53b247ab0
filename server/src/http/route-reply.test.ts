/** A route's `reply` schema is what leaves the server: undeclared fields are dropped, errors pass as they are. */
import { Envelope, ListOf, Maskable } from '@portal/shared-contract';
import { Type, type TSchema } from '@sinclair/typebox';
import Fastify from 'fastify';
import { Fields } from './input-fields';
import { defineRoute, mountRoutes } from './route';

async function appWith(handler: () => Promise<unknown>, reply: TSchema = Envelope(Type.Object({ id: Type.Number(), CustomerName: Maskable() }))) {
  const app = Fastify();
  const route = defineRoute({
    method: 'POST',
    url: '/api/test/reply',
    summary: '测试',
    tag: 'crm',
    access: 'public',
    record: 'none',
    input: Fields({}),
    reply,
    handler,
  });
  mountRoutes(app, async () => 'invalid', [route]);
  await app.listen({ port: 0, host: '127.0.0.1' });
  return app;
}

/** Light-my-request (app.inject) needs ESM under jest; a real request does not. */
async function call(app: Awaited<ReturnType<typeof appWith>>) {
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const res = await fetch(`http://127.0.0.1:${port}/api/test/reply`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
  const body = await res.text();
  return { statusCode: res.status, body, json: () => JSON.parse(body) };
}

describe('reply schemas', () => {
  // Production behaviour: the test-mode conformance check (reply-conformance.ts) is off here.
  beforeEach(() => {
    process.env.PORTAL_CHECK_REPLIES = '0';
  });
  afterEach(() => {
    delete process.env.PORTAL_CHECK_REPLIES;
  });

  it('drop a field the schema does not declare, at any depth', async () => {
    const app = await appWith(async () => ({
      result: 'success',
      msg: '获取成功',
      data: { id: 7, CustomerName: '甲公司', password_hash: 'secret' },
      debug: 'internal',
    }));
    const res = await call(app);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ result: 'success', msg: '获取成功', data: { id: 7, CustomerName: '甲公司' } });
    expect(res.body).not.toContain('secret');
    await app.close();
  });

  it('serialise list rows through the row schema; a masked (removed) field may be absent', async () => {
    const app = await appWith(
      async () => ({ rows: [{ id: 1, CustomerName: '乙公司', owner_token: 'x' }, { id: 2 }], total: 2 }),
      ListOf(Type.Object({ id: Type.Number(), CustomerName: Maskable() })),
    );
    const res = await call(app);
    expect(res.json()).toEqual({ rows: [{ id: 1, CustomerName: '乙公司' }, { id: 2 }], total: 2 });
    await app.close();
  });

  it('leave error replies alone', async () => {
    const app = await appWith(async () => {
      throw Object.assign(new Error('客户不存在'), { statusCode: 404 });
    });
    const res = await call(app);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ message: '客户不存在' });
    await app.close();
  });

  it('under test, fail a reply that does not match its schema, naming the field', async () => {
    process.env.PORTAL_CHECK_REPLIES = '1';
    const app = await appWith(async () => ({ result: 'success', msg: '获取成功', data: { id: '7', extra: 1 } }));
    const res = await call(app);
    expect(res.statusCode).toBe(500);
    expect(res.json().message).toContain('/data/id');
    await app.close();
  });
});
