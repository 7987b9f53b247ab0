import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../database';

/**
 * List tokens in the customer search index, so that a key's count within a list is answered by the
 * index alone. A customer that 我的客户 lists (in no pool, not blacklisted, not merged, a customer or a
 * deal: customer-views.ts `watched`) carries the tokens `lst`, `own<owner>`, `brn<department>` and
 * `par<user>` for each participant; any other customer carries none. The key's windows are 2
 * characters long and the tokens at least 3, so neither ever matches the other.
 *
 * At 1,000,000 customers a salesperson's count of 科技 (132,000 matches, 8,214 in their scope) had to
 * test each of their ~59,000 customers against the key's 132,000 matches: SQLite 75 ms, PostgreSQL
 * ~45 ms in two halves. As `"科技" AND (own7 OR par7)` the search index intersects two lists: SQLite
 * ~4 ms, PostgreSQL ~11 ms. The admin's count (`"科技" AND lst`, capped at 10,001) on SQLite: 15 → 2 ms.
 *
 * The database keeps the tokens: triggers on customers and customer_participants.
 * - SQLite: the FTS5 table customer_search gets a second column `scope`; as a contentless table it
 *   is rewritten whole (terms and scope) when a searched field or a token's column changes, the terms
 *   computed by `portal_search_terms` (search-terms.ts, registered by database.ts on every connection).
 *   Writers no longer maintain the index themselves.
 * - PostgreSQL: a column `list_tokens` (kept by triggers) joins the 2-character windows in one GIN
 *   index, customers_search_windows, which replaces customers_bigrams (migration 035): the key's
 *   windows and the tokens are then one index condition.
 */
const LISTED = (r: string) => `${r}.gonghai = 0 AND ${r}.blacklisted = 0 AND ${r}.merged_into IS NULL AND ${r}.clue IN (1, 2)`;

/** SQLite: the scope column's text for the customer row `r` (`new`, `old` or an alias of customers). */
function sqliteScope(r: string): string {
  return `CASE WHEN ${LISTED(r)} THEN 'lst' || coalesce(' own' || ${r}.owner_id, '') || coalesce(' brn' || ${r}.branch_id, '')
    || coalesce((SELECT ' ' || group_concat('par' || p.user_id, ' ') FROM customer_participants AS p WHERE p.customer_id = ${r}.id), '') ELSE '' END`;
}

const sqliteRow = (r: string) => `${r}.id, portal_search_terms(${r}.customer_name, ${r}.contact_mobile, coalesce(${r}.code, '')), ${sqliteScope(r)}`;

const SEARCHED = ['customer_name', 'contact_mobile', 'code', 'owner_id', 'branch_id', 'gonghai', 'blacklisted', 'merged_into', 'clue'];

const SQLITE_TRIGGERS = [
  `CREATE TRIGGER customers_search_insert AFTER INSERT ON customers BEGIN
    INSERT INTO customer_search (rowid, terms, scope) SELECT ${sqliteRow('new')};
  END`,
  `CREATE TRIGGER customers_search_update AFTER UPDATE OF ${SEARCHED.join(', ')} ON customers
  WHEN ${SEARCHED.map((c) => `old.${c} IS NOT new.${c}`).join(' OR ')} BEGIN
    DELETE FROM customer_search WHERE rowid = old.id;
    INSERT INTO customer_search (rowid, terms, scope) SELECT ${sqliteRow('new')};
  END`,
  `CREATE TRIGGER customers_search_delete AFTER DELETE ON customers BEGIN
    DELETE FROM customer_search WHERE rowid = old.id;
  END`,
  ...['insert', 'delete'].map((event) => {
    const r = event === 'insert' ? 'new' : 'old';
    return `CREATE TRIGGER customer_participants_search_${event} AFTER ${event.toUpperCase()} ON customer_participants BEGIN
    DELETE FROM customer_search WHERE rowid = ${r}.customer_id;
    INSERT INTO customer_search (rowid, terms, scope) SELECT ${sqliteRow('c')} FROM customers AS c WHERE c.id = ${r}.customer_id;
  END`;
  }),
];

const SQLITE_TRIGGER_NAMES = ['customers_search_insert', 'customers_search_update', 'customers_search_delete', 'customer_participants_search_insert', 'customer_participants_search_delete'];

/**
 * PostgreSQL: the windows and the tokens, as customers_search_windows indexes them; the search
 * conditions (customer-search.ts) use the same expression, with their table's alias (`c.`), so that
 * the planner matches it to the index.
 */
export const pgSearchWindows = (alias = ''): string =>
  `(portal_bigrams(lower(${alias}customer_name || ' ' || ${alias}contact_mobile || ' ' || coalesce(${alias}code, ''))) || ${alias}list_tokens)`;

export async function up(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'sqlite') {
    await sql`DROP TABLE IF EXISTS customer_search`.execute(db);
    await sql`CREATE VIRTUAL TABLE customer_search USING fts5(terms, scope, content='', contentless_delete=1, tokenize='unicode61 remove_diacritics 0')`.execute(db);
    await sql.raw(`INSERT INTO customer_search (rowid, terms, scope) SELECT ${sqliteRow('c')} FROM customers AS c`).execute(db);
    for (const trigger of SQLITE_TRIGGERS) await sql.raw(trigger).execute(db);
    return;
  }
  await sql`ALTER TABLE customers ADD COLUMN list_tokens text[] NOT NULL DEFAULT '{}'`.execute(db);
  // The tokens of one customer; the triggers call it (STABLE: it reads the participants).
  await sql.raw(`
    CREATE OR REPLACE FUNCTION portal_list_tokens(c customers) RETURNS text[]
    LANGUAGE sql STABLE AS $$
      SELECT CASE WHEN ${LISTED('c')}
        THEN array_remove(ARRAY['lst', 'own' || c.owner_id, 'brn' || c.branch_id], NULL)
          || coalesce((SELECT array_agg('par' || p.user_id ORDER BY p.user_id) FROM customer_participants AS p WHERE p.customer_id = c.id), '{}')
        ELSE '{}' END
    $$`).execute(db);
  await sql`
    CREATE OR REPLACE FUNCTION portal_customers_list_tokens() RETURNS trigger
    LANGUAGE plpgsql AS $$ BEGIN NEW.list_tokens := portal_list_tokens(NEW); RETURN NEW; END $$`.execute(db);
  // A participant added or removed: the customer's row is written so that the BEFORE trigger computes
  // its tokens. There, the row is locked and the computation reads the participants afresh; computed
  // in this UPDATE's own statement, two participants added at once to one customer lost one token
  // (the second read the participants as they were before the first committed).
  await sql`
    CREATE OR REPLACE FUNCTION portal_participants_list_tokens() RETURNS trigger
    LANGUAGE plpgsql AS $$
    DECLARE customer integer := CASE WHEN TG_OP = 'DELETE' THEN OLD.customer_id ELSE NEW.customer_id END;
    BEGIN UPDATE customers SET list_tokens = '{}' WHERE id = customer; RETURN NULL; END $$`.execute(db);
  // The old windows index first: filling the column writes every row, and each write would compute
  // its windows again for it.
  await sql`DROP INDEX IF EXISTS customers_bigrams`.execute(db);
  // Filled in two statements (the participants aggregated once, not looked up per row).
  await sql.raw(`UPDATE customers AS c SET list_tokens = array_remove(ARRAY['lst', 'own' || c.owner_id, 'brn' || c.branch_id], NULL) WHERE ${LISTED('c')}`).execute(db);
  await sql.raw(`
    UPDATE customers AS c SET list_tokens = c.list_tokens || p.tokens
    FROM (SELECT customer_id, array_agg('par' || user_id ORDER BY user_id) AS tokens FROM customer_participants GROUP BY customer_id) AS p
    WHERE p.customer_id = c.id AND ${LISTED('c')}`).execute(db);
  // Also on any write of list_tokens itself: nothing else sets it.
  await sql.raw(`CREATE TRIGGER customers_list_tokens BEFORE INSERT OR UPDATE OF ${[...SEARCHED.filter((c) => !['customer_name', 'contact_mobile', 'code'].includes(c)), 'list_tokens'].join(', ')} ON customers
    FOR EACH ROW EXECUTE FUNCTION portal_customers_list_tokens()`).execute(db);
  await sql`CREATE TRIGGER customer_participants_list_tokens AFTER INSERT OR DELETE ON customer_participants FOR EACH ROW EXECUTE FUNCTION portal_participants_list_tokens()`.execute(db);
  await sql.raw(`CREATE INDEX customers_search_windows ON customers USING gin (${pgSearchWindows()})`).execute(db);
  // Statistics for the new expression (the planner's estimate of a key's candidates); autovacuum
  // then renews the visibility map that the rewrite of every row cleared.
  await sql`ANALYZE customers`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'sqlite') {
    for (const name of SQLITE_TRIGGER_NAMES) await sql.raw(`DROP TRIGGER IF EXISTS ${name}`).execute(db);
    await sql`DROP TABLE IF EXISTS customer_search`.execute(db);
    await sql`CREATE VIRTUAL TABLE customer_search USING fts5(terms, content='', contentless_delete=1, tokenize='unicode61 remove_diacritics 0')`.execute(db);
    await sql`INSERT INTO customer_search (rowid, terms) SELECT id, portal_search_terms(customer_name, contact_mobile, coalesce(code, '')) FROM customers`.execute(db);
    return;
  }
  await sql`CREATE INDEX customers_bigrams ON customers USING gin (portal_bigrams(lower(customer_name || ' ' || contact_mobile || ' ' || coalesce(code, ''))))`.execute(db);
  await sql`DROP INDEX IF EXISTS customers_search_windows`.execute(db);
  await sql`DROP TRIGGER IF EXISTS customer_participants_list_tokens ON customer_participants`.execute(db);
  await sql`DROP TRIGGER IF EXISTS customers_list_tokens ON customers`.execute(db);
  await sql`DROP FUNCTION IF EXISTS portal_participants_list_tokens()`.execute(db);
  await sql`DROP FUNCTION IF EXISTS portal_customers_list_tokens()`.execute(db);
  await sql`DROP FUNCTION IF EXISTS portal_list_tokens(customers)`.execute(db);
  await sql`ALTER TABLE customers DROP COLUMN list_tokens`.execute(db);
}
