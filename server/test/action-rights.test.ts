/** Action rights (`page:action`) in the login model, and migration 008 for databases seeded before them. */
import { sql, type Kysely } from 'kysely';
import { up as addActionRights } from '../src/db/migrations/008-action-rights';
import { parseRights, splitRight, type PermissionTree } from '../src/modules/system/role/permission-tree';
import { DEMO, startServer, type TestServer } from './harness';
import { addCustomerActionRights } from '../src/db/migrations/020-customers-complete';
import { addPoolImportRight } from '../src/db/migrations/022-pool-import-right';

let s: TestServer;
beforeAll(async () => {
  s = await startServer();
});
afterAll(async () => {
  await s.close();
});

async function modelOf(who: keyof typeof DEMO): Promise<PermissionTree> {
  const [username, password] = DEMO[who];
  return (await s.post<{ model: PermissionTree }>('/api/user/login', { username, password })).body.model;
}

test('an action suffix is a lower-case key after `:` that does not follow a `/`', () => {
  expect(splitRight('customer/watched:delete')).toEqual({ page: 'customer/watched', action: 'delete' });
  expect(splitRight('customer/watched/:id')).toEqual({ page: 'customer/watched/:id' });
  expect(splitRight('customForm/view/:module/:type/:id')).toEqual({ page: 'customForm/view/:module/:type/:id' });
  expect(splitRight('flow:create')).toEqual({ page: 'flow', action: 'create' });
});

test('the seeded roles hold the action rights their job needs', async () => {
  const [admin, manager, sales, finance] = await Promise.all([modelOf('admin'), modelOf('manager'), modelOf('sales'), modelOf('finance')]);
  expect(admin.crm).toEqual(expect.arrayContaining(['customer/watched:delete', 'customer/daifenpei:assign', 'signorentry/sigeshenpi:approve']));
  expect(admin.system).toEqual(expect.arrayContaining(['role:create', 'user:edit', 'customForm:delete']));
  expect(manager.crm).toEqual(
    expect.arrayContaining(['customer/watched:assign', 'customer/watched:transfer', 'customer/watched:export', 'customer/watched:delete']),
  );
  expect(sales.crm).toEqual(
    expect.arrayContaining(['customer/watched:create', 'customer/watched:edit', 'customer/watched:import', 'customer/watched:pool', 'customer/total:receive']),
  );
  for (const denied of ['customer/watched:delete', 'customer/watched:export', 'customer/watched:assign', 'customer/daifenpei:assign'])
    expect(sales.crm).not.toContain(denied);
  expect(finance.crm.some((p) => p.startsWith('customer/'))).toBe(false);
  expect(finance.crm).toEqual(expect.arrayContaining(['signorentry/sign', 'signorentry/sigeshenpi:approve']));
  // The page lists the client reads are unchanged: the page paths are still there.
  expect(sales.crm).toContain('customer/watched');
});

test('migration 008 adds the action rights to the four seeded roles by name and keeps what else they hold', async () => {
  const db = s.app.portal.db;
  const roles = await db.selectFrom('roles').select(['id', 'name', 'rights']).execute();
  // A database from before the action rights: page rights only, plus something an administrator added.
  for (const role of roles) {
    const tree = parseRights(role.rights);
    const pagesOnly = Object.fromEntries(Object.entries(tree).map(([area, list]) => [area, list.filter((p) => splitRight(p).action === undefined)]));
    if (role.name === '销售') pagesOnly.bi = ['customerRank'];
    await db
      .updateTable('roles')
      .set({ rights: JSON.stringify(pagesOnly) })
      .where('id', '=', role.id)
      .execute();
  }
  // Migrations take the untyped Kysely the Migrator gives them.
  const untyped = db as unknown as Kysely<unknown>;
  await addActionRights(untyped);
  await addActionRights(untyped); // twice: nothing is added twice
  // Migration 020 adds the rights of issue #10 (blacklist, team, departed staff, visitors).
  await addCustomerActionRights(untyped);
  await addCustomerActionRights(untyped);
  // Migration 022: 公海客户's own import right.
  await addPoolImportRight(untyped);
  await addPoolImportRight(untyped);
  const after = new Map((await db.selectFrom('roles').select(['name', 'rights']).execute()).map((r) => [r.name, parseRights(r.rights)]));
  const before = new Map(roles.map((r) => [r.name, parseRights(r.rights)]));
  for (const name of ['超级管理员', '销售经理', '销售', '财务']) {
    const expected = before.get(name) as PermissionTree;
    const got = after.get(name) as PermissionTree;
    // Rights added after migration 008 (basic:edit, migration 011) are not its business; 超级管理员 holds
    // every right whatever is stored (roles.built_in).
    const since008 = new Set(['basic:edit']);
    for (const area of ['crm', 'oa', 'system'] as const) expect(new Set(got[area])).toEqual(new Set(expected[area].filter((p) => !since008.has(p))));
    for (const area of Object.keys(got) as (keyof PermissionTree)[]) expect(got[area].length).toBe(new Set(got[area]).size);
  }
  expect((after.get('销售') as PermissionTree).bi).toEqual(['customerRank']);
  const count = await sql<{ n: number }>`select count(*) as n from roles`.execute(db);
  expect(Number(count.rows[0].n)).toBe(roles.length);
});
