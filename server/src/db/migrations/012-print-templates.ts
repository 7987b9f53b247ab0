import type { Kysely } from 'kysely';
import { dialectOf } from '../database';
import { idColumn } from './columns';

/** 打印模板 (api/printTemp/*): an HTML template per record type, with {{field}} placeholders; status 1 enabled. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await idColumn(db.schema.createTable('print_templates'), dialectOf(db))
    .addColumn('name', 'varchar(50)', (c) => c.notNull())
    .addColumn('module', 'varchar(30)', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('print_templates_module').on('print_templates').columns(['module', 'status']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('print_templates').execute();
}
