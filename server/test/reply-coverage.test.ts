/**
 * How much of the API replies through the wire contract: the registered routes that declare a
 * `reply` schema (route.ts), out of all of them. Prints the figure; the floor only rises.
 */
import { startServer, type TestServer } from './harness';

const FLOOR = 32;

let s: TestServer;
beforeAll(async () => {
  s = await startServer();
});
afterAll(async () => {
  await s.close();
});

test('routes with a reply schema, out of the registered API routes', () => {
  const routes = s.app.registeredRoutes().filter((r) => !r.declaration.hidden);
  const declared = routes.filter((r) => r.declaration.reply !== undefined);
  console.log(
    `reply schemas: ${declared.length} of ${routes.length} routes\n${declared.map((r) => `  ${r.declaration.method} ${r.declaration.url}`).join('\n')}`,
  );
  expect(declared.length).toBeGreaterThanOrEqual(FLOOR);
});
