import { sql, type Expression, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import type { DbOrTx, Dialect } from './database';

/**
 * Lists count their matches up to this many. A list of more than 10,000 rows says 10000+ and pages
 * within them: at a million customers, counting every match of a broad list (all customers, a
 * frequent search key) cost many times the page itself (see server/bench/README.md, customer list).
 */
export const COUNT_CAP = 10_000;

export type CappedCount = { total: number; capped: boolean };

/**
 * The number of rows `query` (a selectFrom with its conditions, nothing selected yet) matches,
 * counting no further than `cap`: `{ total: cap, capped: true }` when more match. The database stops
 * reading at cap + 1 rows.
 */
export async function countCapped<DB, TB extends keyof DB, O>(db: DbOrTx, query: SelectQueryBuilder<DB, TB, O>, cap = COUNT_CAP): Promise<CappedCount> {
  const limited = query
    .select(sql<number>`1`.as('one'))
    .limit(cap + 1)
    .as('capped');
  const row = await db
    .selectFrom(limited)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const n = Number(row.n);
  return n > cap ? { total: cap, capped: true } : { total: n, capped: false };
}

export type CappedIds = CappedCount & { ids: number[] | null };

/**
 * countCapped, and the ids (`idColumn`) of the rows counted when no more than `few` match, read by
 * the same statement: a list with few matches then pages them by id instead of evaluating its
 * conditions again.
 */
export async function countCappedWithIds<DB, TB extends keyof DB, O>(
  db: DbOrTx,
  dialect: Dialect,
  query: SelectQueryBuilder<DB, TB, O>,
  idColumn: string,
  few: number,
  cap = COUNT_CAP,
): Promise<CappedIds> {
  return countLimited(db, dialect, query.select(sql<number>`${sql.ref(idColumn)}`.as('id')).limit(cap + 1), few, cap);
}

/** countCappedWithIds for a raw statement that selects the ids as `id` (and has no LIMIT). */
export async function countIdsCapped(db: DbOrTx, dialect: Dialect, ids: RawBuilder<{ id: number }>, few: number, cap = COUNT_CAP): Promise<CappedIds> {
  return countLimited(db, dialect, sql`${ids} LIMIT ${cap + 1}`, few, cap);
}

async function countLimited(db: DbOrTx, dialect: Dialect, limited: Expression<unknown>, few: number, cap: number): Promise<CappedIds> {
  const list = dialect === 'postgres' ? sql`array_agg(capped.id)` : sql`json_group_array(capped.id)`;
  const { rows } = await sql<{
    n: number | string;
    ids: number[] | string | null;
  }>`SELECT count(*) AS n, CASE WHEN count(*) <= ${few} THEN ${list} END AS ids FROM (${limited}) AS capped`.execute(db);
  const n = Number(rows[0].n);
  const found = rows[0].ids;
  const counted = n > cap ? { total: cap, capped: true } : { total: n, capped: false };
  return { ...counted, ids: found === null ? null : typeof found === 'string' ? (JSON.parse(found) as number[]) : found.map(Number) };
}
