import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../database';

/**
 * PostgreSQL: the 公海客户 view's count (customer-views.ts `total`: in the pool, not blacklisted, not
 * merged, customer or deal, in the actor's pools). Through (gonghai, …) indexes it read a table row per
 * pool customer: 10,001 rows from ~5,800 pages, 27 ms warm at 1,000,000 customers (50,000 in the
 * pool). This partial index holds the pool's rows only, with the two columns the count still tests, so
 * the count is index-only: ~2.3 ms, for one pool, the member pools' OR or every pool. 360 kB at
 * 1,000,000 customers; only pool rows are written to it. SQLite: nothing (its count takes ~7 ms).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  await sql`CREATE INDEX customers_pool_count ON customers (pool_id, clue) WHERE gonghai = 1 AND blacklisted = 0 AND merged_into IS NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  await sql`DROP INDEX IF EXISTS customers_pool_count`.execute(db);
}
