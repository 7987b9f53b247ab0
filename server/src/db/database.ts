import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresAdapter, PostgresDialect, SqliteDialect, type LogEvent, type Transaction } from 'kysely';
import { Pool, types as pgTypes } from 'pg';
import type { AppConfig } from '../config';
import type { Database } from './schema';
import { customerNameKey, searchTerms } from './search-terms';

export type Db = Kysely<Database>;
export type DbTx = Transaction<Database>;
export type DbOrTx = Db | DbTx;
export type Dialect = 'sqlite' | 'postgres';

// COUNT(*) and BIGINT come back as strings from pg; our counts fit in a JS number.
pgTypes.setTypeParser(20, (value: string) => Number(value));

export type DatabaseHandle = {
  db: Db;
  dialect: Dialect;
  /** The raw better-sqlite3 handle (SQLite only): used by the bulk generator. */
  sqlite?: SQLite.Database;
  close(): Promise<void>;
};

/** Receives each query with its duration (Kysely's log event). */
export type QueryLog = (event: LogEvent) => void;

/**
 * PostgreSQL settings of the portal's connections (short queries, many users, two cores):
 * - work_mem 16MB: a frequent search key's GIN bitmap (科技 at 1,000,000 customers: 132,000 rows on
 *   ~100,000 pages) no longer fits the default 4MB, turns lossy, and every row on a lossy page is
 *   checked again by computing its windows (see server/bench/README.md, customer list).
 * - no parallel workers: starting them cost more than they saved on these queries (see
 *   server/bench/README.md, customer list), and they take the other users' cores.
 */
const SESSION_SETTINGS = ['-c work_mem=16MB', '-c max_parallel_workers_per_gather=0'];

export function openDatabase(
  config: Pick<AppConfig, 'databaseUrl' | 'databaseSchema' | 'sqliteFile'> & Partial<Pick<AppConfig, 'sqliteSynchronous'>>,
  log?: QueryLog,
): DatabaseHandle {
  if (config.databaseUrl) {
    const pool = new Pool({
      connectionString: config.databaseUrl,
      max: 10,
      options: [...(config.databaseSchema ? [`-c search_path=${quoteIdent(config.databaseSchema)}`] : []), ...SESSION_SETTINGS].join(' '),
    });
    // An idle connection the database ends (a restart, an administrator) is dropped by the pool and the
    // next query connects anew; without a listener the pool's 'error' event would end the process.
    pool.on('error', (err) => process.emitWarning(`PostgreSQL: an idle connection was closed (${err.message})`));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), ...(log ? { log } : {}) });
    return { db, dialect: 'postgres', close: () => db.destroy() };
  }
  fs.mkdirSync(path.dirname(config.sqliteFile), { recursive: true });
  const sqlite = new SQLite(config.sqliteFile);
  sqlite.pragma('journal_mode = WAL');
  // FULL by default: in WAL mode NORMAL may lose the last acknowledged commits on a power cut (SQLITE_SYNCHRONOUS).
  sqlite.pragma(`synchronous = ${config.sqliteSynchronous === 'NORMAL' ? 'NORMAL' : 'FULL'}`);
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('cache_size = -65536');
  // The search index's text, for the triggers that keep customer_search (migration 046).
  sqlite.function('portal_search_terms', { deterministic: true }, (name: unknown, mobile: unknown, code: unknown) =>
    searchTerms({ name: String(name ?? ''), mobile: String(mobile ?? ''), code: String(code ?? '') }),
  );
  // The duplicate-finding form of a customer name, for the triggers that keep customers.name_key (migration 049).
  sqlite.function('portal_name_key', { deterministic: true }, (name: unknown) => customerNameKey(String(name ?? '')));
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }), ...(log ? { log } : {}) });
  return { db, dialect: 'sqlite', sqlite, close: () => db.destroy() };
}

export function dialectOf(db: DbOrTx | Kysely<unknown>): Dialect {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

export function quoteIdent(name: string): string {
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) throw new Error(`invalid identifier: ${name}`);
  return `"${name}"`;
}
