import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../database';
import { idColumn } from './columns';

/** Lead sources, customers with contacts, follow-ups and participants, plus the indexes the customer list needs. */
export async function up(db: Kysely<unknown>): Promise<void> {
  const dialect = dialectOf(db);

  await idColumn(db.schema.createTable('lead_sources'), dialect)
    .addColumn('name', 'varchar(50)', (c) => c.notNull().unique())
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await idColumn(db.schema.createTable('customers'), dialect)
    .addColumn('code', 'varchar(30)', (c) => c.unique())
    .addColumn('customer_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('contact_name', 'varchar(50)', (c) => c.notNull())
    .addColumn('contact_mobile', 'varchar(30)', (c) => c.notNull())
    .addColumn('lai_yuan', 'integer', (c) => c.notNull().references('lead_sources.id').onDelete('restrict'))
    .addColumn('level', 'varchar(1)', (c) => c.notNull().defaultTo(''))
    .addColumn('industry', 'varchar(50)', (c) => c.notNull().defaultTo(''))
    .addColumn('address', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('beizhu', 'varchar(300)', (c) => c.notNull().defaultTo(''))
    .addColumn('owner_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('branch_id', 'integer', (c) => c.references('branches.id').onDelete('set null'))
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('genjin_time', 'varchar(30)', (c) => c.notNull().defaultTo(''))
    .addColumn('next_genjin_time', 'varchar(30)', (c) => c.notNull().defaultTo(''))
    .addColumn('clue', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('gonghai', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_top', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('watch_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  // Page 1 of every sort without a scan: (gonghai, sort column, id) for the scope "all";
  // owner and branch for the scopes "own" and "department"; the covering (gonghai, branch, owner) for totals.
  for (const col of ['created_at', 'updated_at', 'genjin_time', 'next_genjin_time']) {
    await db.schema.createIndex(`customers_gonghai_${col}`).on('customers').columns(['gonghai', col, 'id']).execute();
  }
  await db.schema.createIndex('customers_owner_created').on('customers').columns(['owner_id', 'created_at', 'id']).execute();
  await db.schema.createIndex('customers_branch_created').on('customers').columns(['branch_id', 'created_at', 'id']).execute();
  await db.schema.createIndex('customers_scope_count').on('customers').columns(['gonghai', 'branch_id', 'owner_id']).execute();
  await db.schema.createIndex('customers_mobile').on('customers').column('contact_mobile').execute();

  await idColumn(db.schema.createTable('contacts'), dialect)
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('contact_name', 'varchar(50)', (c) => c.notNull())
    .addColumn('mobile', 'varchar(30)', (c) => c.notNull().defaultTo(''))
    .addColumn('wechat', 'varchar(50)', (c) => c.notNull().defaultTo(''))
    .addColumn('qq', 'varchar(20)', (c) => c.notNull().defaultTo(''))
    .addColumn('zhiwei', 'varchar(50)', (c) => c.notNull().defaultTo(''))
    .addColumn('sex', 'varchar(4)', (c) => c.notNull().defaultTo(''))
    .addColumn('is_primary', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('contacts_customer').on('contacts').column('customer_id').execute();

  await idColumn(db.schema.createTable('followups'), dialect)
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('genjin_time', 'varchar(30)', (c) => c.notNull())
    .addColumn('gjtype', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('beizhu', 'varchar(300)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('followups_customer_time').on('followups').columns(['customer_id', 'genjin_time']).execute();

  await db.schema
    .createTable('customer_participants')
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('customer_participants_pk', ['customer_id', 'user_id'])
    .execute();
  await db.schema.createIndex('customer_participants_user').on('customer_participants').columns(['user_id', 'customer_id']).execute();

  if (dialect === 'sqlite') {
    // Search index: every 2-character window of name, mobile and code as a unicode61 token, so that
    // a key of 2+ characters (two Chinese characters, a phone fragment, part of a code) is a phrase
    // query on the index. The built-in trigram tokenizer cannot serve keys shorter than 3 characters.
    await sql`CREATE VIRTUAL TABLE customer_search USING fts5(terms, content='', contentless_delete=1, tokenize='unicode61 remove_diacritics 0')`.execute(db);
  } else {
    // pg_trgm GIN indexes serve ILIKE '%key%' for keys of 3+ characters; without the extension
    // (or for shorter keys) PostgreSQL falls back to scanning, which is still correct.
    const available = await sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_available_extensions WHERE name = 'pg_trgm'`.execute(db);
    if ((available.rows[0]?.n ?? 0) > 0) {
      await sql`SAVEPOINT trgm`.execute(db);
      try {
        await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);
        await sql`CREATE INDEX customers_name_trgm ON customers USING gin (customer_name gin_trgm_ops)`.execute(db);
        await sql`CREATE INDEX customers_mobile_trgm ON customers USING gin (contact_mobile gin_trgm_ops)`.execute(db);
        await sql`CREATE INDEX customers_code_trgm ON customers USING gin (code gin_trgm_ops)`.execute(db);
        await sql`RELEASE SAVEPOINT trgm`.execute(db);
      } catch {
        await sql`ROLLBACK TO SAVEPOINT trgm`.execute(db);
      }
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'sqlite') await sql`DROP TABLE IF EXISTS customer_search`.execute(db);
  for (const t of ['customer_participants', 'followups', 'contacts', 'customers', 'lead_sources']) await db.schema.dropTable(t).execute();
}
