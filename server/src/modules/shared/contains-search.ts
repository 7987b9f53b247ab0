import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import type { Dialect } from '../../db/database';

/**
 * Every LIKE of the server goes through `containsLike` (lint: no-restricted-syntax in
 * server/eslint.config.mjs refuses a bare `'like'` operator and LIKE written in SQL text), so that a
 * key's `%`, `_` and `\` always mean themselves on both engines.
 */

/** `%key%` with LIKE's wildcards in the key escaped by `\`, so a key of `50%` means the text "50%". */
function containsPattern(key: string): string {
  return `%${key.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** LIKE (case-sensitive on PostgreSQL, ASCII-caseless on SQLite) or ILIKE (PostgreSQL only). */
export type LikeOperator = 'LIKE' | 'ILIKE';

/**
 * `ref LIKE '%key%' ESCAPE '\'`: `ref` (a trusted column reference such as `f.title`, or an
 * expression) contains `key` as typed. The ESCAPE clause matters on SQLite, whose LIKE has no escape
 * character otherwise (a search for `50%` found nothing); PostgreSQL's default is the same `\`.
 */
export function containsLike(ref: string | Expression<unknown>, key: string, op: LikeOperator = 'LIKE'): RawBuilder<SqlBool> {
  const target = typeof ref === 'string' ? sql.ref(ref) : ref;
  return sql<SqlBool>`${target} ${sql.raw(op)} ${containsPattern(key)} ESCAPE '\\'`;
}

/** The caseless contains operator of `dialect`: ILIKE on PostgreSQL, LIKE on SQLite (which ignores ASCII case). */
export function caselessLike(dialect: Dialect): LikeOperator {
  return dialect === 'postgres' ? 'ILIKE' : 'LIKE';
}

/**
 * Case-insensitive "any of these columns contains key" for small tables (products, staff, contract
 * numbers): ILIKE on PostgreSQL (served by pg_trgm indexes where they exist), LIKE on SQLite (which
 * ignores ASCII case). Column names are trusted references such as `p.name`.
 */
export function containsAny(dialect: Dialect, columns: readonly string[], key: string): Expression<SqlBool> {
  const op = caselessLike(dialect);
  const parts = columns.map((c) => containsLike(c, key, op));
  return sql<SqlBool>`(${sql.join(parts, sql` OR `)})`;
}
