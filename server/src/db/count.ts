import { sql, type SelectQueryBuilder } from 'kysely';
import type { DbOrTx } from './database';

/**
 * Lists count their matches up to this many. A list of more than 10,000 rows says 10000+ and pages
 * within them: at a million customers, counting every match of a broad list (all customers, a
 * frequent search key) cost 60–280 ms per page on SQLite, while the page itself cost 1–5 ms
 * (server/bench/customer-list.ts).
 */
export const COUNT_CAP = 10_000;

export type CappedCount = { total: number; capped: boolean };

/**
 * The number of rows `query` (a selectFrom with its conditions, nothing selected yet) matches,
 * counting no further than `cap`: `{ total: cap, capped: true }` when more match. The database stops
 * reading at cap + 1 rows.
 */
export async function countCapped<DB, TB extends keyof DB, O>(db: DbOrTx, query: SelectQueryBuilder<DB, TB, O>, cap = COUNT_CAP): Promise<CappedCount> {
  const limited = query.select(sql<number>`1`.as('one')).limit(cap + 1).as('capped');
  const row = await db.selectFrom(limited).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const n = Number(row.n);
  return n > cap ? { total: cap, capped: true } : { total: n, capped: false };
}
