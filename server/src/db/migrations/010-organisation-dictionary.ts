import type { Kysely } from 'kysely';
import { dialectOf } from '../database';
import { idColumn } from './columns';

/**
 * The organisation the approval engine and the administration pages work with, and the data
 * dictionary (issues #9, #10, #11 share these, so they land first):
 * - users: 上级 (`superior_id`), mobile, email, job title;
 * - branches: 负责人 (`head_user_id`);
 * - `dict_types` / `dict_values`: the dictionaries `statusSelect` fields and the customer, contract,
 *   expense and visit pages read (`GET api/Status/json?types=`). The built-in values are reference
 *   data (seed/dictionaries.ts), added on every start when a type is missing.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const dialect = dialectOf(db);
  await db.schema.alterTable('users').addColumn('superior_id', 'integer', (c) => c.references('users.id').onDelete('set null')).execute();
  await db.schema.alterTable('users').addColumn('mobile', 'varchar(20)', (c) => c.notNull().defaultTo('')).execute();
  await db.schema.alterTable('users').addColumn('email', 'varchar(100)', (c) => c.notNull().defaultTo('')).execute();
  await db.schema.alterTable('users').addColumn('job_title', 'varchar(50)', (c) => c.notNull().defaultTo('')).execute();
  await db.schema.createIndex('users_superior').on('users').column('superior_id').execute();
  await db.schema.alterTable('branches').addColumn('head_user_id', 'integer', (c) => c.references('users.id').onDelete('set null')).execute();

  await db.schema
    .createTable('dict_types')
    .addColumn('code', 'varchar(50)', (c) => c.primaryKey())
    .addColumn('name', 'varchar(50)', (c) => c.notNull())
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('built_in', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await idColumn(db.schema.createTable('dict_values'), dialect)
    .addColumn('type_code', 'varchar(50)', (c) => c.notNull().references('dict_types.code').onDelete('cascade'))
    .addColumn('label', 'varchar(50)', (c) => c.notNull())
    .addColumn('value', 'varchar(50)', (c) => c.notNull())
    .addColumn('colour', 'varchar(20)', (c) => c.notNull().defaultTo(''))
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.createIndex('dict_values_type_value').on('dict_values').columns(['type_code', 'value']).unique().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('dict_values').execute();
  await db.schema.dropTable('dict_types').execute();
  await db.schema.alterTable('branches').dropColumn('head_user_id').execute();
  for (const c of ['job_title', 'email', 'mobile']) await db.schema.alterTable('users').dropColumn(c).execute();
  await db.schema.dropIndex('users_superior').execute();
  await db.schema.alterTable('users').dropColumn('superior_id').execute();
}
