/**
 * The customer search index's text (SQLite customer_search, PostgreSQL customers_search_windows):
 * every 2-character window of name, mobile and code, normalised. Here in the database layer because
 * SQLite's triggers compute it through the function `portal_search_terms` (database.ts), and the
 * search conditions (crm/customer/customer-search.ts) build their phrases from the same windows.
 */
export function normaliseForSearch(value: string): string {
  return value.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
}

export function bigrams(value: string): string[] {
  const chars = [...normaliseForSearch(value)];
  const out: string[] = [];
  for (let i = 0; i + 1 < chars.length; i++) out.push(chars[i] + chars[i + 1]);
  return out;
}

export type SearchFields = { name: string; mobile: string; code: string };

/** The indexed text: windows per field, fields kept apart so no window spans two fields. */
export function searchTerms(f: SearchFields): string {
  return [bigrams(f.name), bigrams(f.mobile), bigrams(f.code)].map((w) => w.join(' ')).join(' ');
}

/**
 * A customer name as duplicates are found by (creating, importing and 查重 alike, issue #31): Unicode
 * NFKC (full-width letters, digits, brackets and the ideographic space read as their half-width forms),
 * without whitespace, ASCII letters in lower case: `ＡＢＣ（杭州） 科技` and `abc(杭州)科技` are one name.
 * Stored as `customers.name_key` (migration 049): on SQLite by triggers through the function
 * `portal_name_key` (database.ts), on PostgreSQL by the generated column's SQL function of the same
 * definition.
 */
export function customerNameKey(name: string): string {
  return name
    .normalize('NFKC')
    .replace(/[ \t\n\r\f\v]+/g, '')
    .replace(/[A-Z]+/g, (c) => c.toLowerCase());
}
