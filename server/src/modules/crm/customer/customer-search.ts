import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import type { DbOrTx, Dialect } from '../../../db/database';
import type { FieldRules } from '../../system/field-mask/field-mask';
import { bigrams, normaliseForSearch } from '../../../db/search-terms';
import { pgListed, pgListedWindows, pgSearchWindows, RANGE_BITS } from '../../../db/search-sql';
import type { ListTokens } from './customer-views';
import { caselessLike, containsLike } from '../../shared/contains-search';

/**
 * Search key over customer name, primary mobile and code, and (exactly) a contact's WeChat id or QQ.
 *
 * SQLite: the FTS5 table `customer_search` holds, per customer, every 2-character window of the
 * normalised fields as a unicode61 token (db/search-terms.ts), and the customer's list tokens
 * (migration 046); triggers keep it. A key of 2+ characters becomes the phrase of its windows,
 * which matches exactly the records containing the key as a substring (name, mobile or code). This
 * serves 2-character Chinese keys, which the built-in trigram tokenizer cannot. Keys that normalise to
 * fewer than 2 characters fall back to LIKE.
 *
 * PostgreSQL: ILIKE, served by the pg_trgm GIN indexes when the extension is available (3+ characters)
 * and for 2-character keys by the customers_search_windows GIN index (withBigrams below).
 */
/**
 * `exact`: fields masked or hidden for the viewer (字段权限, field-mask.ts) match only their full value,
 * never in part, so the hidden digits cannot be probed one at a time.
 */
export type ExactFields = { name?: boolean; mobile?: boolean };

/** The searched fields the viewer sees masked or hidden, from their customer rules. */
export function exactFields(masks: FieldRules): ExactFields {
  return { name: masks.has('CustomerName'), mobile: masks.has('contact_mobile') };
}

/**
 * How a list's query tests the key (SQLite: against the search index's match set).
 * - `drive`: the match set may drive the query (fetch the matches, then sort them): rare keys, counts.
 * - `probe`: many rows (a salesperson's owned customers, a walk of the sort index) are each tested
 *   against the match set, built once; the unary `+` keeps SQLite from driving the query by it.
 * - `walk`: a walk of the sort index for a very frequent key tests only the few rows it visits, one
 *   index lookup each, so the match set is never built (see server/bench/README.md, customer list).
 *   Only where the walk is expected to be short
 *   (customer-list.service.ts LOOKUP_COST): a lookup costs as much as adding ~500 rowids to the set.
 * PostgreSQL: `probe` and `walk` leave out the 2-character window index, so the planner walks the
 * sort index and checks each row instead of fetching and sorting a frequent key's matches; the index
 * still serves the count (see server/bench/README.md, customer list).
 */
export type KeyAccess = 'drive' | 'probe' | 'walk';

/**
 * The condition matching customers (`c`) whose name, mobile or code contains `key`.
 *
 * `matched` (SQLite): the search index's matches already read (`indexMatches`, when few), tested as a
 * list of ids instead of evaluating the index again (a 5-digit key is a phrase of 4 windows whose
 * doclists hold ~100,000–460,000 rowids each; see server/bench/README.md, customer list).
 *
 * A key that may be a WeChat id or QQ number also matches a contact's, exactly. On PostgreSQL that is
 * one IN over a UNION of indexed lookups: `text OR id IN (…)` made it scan every customer (1.3 s at
 * 1,000,000 even with no match).
 */
export function searchCondition(
  dialect: Dialect,
  key: string,
  access: KeyAccess = 'drive',
  exact: ExactFields = {},
  matched?: readonly number[],
): Expression<SqlBool> {
  const text = exact.name || exact.mobile ? restrictedTextCondition(dialect, key, access, exact, matched) : textCondition(dialect, key, access, matched);
  if (!looksLikeAccount(key)) return text;
  // A WeChat id or QQ number is typed whole: an exact, indexed match on any contact of the customer.
  const id = access === 'drive' ? sql`c.id` : sql`+c.id`;
  const accounts = sql`SELECT customer_id FROM contacts WHERE wechat = ${key} UNION SELECT customer_id FROM contacts WHERE qq = ${key}`;
  // The inner "customers AS c" shadows the outer c, so the text condition reads the inner row.
  if (dialect === 'postgres') return sql<SqlBool>`c.id IN (SELECT c.id FROM customers AS c WHERE ${text} UNION ${accounts})`;
  // Nothing in the search index: the accounts alone. Beside a constant false term the OR kept SQLite
  // from its indexes (a scan of every customer: 1.9 s at 1,000,000).
  if (matched?.length === 0) return sql<SqlBool>`${id} IN (${accounts})`;
  return sql<SqlBool>`(${text} OR ${id} IN (${accounts}))`;
}

/** The search index's phrase for `key`: its 2-character windows in a row (none for a shorter key). */
function phrase(key: string): string | null {
  const windows = bigrams(key);
  return windows.length === 0 ? null : `"${windows.join(' ')}"`;
}

/** At most this many matches of a key are read as ids: the search index's (`indexMatches`) and the list's count's (customer-list.service.ts). */
export const FEW_MATCHES = 1_000;

/**
 * SQLite, the search index's matches for `key`: their ids when at most FEW_MATCHES; else their share
 * of the table, estimated from how far the first FEW_MATCHES + 1 reach (the index returns rowids in
 * ascending order; the matches taken as spread evenly, as the page walks take them): it only chooses
 * plans, never what they return. Null where the index does not serve the key (PostgreSQL,
 * 1-character keys).
 */
export async function indexMatches(db: DbOrTx, dialect: Dialect, key: string): Promise<{ ids: number[] } | { share: number } | null> {
  const match = dialect === 'sqlite' ? phrase(key) : null;
  if (!match) return null;
  const first = (await sql<{ id: number }>`SELECT rowid AS id FROM customer_search WHERE customer_search MATCH ${match} LIMIT ${FEW_MATCHES + 1}`.execute(db))
    .rows;
  if (first.length <= FEW_MATCHES) return { ids: first.map((r) => r.id) };
  return { share: first.length / first[first.length - 1].id };
}

/**
 * SQLite, counting a key's matches: the search index's match set as a join source (`m.id`) with the
 * rest of the key's condition, so that the count streams the index's rowids and stops at the cap.
 * As `c.id IN (…)` SQLite first builds the whole match set (see server/bench/README.md, customer
 * list). The same rows as searchCondition; null
 * where that stays the shape (PostgreSQL, keys the index cannot serve, account-like keys).
 */
export function searchJoin(
  dialect: Dialect,
  key: string,
  exact: ExactFields = {},
): { ids: RawBuilder<{ id: number }>; rest: Expression<SqlBool> | null } | null {
  const match = phrase(key);
  if (dialect !== 'sqlite' || looksLikeAccount(key) || !match) return null;
  const ids = sql<{ id: number }>`(SELECT rowid AS id FROM customer_search WHERE customer_search MATCH ${match})`;
  if (exact.name || exact.mobile) return { ids, rest: restrictedChecks(dialect, key, exact) };
  const like = sqliteLike(key);
  return { ids, rest: normaliseForSearch(key) === key.toLowerCase() ? null : like };
}

/**
 * A key within a list given as list tokens (customer-views.ts `listTokens`), answered by the search
 * index alone: SQLite `"科技" AND (own7 OR par7)` on customer_search, PostgreSQL one condition on
 * customers_search_windows (migration 046). Null where the index alone does not answer the key (it
 * narrows other keys to candidates that LIKE then checks, WeChat/QQ keys also look up contacts, and
 * fields masked for the viewer match only whole; PostgreSQL: keys other than two caseless characters).
 * PostgreSQL reads everyone's (`lst`) and a department's (`brn`) lists by id range (`inIdRanges`).
 * `ids`: the matching customers' ids, unordered (for a count). `condition`: the same test on customers
 * `c`; `probe` keeps SQLite from driving the query by it (a walk of the sort index tests each row).
 */
export function keyedList(
  dialect: Dialect,
  key: string,
  tokens: ListTokens,
  exact: ExactFields = {},
): { ids: RawBuilder<{ id: number }>; condition: (access: 'drive' | 'probe') => Expression<SqlBool> } | null {
  if (exact.name || exact.mobile || looksLikeAccount(key)) return null;
  if (dialect === 'sqlite') {
    const match = phrase(key);
    if (!match || normaliseForSearch(key) !== key.toLowerCase()) return null;
    const query = [match, ...tokens.map((group) => `(${group.join(' OR ')})`)].join(' AND ');
    const ids = sql<{ id: number }>`SELECT rowid AS id FROM customer_search WHERE customer_search MATCH ${query}`;
    return { ids, condition: (access) => (access === 'probe' ? sql<SqlBool>`+c.id IN (${ids})` : sql<SqlBool>`c.id IN (${ids})`) };
  }
  const windows = caselessWindows(key);
  if (!windows) return null;
  // Everyone's list (`lst`, alone) or a department's (`brn` tokens) usually reaches the cap.
  if (tokens.every((group) => group.every((token) => token === 'lst' || token.startsWith('brn')))) return inIdRanges(key, windows, tokens);
  const all = tokens.filter((group) => group.length === 1).map((group) => group[0]);
  const any = tokens.filter((group) => group.length > 1).map((group) => sql<SqlBool>`${WINDOWS} && ARRAY[${sql.join(group)}]::text[]`);
  const wanted = all.length > 0 ? sql`(portal_bigrams(lower(${key}::text)) || ARRAY[${sql.join(all)}]::text[])` : sql`portal_bigrams(lower(${key}::text))`;
  const condition = sql<SqlBool>`${sql.join([sql<SqlBool>`${WINDOWS} @> ${wanted}`, ...any], sql` AND `)}`;
  return { ids: sql<{ id: number }>`SELECT c.id FROM customers AS c WHERE ${condition}`, condition: () => condition };
}

/**
 * PostgreSQL, a list that usually reaches the cap (everyone's, a department's) with the 2-character
 * caseless `key`: customers_listed_windows (migration 047) tags the listed customers' windows and
 * tokens with their id range; the ranges are read newest first, each a short posting list, so that a
 * count capped at COUNT_CAP stops after the few ranges it needs (the nested loop asks for the next
 * range only while the LIMIT wants more rows). The whole key's bitmap was built before the first row
 * (see server/bench/README.md, customer list). A salesperson's own customers rarely reach
 * the cap: read whole, their lists cost less than range by range.
 */
function inIdRanges(key: string, windows: Expression<SqlBool>, tokens: ListTokens): { ids: RawBuilder<{ id: number }>; condition: () => Expression<SqlBool> } {
  const groups = tokens.filter((group) => !group.includes('lst'));
  const tagged = (term: string) => sql`${term} || '/' || r`;
  const all = [key, ...groups.filter((group) => group.length === 1).map((group) => group[0])];
  const any = groups.filter((group) => group.length > 1);
  const inRange = sql.join(
    [
      sql<SqlBool>`${LISTED_WINDOWS} @> ARRAY[${sql.join(all.map(tagged))}]`,
      ...any.map((group) => sql<SqlBool>`${LISTED_WINDOWS} && ARRAY[${sql.join(group.map(tagged))}]`),
      LISTED,
    ],
    sql` AND `,
  );
  const ids = sql<{ id: number }>`SELECT m.id FROM generate_series((SELECT max(id) >> ${sql.lit(RANGE_BITS)} FROM customers), 0, -1) AS r,
    LATERAL (SELECT c.id FROM customers AS c WHERE ${inRange}) AS m`;
  const condition = sql<SqlBool>`${sql.join([LISTED, windows, ...groups.map((group) => sql<SqlBool>`c.list_tokens && ARRAY[${sql.join(group)}]::text[]`)], sql` AND `)}`;
  return { ids, condition: () => condition };
}

/** customers_listed_windows's expression and predicate (migration 047), on customers `c`. */
const LISTED_WINDOWS = sql.raw(pgListedWindows('c.'));
const LISTED = sql.raw(pgListed('c.'));

/** WeChat ids are 6–20 letters, digits, _ or -; QQ numbers 5–11 digits. */
function looksLikeAccount(key: string): boolean {
  return /^[A-Za-z0-9_-]{5,20}$/.test(key);
}

function sqliteLike(key: string): Expression<SqlBool> {
  return sql<SqlBool>`(${containsLike('c.customer_name', key)} OR ${containsLike('c.contact_mobile', key)} OR ${containsLike('c.code', key)})`;
}

function textCondition(dialect: Dialect, key: string, access: KeyAccess, matched?: readonly number[]): Expression<SqlBool> {
  if (dialect === 'postgres') {
    const check = sql<SqlBool>`(${containsLike('c.customer_name', key, 'ILIKE')} OR ${containsLike('c.contact_mobile', key)} OR ${containsLike('c.code', key, 'ILIKE')})`;
    if (access !== 'drive') return check;
    return caselessWindows(key) ?? withBigrams(key, check);
  }
  const like = sqliteLike(key);
  const match = phrase(key);
  if (!match) return like;
  const candidates = indexCandidates(match, access, matched);
  // A key of letters and digits only is answered by the index alone; a key with other characters
  // (spaces, punctuation, % or _) is narrowed by the index, then checked exactly with LIKE.
  return normaliseForSearch(key) === key.toLowerCase() ? candidates : sql<SqlBool>`(${candidates} AND ${like})`;
}

/** The customers the search index matches for `match` (a phrase), tested as `access` says. */
function indexCandidates(match: string, access: KeyAccess, matched?: readonly number[]): Expression<SqlBool> {
  const id = access === 'drive' ? sql`c.id` : sql`+c.id`;
  if (matched) return matched.length === 0 ? sql<SqlBool>`1 = 0` : sql<SqlBool>`${id} IN (${sql.join(matched)})`;
  if (access === 'walk') return sql<SqlBool>`EXISTS (SELECT 1 FROM customer_search AS s WHERE customer_search MATCH ${match} AND s.rowid = c.id)`;
  return sql<SqlBool>`${id} IN (SELECT rowid FROM customer_search WHERE customer_search MATCH ${match})`;
}

/**
 * Contains-search on the fields the viewer sees in full, equality on the masked ones. SQLite: the
 * search index (whose windows mix name, mobile and code) narrows to candidates, LIKE then checks the
 * visible fields one by one; the exact values are indexed lookups.
 */
function restrictedTextCondition(dialect: Dialect, key: string, access: KeyAccess, exact: ExactFields, matched?: readonly number[]): Expression<SqlBool> {
  const any = restrictedChecks(dialect, key, exact);
  if (dialect === 'postgres') return access === 'drive' ? withBigrams(key, any) : any;
  const match = phrase(key);
  if (!match) return any;
  return sql<SqlBool>`(${indexCandidates(match, access, matched)} AND ${any})`;
}

/** Contains on the visible fields, equality on the masked ones (no index). */
function restrictedChecks(dialect: Dialect, key: string, exact: ExactFields): Expression<SqlBool> {
  const op = caselessLike(dialect);
  const parts = [containsLike('c.code', key, op)];
  parts.push(exact.name ? sql<SqlBool>`c.customer_name = ${key}` : containsLike('c.customer_name', key, op));
  parts.push(exact.mobile ? sql<SqlBool>`c.contact_mobile = ${key}` : containsLike('c.contact_mobile', key));
  return sql<SqlBool>`(${sql.join(parts, sql` OR `)})`;
}

/**
 * PostgreSQL, a 2-character key: the candidates from the customers_search_windows GIN index (migrations 035 and 046:
 * every 2-character window of name, mobile and code), then `check`. pg_trgm serves longer keys; a
 * 1-character key is left to `check` alone.
 */
function withBigrams(key: string, check: Expression<SqlBool>): Expression<SqlBool> {
  const windows = bigramWindows(key);
  return windows ? sql<SqlBool>`(${windows} AND ${check})` : check;
}

/** The customers_search_windows index's condition for a 2-character key (null for other lengths): the index's expression, character for character. */
function bigramWindows(key: string): Expression<SqlBool> | null {
  if ([...key].length !== 2) return null;
  return sql<SqlBool>`${WINDOWS} @> portal_bigrams(lower(${key}::text))`;
}

/** The indexed expression of customers_search_windows (migration 046), on customers `c`. */
const WINDOWS = sql.raw(pgSearchWindows('c.'));

/**
 * PostgreSQL: two letters or digits without case (Chinese characters, digits) are answered by the
 * customers_search_windows index alone, without the contains check: on a UTF-8 database ILIKE compares
 * lower() of both sides, lower() leaves such a key as it is and turns no other character into one of
 * its characters (so LIKE on the mobile agrees with ILIKE), and no window of the indexed text that
 * spans two fields holds the key (the fields are joined by spaces). So the window is among the text's
 * exactly when the check holds; testing it again on every candidate about doubled the admin's count
 * of 科技 (see server/bench/README.md, customer list).
 */
function caselessWindows(key: string): Expression<SqlBool> | null {
  const caseless = /^[\p{L}\p{N}]+$/u.test(key) && key.toLowerCase() === key && key.toUpperCase() === key;
  return caseless ? bigramWindows(key) : null;
}
