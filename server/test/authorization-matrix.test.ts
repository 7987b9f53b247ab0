/**
 * The authorization matrix: every route Fastify registered (read from the route registry, not from a
 * list kept by hand) × anonymous and every seeded role. A cell where the identity lacks the declared
 * access must be refused — 401 with a message containing 登陆 without a login, 403
 * 没有权限执行此操作 without the right — and change no table; a cell where it has the access must get
 * past the guard (any answer but 401/403; a 400 for an empty body is fine).
 */
import type { RegisteredRoute } from '../src/http/route-registry';
import type { PermissionTree } from '../src/modules/system/role/permission-tree';
import { DEMO, startServer, type Reply, type TestServer } from './harness';
import { callRoute, inBatches, sample, tableCounts, type Envelope } from './route-probe';

type Identity = 'anonymous' | keyof typeof DEMO;
const IDENTITIES: Identity[] = ['anonymous', 'admin', 'manager', 'sales', 'finance'];

let s: TestServer;
const tokens: Partial<Record<Identity, string>> = {};
const trees: Partial<Record<Identity, PermissionTree>> = {};

beforeAll(async () => {
  // The timed jobs (approval timeouts, follow-up reminders) would write between the counts compared here.
  s = await startServer({ scheduledJobs: false });
  // This file calls every route: their validators (compiled on a route's first request) are compiled
  // here, as the server did at start before, so the tests time the access checks only.
  s.app.compileAllValidators();
  for (const who of IDENTITIES) {
    if (who === 'anonymous') continue;
    const [username, password] = DEMO[who];
    const res = await s.post<{ result: string; data: { LoginToken: string }; model: PermissionTree }>('/api/user/login', { username, password });
    tokens[who] = res.body.data.LoginToken;
    trees[who] = res.body.model;
  }
});
afterAll(async () => {
  await s.close();
});

function call(route: RegisteredRoute, who: Identity, body: Record<string, unknown>): Promise<Reply<Envelope>> {
  return callRoute(s, route, who === 'anonymous' ? undefined : tokens[who], body);
}

const allows = (route: RegisteredRoute, who: Identity): boolean => {
  const access = route.declaration.access;
  if (access === 'public') return true;
  if (who === 'anonymous') return false;
  const tree = trees[who];
  return access === 'login' || (tree !== undefined && access.allows(tree));
};

type Cell = { route: RegisteredRoute; who: Identity };
const label = (c: Cell) => `${c.route.method} ${c.route.url} as ${c.who}`;

// The matrix runs in parts (each a slice of the routes), so that no single test carries all of it:
// the route count grows with every issue, a test's time should not.
const PARTS = 8;
const endsSession = (route: RegisteredRoute) => route.url === '/api/user/logout';
const figures = { refused: 0, granted: 0 };

/** Checks every identity on `routes`: the refused cells are stopped by the guard, the granted ones pass it. */
async function checkRoutes(routes: RegisteredRoute[]): Promise<string[]> {
  const cells: Cell[] = routes.flatMap((route) => IDENTITIES.map((who) => ({ route, who })));
  const failures: string[] = [];
  const refused = cells.filter((c) => !allows(c.route, c.who));
  const granted = cells.filter((c) => allows(c.route, c.who));
  figures.refused += refused.length;
  figures.granted += granted.length;

  // Refused cells, with a body that would pass validation: the guard alone must stop them.
  const before = await tableCounts(s);
  await inBatches(
    refused.map((c) => async () => {
      const input = c.route.declaration.input ?? c.route.declaration.uploadFields;
      const body = sample(input);
      const res = await call(c.route, c.who, typeof body === 'object' && body !== null && !Array.isArray(body) ? { ...body } : {});
      if (c.who === 'anonymous') {
        if (res.status !== 401 || typeof res.body?.msg !== 'string' || !res.body.msg.includes('登陆'))
          failures.push(`${label(c)}: expected 401 登陆, got ${res.status} ${JSON.stringify(res.body)}`);
      } else if (res.status !== 403 || res.body?.result !== 'error' || res.body.msg !== '没有权限执行此操作') {
        failures.push(`${label(c)}: expected 403 没有权限执行此操作, got ${res.status} ${JSON.stringify(res.body)}`);
      }
    }),
  );
  expect(await tableCounts(s)).toEqual(before);

  // Granted cells with an empty body.
  await inBatches(
    granted.map((c) => async () => {
      const res = await call(c.route, c.who, {});
      if (res.status === 401 || res.status === 403) failures.push(`${label(c)}: has the access but got ${res.status} ${JSON.stringify(res.body)}`);
    }),
  );
  return failures;
}

test('the matrix covers every registered route and the API', () => {
  const routes = s.app.registeredRoutes();
  // The figure of the matrix (routes registered × identities).
  console.log(`authorization matrix: ${routes.length} routes × ${IDENTITIES.length} identities = ${routes.length * IDENTITIES.length} cells`);
  expect(routes.length).toBeGreaterThan(50);
  expect(routes.filter((r) => /^\/(api|main)\//.test(r.url)).length).toBeGreaterThan(50);
});

test.each(Array.from({ length: PARTS }, (_, i) => i + 1))(
  'every registered route × anonymous and every seeded role, part %i: refused without the access, let through with it',
  async (part) => {
    const routes = s.app.registeredRoutes().filter((r) => !endsSession(r));
    const size = Math.ceil(routes.length / PARTS);
    expect(await checkRoutes(routes.slice((part - 1) * size, part * size))).toEqual([]);
  },
);

// Last: a call that ends the caller's session (logout).
test('the routes that end the session, last', async () => {
  expect(await checkRoutes(s.app.registeredRoutes().filter(endsSession))).toEqual([]);
  console.log(`authorization matrix: ${figures.refused} refused cells, ${figures.granted} granted cells`);
});
