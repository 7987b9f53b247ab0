import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../database';

/**
 * PostgreSQL: the 2-character windows and list tokens (migration 046, less `lst`) of the listed
 * customers (those 我的客户 lists), each tagged with the customer's id range (`<term>/<id >> 16>`), in a
 * partial GIN index. A count capped at 10,001 for a list that reaches the cap (everyone's or a
 * department's, with a frequent key: 科技) then reads the newest id ranges one after the other and stops
 * once it has enough (customer-search.ts `inIdRanges`): at 1,000,000 customers 科技 (132,000 matches)
 * needs two ranges of ~5,000, 杭州 (41,000) five, where a GIN scan of customers_search_windows builds
 * the whole key's bitmap before its first row (~9 ms) and cannot stop at a cap. Count of 科技 for
 * everyone 16.6 → 3 ms, 杭州 12.7 → 5 ms, a rare key (张伟) ~0.4 ms. ~90 MB at 1,000,000 customers.
 * SQLite: nothing (its FTS5 index streams `"科技" AND lst` and stops at the cap).
 */

/** The id range of a customer in the index's tags: `id >> RANGE_BITS` (65,536 ids a range). */
export const RANGE_BITS = 16;

/** The partial index's predicate: the customers 我的客户 lists (migration 046 `LISTED`), on customers `c`. */
export const pgListed = (alias = ''): string =>
  `${alias}gonghai = 0 AND ${alias}blacklisted = 0 AND ${alias}merged_into IS NULL AND ${alias}clue IN (1, 2)`;

/** The indexed expression, on customers `c` (alias 'c.'); queries use it character for character. */
export const pgListedWindows = (alias = ''): string =>
  `portal_tagged(portal_bigrams(lower(${alias}customer_name || ' ' || ${alias}contact_mobile || ' ' || coalesce(${alias}code, ''))) || array_remove(${alias}list_tokens, 'lst'), ${alias}id >> ${RANGE_BITS})`;

export async function up(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  // A window is 2 characters long and a token at least 3, so `<term>/<range>` is never ambiguous.
  await sql`
    CREATE OR REPLACE FUNCTION portal_tagged(terms text[], tag integer) RETURNS text[]
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
      SELECT coalesce(array_agg(t || '/' || tag), '{}') FROM unnest(terms) AS t
    $$`.execute(db);
  await sql.raw(`CREATE INDEX customers_listed_windows ON customers USING gin (${pgListedWindows()}) WHERE ${pgListed()}`).execute(db);
  await sql`ANALYZE customers`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  await sql`DROP INDEX IF EXISTS customers_listed_windows`.execute(db);
  await sql`DROP FUNCTION IF EXISTS portal_tagged(text[], integer)`.execute(db);
}
