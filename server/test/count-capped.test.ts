/**
 * countCapped (db/count.ts): lists count their matches only up to a cap and say so, on SQLite and
 * PostgreSQL; a list under the cap keeps its exact total.
 */
import { countCapped } from '../src/db/count';
import { DEMO, startServer, type TestServer } from './harness';

let s: TestServer;
beforeAll(async () => {
  s = await startServer();
});
afterAll(async () => {
  await s?.close();
});

const customers = () => s.app.portal.db.selectFrom('customers as c');

it('counts exactly up to the cap and stops there', async () => {
  const exact = Number(
    (
      await customers()
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
  expect(exact).toBeGreaterThan(3);
  await expect(countCapped(s.app.portal.db, customers(), exact)).resolves.toEqual({ total: exact, capped: false });
  await expect(countCapped(s.app.portal.db, customers(), exact + 1)).resolves.toEqual({ total: exact, capped: false });
  await expect(countCapped(s.app.portal.db, customers(), exact - 1)).resolves.toEqual({ total: exact - 1, capped: true });
  await expect(countCapped(s.app.portal.db, customers(), 3)).resolves.toEqual({ total: 3, capped: true });
  await expect(countCapped(s.app.portal.db, customers().where('c.id', '<', 0))).resolves.toEqual({ total: 0, capped: false });
});

it('a customer list under the cap answers its exact total, without totalCapped', async () => {
  const token = await s.login(...DEMO.admin);
  const res = await s.post<{ rows: unknown[]; total: number; totalCapped?: boolean }>('/api/customer/index', { page: 1, rows: 10 }, { token });
  expect(res.body.total).toBeGreaterThan(10);
  expect(res.body.rows).toHaveLength(10);
  expect(res.body).not.toHaveProperty('totalCapped');
});
