import type { Kysely } from 'kysely';
import { dialectOf } from '../database';
import { idColumn } from './columns';

/**
 * Custom forms (definitions, their fields, each user's list-column choice, generic module records),
 * uploaded files and the national administrative divisions. Built-in form definitions and the regions
 * are reference data, filled by `seedReferenceData` after the migrations (every installation).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const dialect = dialectOf(db);

  await idColumn(db.schema.createTable('forms'), dialect)
    .addColumn('mode', 'varchar(50)', (c) => c.notNull().unique())
    .addColumn('title', 'varchar(100)', (c) => c.notNull())
    .addColumn('cols', 'integer', (c) => c.notNull().defaultTo(2))
    .addColumn('labelwidth', 'integer', (c) => c.notNull().defaultTo(100))
    .addColumn('labelposition', 'varchar(10)', (c) => c.notNull().defaultTo('right'))
    .addColumn('labelbg', 'varchar(30)', (c) => c.notNull().defaultTo(''))
    .addColumn('api_add', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('api_edit', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('api_detail', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('category', 'varchar(50)', (c) => c.notNull().defaultTo(''))
    .addColumn('is_workflow', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_builtin', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('forms_category').on('forms').columns(['category', 'id']).execute();

  await idColumn(db.schema.createTable('form_fields'), dialect)
    .addColumn('form_id', 'integer', (c) => c.notNull().references('forms.id').onDelete('cascade'))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('json', 'text', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('isshow', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.createIndex('form_fields_form_sort').on('form_fields').columns(['form_id', 'sort', 'id']).execute();

  await db.schema
    .createTable('user_field_choices')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('form_id', 'integer', (c) => c.notNull().references('forms.id').onDelete('cascade'))
    .addColumn('shown', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .addPrimaryKeyConstraint('user_field_choices_pk', ['user_id', 'form_id'])
    .execute();

  await idColumn(db.schema.createTable('module_records'), dialect)
    .addColumn('form_id', 'integer', (c) => c.notNull().references('forms.id').onDelete('cascade'))
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  // A module's list newest first, for everyone (form right) or for the creator only.
  await db.schema.createIndex('module_records_form').on('module_records').columns(['form_id', 'id']).execute();
  await db.schema.createIndex('module_records_form_creator').on('module_records').columns(['form_id', 'created_by', 'id']).execute();

  await idColumn(db.schema.createTable('files'), dialect)
    .addColumn('stored_name', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('original_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('url', 'varchar(100)', (c) => c.notNull())
    .addColumn('format', 'varchar(10)', (c) => c.notNull())
    .addColumn('mime', 'varchar(100)', (c) => c.notNull())
    .addColumn('size_bytes', 'bigint', (c) => c.notNull())
    .addColumn('is_image', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('model_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('pic_type', 'varchar(30)', (c) => c.notNull().defaultTo(''))
    .addColumn('code', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('user_type', 'varchar(30)', (c) => c.notNull().defaultTo(''))
    .addColumn('category_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  // Attachments of a form being filled in (code) or of a saved record (model id); a user's uploads and album.
  await db.schema.createIndex('files_code').on('files').columns(['code', 'pic_type', 'model_id']).execute();
  await db.schema.createIndex('files_model').on('files').columns(['model_id', 'pic_type']).execute();
  await db.schema.createIndex('files_user').on('files').columns(['user_id', 'pic_type']).execute();
  await db.schema.createIndex('files_user_images').on('files').columns(['user_id', 'is_image', 'id']).execute();

  // id = the national division code as a number (11, 1101, 110101); parent_id 0 for provinces.
  await db.schema
    .createTable('regions')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('name', 'varchar(50)', (c) => c.notNull())
    .addColumn('level', 'integer', (c) => c.notNull())
    .addColumn('parent_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('regions_level_parent').on('regions').columns(['level', 'parent_id', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['regions', 'files', 'module_records', 'user_field_choices', 'form_fields', 'forms']) await db.schema.dropTable(t).execute();
}
