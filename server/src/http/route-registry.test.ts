import Fastify from 'fastify';
import { Fields } from './input-fields';
import { defineRoute, mountRoutes } from './route';
import { trackRoutes } from './route-registry';

const noActor = async () => 'invalid' as const;

test('a route without a declaration keeps the server from starting', async () => {
  const app = Fastify({ logger: false });
  trackRoutes(app);
  app.post('/api/sneaky', async () => ({ result: 'success' }));
  await expect(app.ready()).rejects.toThrow(/routes without a declaration.*POST \/api\/sneaky/);
  await app.close().catch(() => undefined);
});

test('declared routes are listed with their declarations (the HEAD twin of a GET once)', async () => {
  const app = Fastify({ logger: false });
  trackRoutes(app);
  mountRoutes(app, noActor, [
    defineRoute({
      method: 'GET',
      url: '/api/Thing/List',
      summary: '列表',
      tag: 'crm',
      access: 'login',
      record: 'none',
      input: Fields({}),
      handler: async () => ({ rows: [], total: 0 }),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/thing/add',
      summary: '新增',
      tag: 'crm',
      access: 'public',
      record: 'none',
      input: Fields({}),
      handler: async () => ({ result: 'success' }),
    }),
  ]);
  await app.ready();
  expect(app.registeredRoutes().map((r) => `${r.method} ${r.url} ${r.declaration.summary}`)).toEqual(['GET /api/thing/list 列表', 'POST /api/thing/add 新增']);
  await app.close();
});
