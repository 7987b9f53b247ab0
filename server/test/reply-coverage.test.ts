/**
 * The wire contract covers the API: every registered route declares its 200 reply's schema (route.ts
 * `reply:`), except the routes below, which answer with a file or a stream rather than JSON. A new
 * JSON route without a schema fails here.
 */
import { startServer, type TestServer } from './harness';

/** Routes whose success reply is not JSON, and what they send instead. */
const NOT_JSON: Record<string, string> = {
  'POST /api/customer/ImportRejected': 'the rejected rows as .xlsx',
  'POST /api/customer/PoolImportRejected': 'the rejected rows as .xlsx',
  'POST /api/user/ImportRejected': 'the rejected rows as .xlsx',
  'GET /api/customer/ImportTemplate': 'the import template .xlsx',
  'GET /api/customer/PoolImportTemplate': 'the import template .xlsx',
  'GET /api/user/ImportTemplate': 'the import template .xlsx',
  'GET /api/customer/ExportDownload': 'the exported .xlsx',
  'GET /hub': 'SignalR long polling (text frames)',
  'GET /files/:name': 'the stored file',
};

let s: TestServer;
beforeAll(async () => {
  s = await startServer();
});
afterAll(async () => {
  await s.close();
});

test('every JSON route declares its reply schema', () => {
  const routes = s.app.registeredRoutes().filter((r) => !r.declaration.hidden);
  const key = (r: (typeof routes)[number]) => `${r.declaration.method} ${r.declaration.url}`;
  const missing = routes.filter((r) => r.declaration.reply === undefined && !(key(r) in NOT_JSON)).map(key);
  console.log(`reply schemas: ${routes.filter((r) => r.declaration.reply !== undefined).length} of ${routes.length} routes`);
  expect(missing).toEqual([]);
  // An exemption that no longer names a route (renamed, or given a schema) goes too.
  const stale = Object.keys(NOT_JSON).filter((k) => !routes.some((r) => key(r) === k && r.declaration.reply === undefined));
  expect(stale).toEqual([]);
});
