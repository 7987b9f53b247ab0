/**
 * The SQL expressions that the customer search queries (modules/crm/customer/customer-search.ts) share
 * with the PostgreSQL indexes that migrations 046 and 047 created. A query must use an index's
 * expression character for character for the planner to match it, so these compute exactly what the
 * migrations' own frozen copies compute; search-sql.test.ts asserts that they still do. Runtime
 * code never imports a migration (lint: import-x/no-restricted-paths): a released migration never
 * changes, and a change here that the indexes don't follow needs a new migration.
 */

/**
 * PostgreSQL: the windows and the tokens, as customers_search_windows (migration 046) indexes them;
 * the search conditions use it with their table's alias (`c.`).
 */
export const pgSearchWindows = (alias = ''): string =>
  `(portal_bigrams(lower(${alias}customer_name || ' ' || ${alias}contact_mobile || ' ' || coalesce(${alias}code, ''))) || ${alias}list_tokens)`;

/** The id range of a customer in customers_listed_windows' tags (migration 047): `id >> RANGE_BITS` (65,536 ids a range). */
export const RANGE_BITS = 16;

/** customers_listed_windows' predicate (migration 047): the customers 我的客户 lists, on customers `c`. */
export const pgListed = (alias = ''): string => `${alias}gonghai = 0 AND ${alias}blacklisted = 0 AND ${alias}merged_into IS NULL AND ${alias}clue IN (1, 2)`;

/** customers_listed_windows' indexed expression (migration 047), on customers `c` (alias 'c.'). */
export const pgListedWindows = (alias = ''): string =>
  `portal_tagged(portal_bigrams(lower(${alias}customer_name || ' ' || ${alias}contact_mobile || ' ' || coalesce(${alias}code, ''))) || array_remove(${alias}list_tokens, 'lst'), ${alias}id >> ${RANGE_BITS})`;
