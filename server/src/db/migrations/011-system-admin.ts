import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../database';
import { idColumn } from './columns';

/**
 * System administration (issue #9):
 * - roles: `built_in` (超级管理员: keeps every right, cannot be deleted), `version` (an edit names the
 *   version it started from, so of two simultaneous edits the second is refused), remark, updated_at;
 * - users: `call_enabled` (外呼, toggled by api/user/CallState);
 * - `user_branches`: extra department memberships of a user (userBranchAdd / userBranchRemove);
 * - `avatar_history`: every avatar a user has set (setHeaderLOG);
 * - `settings` (key → JSON) and `settings_log` (who changed what, when): basic settings;
 * - `number_sequences`: per kind and day, the last number handed out (nextNumber);
 * - login_logs: an index for the 登录记录 filter by result.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const dialect = dialectOf(db);
  await db.schema.alterTable('roles').addColumn('built_in', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('roles').addColumn('version', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('roles').addColumn('remark', 'varchar(200)', (c) => c.notNull().defaultTo('')).execute();
  await db.schema.alterTable('roles').addColumn('updated_at', 'varchar(30)', (c) => c.notNull().defaultTo('')).execute();
  await sql`update roles set built_in = 1 where name = '超级管理员'`.execute(db);
  // 外呼: whether the user may place calls from the portal (api/user/CallState toggles it).
  await db.schema.alterTable('users').addColumn('call_enabled', 'integer', (c) => c.notNull().defaultTo(1)).execute();

  await db.schema
    .createTable('user_branches')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('branch_id', 'integer', (c) => c.notNull().references('branches.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('user_branches_pk', ['user_id', 'branch_id'])
    .execute();
  await db.schema.createIndex('user_branches_branch').on('user_branches').column('branch_id').execute();

  await idColumn(db.schema.createTable('avatar_history'), dialect)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('url', 'varchar(500)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('avatar_history_user').on('avatar_history').columns(['user_id', 'created_at']).execute();

  await db.schema
    .createTable('settings')
    .addColumn('key', 'varchar(50)', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('updated_by', 'integer')
    .execute();
  await idColumn(db.schema.createTable('settings_log'), dialect)
    .addColumn('key', 'varchar(50)', (c) => c.notNull())
    .addColumn('old_value', 'text', (c) => c.notNull())
    .addColumn('new_value', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer')
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('settings_log_time').on('settings_log').column('created_at').execute();

  await db.schema
    .createTable('number_sequences')
    .addColumn('kind', 'varchar(30)', (c) => c.notNull())
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('last_value', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('number_sequences_pk', ['kind', 'day'])
    .execute();

  await db.schema.createIndex('login_logs_success_time').on('login_logs').columns(['success', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('login_logs_success_time').execute();
  for (const t of ['number_sequences', 'settings_log', 'settings', 'avatar_history', 'user_branches']) await db.schema.dropTable(t).execute();
  await db.schema.alterTable('users').dropColumn('call_enabled').execute();
  for (const c of ['updated_at', 'remark', 'version', 'built_in']) await db.schema.alterTable('roles').dropColumn(c).execute();
}
