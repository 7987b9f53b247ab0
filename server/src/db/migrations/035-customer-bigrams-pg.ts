import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../database';

/**
 * PostgreSQL: two-character keys (杭州, 科技: most Chinese searches) make no trigram, so pg_trgm could
 * not serve them and a search scanned every customer (p95 198 ms for 杭州 at 1,000,000). A GIN index on
 * the 2-character windows of name, mobile and code (the same windows SQLite's customer_search holds)
 * finds the candidates; ILIKE then checks them (customer-search.ts). `portal_bigrams` is IMMUTABLE so
 * that the index can use it; the query calls it with the same expression. SQLite: nothing (its FTS5
 * table customer_search already holds the windows).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  await sql`
    CREATE OR REPLACE FUNCTION portal_bigrams(t text) RETURNS text[]
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
      SELECT coalesce(array_agg(DISTINCT substr(t, i, 2)), '{}') FROM generate_series(1, length(t) - 1) AS i
    $$`.execute(db);
  await sql`CREATE INDEX customers_bigrams ON customers USING gin (portal_bigrams(lower(customer_name || ' ' || contact_mobile || ' ' || coalesce(code, ''))))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  await sql`DROP INDEX IF EXISTS customers_bigrams`.execute(db);
  await sql`DROP FUNCTION IF EXISTS portal_bigrams(text)`.execute(db);
}
