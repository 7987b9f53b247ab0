import { sql, type Expression, type SqlBool } from 'kysely';
import type { Dialect } from '../../db/database';

/** `%key%` with LIKE's wildcards in the key escaped, so a key of `50%` means the text "50%". */
export function containsPattern(key: string): string {
  return `%${key.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Case-insensitive "any of these columns contains key" for small tables (products, staff, contract
 * numbers): ILIKE on PostgreSQL (served by pg_trgm indexes where they exist), LIKE on SQLite (which
 * ignores ASCII case). Column names are trusted references such as `p.name`.
 */
export function containsAny(dialect: Dialect, columns: readonly string[], key: string): Expression<SqlBool> {
  const pattern = containsPattern(key);
  const op = dialect === 'postgres' ? sql`ILIKE` : sql`LIKE`;
  const parts = columns.map((c) => sql<SqlBool>`${sql.ref(c)} ${op} ${pattern} ESCAPE '\\'`);
  return sql<SqlBool>`(${sql.join(parts, sql` OR `)})`;
}
