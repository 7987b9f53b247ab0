import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../database';
import { idColumn } from './columns';

/**
 * Products, warehouses with stock, and contracts (with their participants for the data scope).
 * Money is stored as integer fen (cents) so that sums are exact on both databases.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const dialect = dialectOf(db);

  await idColumn(db.schema.createTable('products'), dialect)
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('number', 'varchar(50)', (c) => c.notNull().unique())
    .addColumn('standard', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('unit', 'varchar(20)', (c) => c.notNull().defaultTo(''))
    .addColumn('price_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('cost_price_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('shuihao', 'varchar(50)', (c) => c.notNull().defaultTo(''))
    .addColumn('shuilv', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('cover', 'varchar(300)', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  // The picker pages active products by id; the covering index also serves a key filter on SQLite
  // (a scan of the narrow index, not of the table); number lookups use the unique index.
  await db.schema.createIndex('products_status_list').on('products').columns(['status', 'id', 'name', 'number']).execute();

  await idColumn(db.schema.createTable('warehouses'), dialect)
    .addColumn('name', 'varchar(50)', (c) => c.notNull().unique())
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // Line items default to warehouse 0 named 默认仓库 (spec §3), so every installation has it as a real
  // row with id 0 (stock rows reference it like any other); serial/autoincrement ids start at 1.
  await sql`INSERT INTO warehouses (id, name, sort_order) VALUES (0, '默认仓库', 0)`.execute(db);

  await db.schema
    .createTable('stock')
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('warehouse_id', 'integer', (c) => c.notNull().references('warehouses.id').onDelete('cascade'))
    .addColumn('quantity', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('stock_pk', ['product_id', 'warehouse_id'])
    .execute();
  await db.schema.createIndex('stock_warehouse').on('stock').columns(['warehouse_id', 'product_id']).execute();

  await idColumn(db.schema.createTable('contracts'), dialect)
    .addColumn('order_sn', 'varchar(30)', (c) => c.notNull().unique())
    .addColumn('title', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    // restrict: a customer with contracts is not deleted silently with its commercial records.
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id').onDelete('restrict'))
    .addColumn('money_cents', 'integer', (c) => c.notNull().defaultTo(0))
    // Approval status: 0 待审, 1 审核中, 2 通过, 3 未通过.
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sign_date', 'varchar(10)', (c) => c.notNull().defaultTo(''))
    .addColumn('start_date', 'varchar(10)', (c) => c.notNull().defaultTo(''))
    .addColumn('end_date', 'varchar(10)', (c) => c.notNull().defaultTo(''))
    .addColumn('is_invoiced', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('beizhu', 'varchar(300)', (c) => c.notNull().defaultTo(''))
    .addColumn('owner_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('branch_id', 'integer', (c) => c.references('branches.id').onDelete('set null'))
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  // Newest first within each data scope: all, department (branch), own (owner).
  await db.schema.createIndex('contracts_created').on('contracts').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('contracts_branch_created').on('contracts').columns(['branch_id', 'created_at', 'id']).execute();
  await db.schema.createIndex('contracts_owner_created').on('contracts').columns(['owner_id', 'created_at', 'id']).execute();
  await db.schema.createIndex('contracts_customer').on('contracts').column('customer_id').execute();

  // Colleagues working on a contract besides its owner: the "own" data scope shows them the contract.
  await db.schema
    .createTable('contract_participants')
    .addColumn('contract_id', 'integer', (c) => c.notNull().references('contracts.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('contract_participants_pk', ['contract_id', 'user_id'])
    .execute();
  await db.schema.createIndex('contract_participants_user').on('contract_participants').columns(['user_id', 'contract_id']).execute();

  if (dialect === 'postgres') {
    // pg_trgm GIN indexes serve ILIKE '%key%' (3+ characters) on product name/number and contract
    // number, as for customers in 002; without the extension PostgreSQL scans, which is still correct.
    const available = await sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_available_extensions WHERE name = 'pg_trgm'`.execute(db);
    if ((available.rows[0]?.n ?? 0) > 0) {
      await sql`SAVEPOINT trgm_005`.execute(db);
      try {
        await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);
        await sql`CREATE INDEX products_name_trgm ON products USING gin (name gin_trgm_ops)`.execute(db);
        await sql`CREATE INDEX products_number_trgm ON products USING gin (number gin_trgm_ops)`.execute(db);
        await sql`CREATE INDEX contracts_order_sn_trgm ON contracts USING gin (order_sn gin_trgm_ops)`.execute(db);
        await sql`RELEASE SAVEPOINT trgm_005`.execute(db);
      } catch {
        await sql`ROLLBACK TO SAVEPOINT trgm_005`.execute(db);
      }
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['contract_participants', 'contracts', 'stock', 'warehouses', 'products']) await db.schema.dropTable(t).execute();
}
