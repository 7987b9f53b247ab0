import type { Kysely } from 'kysely';
import { dialectOf } from '../database';
import { idColumn } from './columns';

/**
 * Notifications, tasks, customer assignments (who was given a customer, when, and whether they have
 * opened it yet) and the public-pool recycle warnings already sent, with the indexes their counts and
 * pages need at a million customers.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const dialect = dialectOf(db);

  await idColumn(db.schema.createTable('notifications'), dialect)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('cont', 'varchar(500)', (c) => c.notNull())
    .addColumn('kind', 'varchar(20)', (c) => c.notNull())
    .addColumn('model_type', 'varchar(20)', (c) => c.notNull().defaultTo(''))
    .addColumn('model_id', 'integer')
    .addColumn('is_read', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('read_at', 'varchar(30)')
    .execute();
  // The drawer's pages and the unread count: equality on (user, read state), newest first by id.
  await db.schema.createIndex('notifications_user_read').on('notifications').columns(['user_id', 'is_read', 'id']).execute();

  await idColumn(db.schema.createTable('tasks'), dialect)
    .addColumn('title', 'varchar(100)', (c) => c.notNull())
    .addColumn('cont', 'varchar(300)', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('type', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('grade', 'varchar(20)', (c) => c.notNull().defaultTo(''))
    .addColumn('end_time', 'varchar(30)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('assignee_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('model_id', 'integer')
    .addColumn('model_type', 'integer')
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('tasks_assignee').on('tasks').columns(['assignee_id', 'id']).execute();
  await db.schema.createIndex('tasks_creator').on('tasks').columns(['created_by', 'id']).execute();

  await db.schema
    .createTable('customer_assignments')
    .addColumn('customer_id', 'integer', (c) => c.primaryKey().references('customers.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('assigned_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('assigned_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('seen', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // 再分配number: one index range per user; the recycle clock: a range on the assignment time.
  await db.schema.createIndex('customer_assignments_unseen').on('customer_assignments').columns(['user_id', 'seen', 'customer_id']).execute();
  await db.schema.createIndex('customer_assignments_time').on('customer_assignments').column('assigned_at').execute();
  // 我的number: a covering index for "owned by the user, not in the pool".
  await db.schema.createIndex('customers_owner_gonghai').on('customers').columns(['owner_id', 'gonghai']).execute();

  await db.schema
    .createTable('pool_recycle_warnings')
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // The Shanghai calendar day 'YYYY-MM-DD': one warning per customer per day, even with several server processes.
    .addColumn('warned_on', 'varchar(10)', (c) => c.notNull())
    .addPrimaryKeyConstraint('pool_recycle_warnings_pk', ['customer_id', 'warned_on'])
    .execute();
  await db.schema.createIndex('pool_recycle_warnings_day').on('pool_recycle_warnings').column('warned_on').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('customers_owner_gonghai').execute();
  for (const t of ['pool_recycle_warnings', 'customer_assignments', 'tasks', 'notifications']) await db.schema.dropTable(t).execute();
}
