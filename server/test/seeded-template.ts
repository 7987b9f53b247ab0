/**
 * jest globalSetup of the server tests: migrates and seeds the demo database once per run, so that
 * each test file's server starts from a copy instead of seeding its own (1.6 s of seeding per file
 * on SQLite, more on PostgreSQL). The harness copies the template when a test starts a server with
 * the default seed: a file copy on SQLite, `CREATE DATABASE … TEMPLATE` on PostgreSQL.
 * `PORTAL_TEST_TEMPLATE=off` seeds every server afresh, as before.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';
import { seedOnFirstStart } from '../src/db/seed/first-start';

/** The schema the PostgreSQL template (and so each copy) keeps its tables in. */
export const TEMPLATE_SCHEMA = 'portal';

/** DATABASE_URL with another database name. */
export function withDatabase(databaseUrl: string, database: string): string {
  const url = new URL(databaseUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

export async function adminQuery(databaseUrl: string, sql: string): Promise<void> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export default async function createSeededTemplate(): Promise<void> {
  if (process.env.PORTAL_TEST_TEMPLATE === 'off') return;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-template-'));
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  let templateDb: string | undefined;
  if (databaseUrl) {
    templateDb = `portal_tpl_${randomBytes(6).toString('hex')}`;
    await adminQuery(databaseUrl, `CREATE DATABASE ${templateDb}`);
    await adminQuery(withDatabase(databaseUrl, templateDb), `CREATE SCHEMA ${TEMPLATE_SCHEMA}`);
  }
  const handle = openDatabase({
    ...config,
    databaseUrl: templateDb && databaseUrl ? withDatabase(databaseUrl, templateDb) : undefined,
    databaseSchema: templateDb ? TEMPLATE_SCHEMA : undefined,
  });
  try {
    await migrateToLatest(handle.db);
    await seedOnFirstStart(handle.db, config);
  } finally {
    await handle.close();
  }
  process.env.PORTAL_TEST_TEMPLATE_DIR = dataDir;
  if (templateDb) process.env.PORTAL_TEST_PG_TEMPLATE = templateDb;
  else process.env.PORTAL_TEST_SQLITE_TEMPLATE = config.sqliteFile;
}
