import Fastify from 'fastify';
import { lazyValidators } from './lazy-validators';

function appWithLazyValidators() {
  const validators = lazyValidators();
  const app = Fastify({ logger: false, schemaController: validators.schemaController });
  validators.decorate(app);
  return app;
}

test('a route validates its input on request, compiled on the first one, with fastify’s errors', async () => {
  const app = appWithLazyValidators();
  app.post('/echo', { schema: { body: { type: 'object', required: ['n'], properties: { n: { type: 'integer' } } } } }, async (request) => request.body);
  const url = `${await app.listen({ port: 0, host: '127.0.0.1' })}/echo`;
  const post = (body: unknown) => fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

  const refused = await post({ n: 'x' });
  expect(refused.status).toBe(400);
  expect(((await refused.json()) as { message: string }).message).toMatch(/body\/n must be integer/);
  const accepted = await post({ n: 3 });
  expect(await accepted.json()).toEqual({ n: 3 });
  // Compiled already: nothing is left to compile.
  expect(app.compileAllValidators()).toBe(0);
  await app.close();
});

test('a schema ajv refuses starts the server, and compileAllValidators names its route', async () => {
  const app = appWithLazyValidators();
  app.post('/fine', { schema: { body: { type: 'object' } } }, async () => 'ok');
  app.post('/broken', { schema: { querystring: { type: 'object', properties: { a: { type: 'no-such-type' } } } } }, async () => 'ok');
  await app.ready();
  expect(() => app.compileAllValidators()).toThrow(/POST \/broken \(querystring\): .*type/);
  await app.close();
});
