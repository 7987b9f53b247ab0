import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../database';
import { idColumn } from './columns';

/**
 * Customers complete (issue #10): blacklist, public-pool bookkeeping (reason, previous owner, when it
 * entered, when the current owner got it, lock), closed leads, per-user pins and watches, the
 * operation log, richer follow-ups, visitors and the public search log; the indexes the ten customer
 * views need; the new action rights of the seeded roles (found by name, as in migration 008).
 */
const ADDED: Record<string, string[]> = {
  超级管理员: [
    'customer/watched:blacklist',
    'customer/teamkehu:assign',
    'customer/teamkehu:transfer',
    'customer/teamkehu:pool',
    'customer/lizhi:assign',
    'customer/lizhi:pool',
    'customer/fangke:create',
    'customer/fangke:edit',
    'customer/fangke:delete',
  ],
  销售经理: [
    'customer/watched:blacklist',
    'customer/teamkehu:assign',
    'customer/teamkehu:transfer',
    'customer/teamkehu:pool',
    'customer/lizhi:assign',
    'customer/lizhi:pool',
    'customer/fangke:create',
    'customer/fangke:edit',
    'customer/fangke:delete',
  ],
  销售: ['customer/fangke:create', 'customer/fangke:edit'],
};

type RoleRow = { id: number; name: string; rights: string };

async function rewriteRoles(db: Kysely<unknown>, change: (crm: string[], added: string[]) => string[]): Promise<void> {
  const roles = await sql<RoleRow>`select id, name, rights from roles`.execute(db);
  for (const role of roles.rows) {
    const added = ADDED[role.name];
    if (!added) continue;
    let tree: Record<string, unknown> = {};
    try {
      const parsed: unknown = JSON.parse(role.rights);
      if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) tree = { ...parsed };
    } catch {
      /* unreadable: just the added rights */
    }
    const crm = Array.isArray(tree.crm) ? tree.crm.filter((p): p is string => typeof p === 'string') : [];
    tree.crm = change(crm, added);
    await sql`update roles set rights = ${JSON.stringify(tree)} where id = ${role.id}`.execute(db);
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const dialect = dialectOf(db);
  const add = (name: string, type: 'integer' | 'varchar(30)' | 'varchar(300)', dflt: number | string | null) =>
    db.schema
      .alterTable('customers')
      .addColumn(name, type, (c) => (dflt === null ? c : c.notNull().defaultTo(dflt)))
      .execute();
  await add('blacklisted', 'integer', 0);
  await add('black_reason', 'varchar(300)', '');
  await add('pool_reason', 'varchar(300)', '');
  await add('pool_at', 'varchar(30)', '');
  await add('previous_owner_id', 'integer', null);
  await add('owned_at', 'varchar(30)', '');
  await add('locked', 'integer', 0);
  await add('close_reason', 'varchar(300)', '');
  // Merged into another customer (hidden from every list; kept for the record).
  await add('merged_into', 'integer', null);
  // When the current owner got the customer: the later of creation and its last assignment.
  await sql`update customers set owned_at = coalesce((select a.assigned_at from customer_assignments a where a.customer_id = customers.id and a.user_id = customers.owner_id), created_at) where owner_id is not null`.execute(db);

  // Views: 黑名单 (blacklisted, time), 线索 (clue 3), 待分配 (owner null) and the pool's "entered" order.
  await db.schema.createIndex('customers_black_created').on('customers').columns(['blacklisted', 'created_at', 'id']).execute();
  await db.schema.createIndex('customers_clue_created').on('customers').columns(['clue', 'created_at', 'id']).execute();
  // 待分配 (no owner, outside the pool) in creation order; also each departed owner's customers.
  await db.schema.createIndex('customers_owner_gonghai_created').on('customers').columns(['owner_id', 'gonghai', 'created_at', 'id']).execute();
  await db.schema.createIndex('customers_owner_genjin').on('customers').columns(['owner_id', 'genjin_time']).execute();
  await db.schema.createIndex('customers_gonghai_pool_at').on('customers').columns(['gonghai', 'pool_at', 'id']).execute();
  await db.schema.createIndex('customers_owned_at').on('customers').columns(['owned_at']).execute();
  await db.schema.createIndex('customers_name').on('customers').columns(['customer_name']).execute();
  // The lists' counts stay index-only with the views' extra conditions (blacklist, leads, merged).
  await db.schema.createIndex('customers_view_count').on('customers').columns(['gonghai', 'blacklisted', 'clue', 'merged_into', 'branch_id', 'owner_id']).execute();
  await db.schema.createIndex('customer_assignments_user').on('customer_assignments').columns(['user_id', 'seen', 'assigned_at']).execute();
  await db.schema.createIndex('users_quit').on('users').columns(['quit_status', 'id']).execute();

  await db.schema
    .createTable('customer_pins')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('pinned_at', 'varchar(30)', (c) => c.notNull())
    .addPrimaryKeyConstraint('customer_pins_pk', ['user_id', 'customer_id'])
    .execute();
  await db.schema
    .createTable('customer_watches')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('watched_at', 'varchar(30)', (c) => c.notNull())
    .addPrimaryKeyConstraint('customer_watches_pk', ['user_id', 'customer_id'])
    .execute();

  await idColumn(db.schema.createTable('customer_logs'), dialect)
    .addColumn('customer_id', 'integer', (c) => c.references('customers.id').onDelete('cascade'))
    .addColumn('contract_id', 'integer')
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('kind', 'varchar(30)', (c) => c.notNull())
    .addColumn('ext', 'varchar(2000)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('customer_logs_customer').on('customer_logs').columns(['customer_id', 'id']).execute();
  await db.schema.createIndex('customer_logs_contract').on('customer_logs').columns(['contract_id', 'id']).execute();
  // The daily claim limit counts the user's claims of the day.
  await db.schema.createIndex('customer_logs_user_kind').on('customer_logs').columns(['user_id', 'kind', 'created_at']).execute();

  await db.schema.alterTable('followups').addColumn('contact_id', 'integer').execute();
  await db.schema.alterTable('followups').addColumn('status', 'varchar(50)', (c) => c.notNull().defaultTo('')).execute();
  await db.schema.alterTable('followups').addColumn('next_genjin_time', 'varchar(30)', (c) => c.notNull().defaultTo('')).execute();
  await db.schema.alterTable('followups').addColumn('files', 'varchar(2000)', (c) => c.notNull().defaultTo('')).execute();

  await idColumn(db.schema.createTable('visitors'), dialect)
    .addColumn('name', 'varchar(50)', (c) => c.notNull())
    .addColumn('mobile', 'varchar(30)', (c) => c.notNull())
    .addColumn('company', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('purpose', 'varchar(50)', (c) => c.notNull().defaultTo(''))
    .addColumn('receptionist_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('arrived_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('left_at', 'varchar(30)', (c) => c.notNull().defaultTo(''))
    .addColumn('remark', 'varchar(300)', (c) => c.notNull().defaultTo(''))
    .addColumn('customer_id', 'integer', (c) => c.references('customers.id').onDelete('set null'))
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('visitors_arrived').on('visitors').columns(['arrived_at', 'id']).execute();
  await db.schema.createIndex('visitors_mobile').on('visitors').column('mobile').execute();

  await idColumn(db.schema.createTable('customer_search_logs'), dialect)
    .addColumn('ip', 'varchar(64)', (c) => c.notNull())
    .addColumn('user_id', 'integer')
    .addColumn('query', 'varchar(100)', (c) => c.notNull())
    .addColumn('found', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('customer_search_logs_time').on('customer_search_logs').columns(['created_at']).execute();

  await addCustomerActionRights(db);
}

/** The role part of `up` (idempotent), for tests that rebuild old databases' rights. */
export async function addCustomerActionRights(db: Kysely<unknown>): Promise<void> {
  await rewriteRoles(db, (crm, added) => [...crm, ...added.filter((r) => !crm.includes(r))]);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await rewriteRoles(db, (crm, added) => crm.filter((r) => !added.includes(r)));
  for (const t of ['customer_search_logs', 'visitors', 'customer_logs', 'customer_watches', 'customer_pins']) await db.schema.dropTable(t).execute();
  for (const c of ['files', 'next_genjin_time', 'status', 'contact_id']) await db.schema.alterTable('followups').dropColumn(c).execute();
  for (const i of ['customers_owner_gonghai_created', 'customers_view_count', 'users_quit', 'customer_assignments_user', 'customers_name', 'customers_owned_at', 'customers_gonghai_pool_at', 'customers_owner_genjin', 'customers_clue_created', 'customers_black_created'])
    await db.schema.dropIndex(i).execute();
  for (const c of ['merged_into', 'close_reason', 'locked', 'owned_at', 'previous_owner_id', 'pool_at', 'pool_reason', 'black_reason', 'blacklisted'])
    await db.schema.alterTable('customers').dropColumn(c).execute();
}
