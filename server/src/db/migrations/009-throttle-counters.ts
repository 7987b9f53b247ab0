import type { Kysely } from 'kysely';

/**
 * Counters of attempts per key within a fixed window (login per account+IP and per IP, password
 * changes per user, 查重 per user): kept in the database so that every server process shares them and
 * an attempt is counted in one atomic upsert before the password is checked (issue #12).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('throttle_counters')
    .addColumn('key', 'varchar(300)', (c) => c.primaryKey())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('window_start', 'varchar(30)', (c) => c.notNull())
    .addColumn('kind', 'varchar(20)', (c) => c.notNull())
    .addColumn('username', 'varchar(100)')
    .addColumn('ip', 'varchar(64)')
    .execute();
  await db.schema.createIndex('throttle_counters_kind').on('throttle_counters').columns(['kind', 'window_start']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('throttle_counters').execute();
}
