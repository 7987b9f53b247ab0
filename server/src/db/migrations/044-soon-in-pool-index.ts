import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../database';

/**
 * 即将进入公海 (customer-views.ts soonInPoolCondition): owned, unlocked customers (clue 1) whose latest
 * of follow-up, ownership and creation falls in the warning window. "All three ≤ to and one of them
 * > from" is "the latest of the three in (from, to]": one range on one expression, which this index
 * serves (the expression is the query's, character for character: customer-views.ts latestActivity).
 * A window holds every owner's customers in it (~6,000 at 1,000,000 customers); each entry carries
 * what the lists test besides, so counts and pages filter the range without reading the table: a
 * salesperson's 即将进入公海 (owner or participant) was 28 (SQLite) and 84 ms (PostgreSQL) of queries,
 * testing each of their ~60,000 owned rows or every owner's rows in three time ranges, and the
 * ~3,000 customers they take part in one by one.
 *
 * SQLite: the expression first, then the columns the lists test (read from the index, not sought: a
 * window's every entry is in the window), so it serves nothing but this window; with the flags first
 * the planner, lacking statistics for a new index, took it for other lists' (gonghai, clue) tests
 * (the pool's count: 7 → 11 ms). About 42 MB at 1,000,000 customers.
 * PostgreSQL: partial (only rows the condition can match) and covering: its planner reads an
 * expression index index-only only when every column the query names is in it, hence the INCLUDE
 * list with the three times. About 103 MB at 1,000,000 customers.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    await sql`CREATE INDEX customers_soon_window ON customers (greatest(genjin_time, owned_at, created_at))
      INCLUDE (owner_id, id, clue, level, genjin_time, owned_at, created_at)
      WHERE gonghai = 0 AND clue = 1 AND locked = 0 AND blacklisted = 0 AND merged_into IS NULL`.execute(db);
    return;
  }
  await sql`CREATE INDEX customers_soon_window ON customers (max(genjin_time, owned_at, created_at), gonghai, clue, locked, owner_id, blacklisted, merged_into, level)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS customers_soon_window`.execute(db);
}
