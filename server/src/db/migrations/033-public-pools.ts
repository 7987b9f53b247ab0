import type { Kysely } from 'kysely';
import { dialectOf } from '../database';
import { idColumn } from './columns';

/**
 * Issue #10, several public pools: `public_pools` (name, the departments — with their sub-departments —
 * and users it serves, its own rule overrides where not null, else 基础设置's) and `customers.pool_id`
 * (null: 默认公海, the pool everyone shares). While a customer is in the pool (gonghai 1) pool_id says
 * which; once claimed it keeps the pool it came from (that pool's daily claim count reads it).
 * The pool view is served by (gonghai, pool_id, <sort column>, id) as the gonghai indexes of 002 serve it.
 */
const SORT_COLUMNS = ['created_at', 'updated_at', 'genjin_time', 'next_genjin_time'];

export async function up(db: Kysely<unknown>): Promise<void> {
  await idColumn(db.schema.createTable('public_pools'), dialectOf(db))
    .addColumn('name', 'varchar(50)', (c) => c.notNull().unique())
    // JSON arrays of ids: the departments (each with its sub-departments) and the users it serves.
    .addColumn('branch_ids', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('user_ids', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('no_followup_days', 'integer')
    .addColumn('no_deal_days', 'integer')
    .addColumn('claim_limit_per_day', 'integer')
    .addColumn('reclaim_wait_days', 'integer')
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull().defaultTo(''))
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.alterTable('customers').addColumn('pool_id', 'integer').execute();
  for (const col of SORT_COLUMNS) {
    await db.schema.createIndex(`customers_gonghai_pool_${col}`).on('customers').columns(['gonghai', 'pool_id', col, 'id']).execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const col of SORT_COLUMNS) await db.schema.dropIndex(`customers_gonghai_pool_${col}`).execute();
  await db.schema.alterTable('customers').dropColumn('pool_id').execute();
  await db.schema.dropTable('public_pools').execute();
}
