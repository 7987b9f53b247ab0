import type { Kysely } from 'kysely';
import { dialectOf } from '../database';
import { idColumn } from './columns';

/** Branches, roles, users, sessions and login records. */
export async function up(db: Kysely<unknown>): Promise<void> {
  const dialect = dialectOf(db);

  await idColumn(db.schema.createTable('branches'), dialect)
    .addColumn('parent_id', 'integer', (c) => c.references('branches.id').onDelete('restrict'))
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('attributes', 'integer', (c) => c.notNull().defaultTo(2))
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('branches_parent').on('branches').column('parent_id').execute();

  await idColumn(db.schema.createTable('roles'), dialect)
    .addColumn('name', 'varchar(50)', (c) => c.notNull().unique())
    .addColumn('rights', 'text', (c) => c.notNull())
    .addColumn('data_scope', 'varchar(20)', (c) => c.notNull().defaultTo('own'))
    .execute();

  await idColumn(db.schema.createTable('users'), dialect)
    .addColumn('username', 'varchar(50)', (c) => c.notNull().unique())
    .addColumn('nick_name', 'varchar(50)', (c) => c.notNull())
    .addColumn('header', 'varchar(300)', (c) => c.notNull().defaultTo(''))
    .addColumn('branch_id', 'integer', (c) => c.references('branches.id').onDelete('set null'))
    .addColumn('role_id', 'integer', (c) => c.notNull().references('roles.id').onDelete('restrict'))
    .addColumn('quit_status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('password_hash', 'varchar(200)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('users_branch').on('users').column('branch_id').execute();

  await idColumn(db.schema.createTable('sessions'), dialect)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('revoked_at', 'varchar(30)')
    .addColumn('ip', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('user_agent', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();

  await idColumn(db.schema.createTable('login_logs'), dialect)
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('username', 'varchar(100)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('ip', 'varchar(64)', (c) => c.notNull())
    .addColumn('user_agent', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('success', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('login_logs_username_time').on('login_logs').columns(['username', 'created_at']).execute();
  await db.schema.createIndex('login_logs_ip_time').on('login_logs').columns(['ip', 'created_at']).execute();
  await db.schema.createIndex('login_logs_user_time').on('login_logs').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('login_logs_time').on('login_logs').column('created_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['login_logs', 'sessions', 'users', 'roles', 'branches']) await db.schema.dropTable(t).execute();
}
