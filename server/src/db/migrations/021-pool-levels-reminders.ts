import type { Kysely } from 'kysely';

/**
 * Issue #10, second round: next follow-up reminders remember which follow-up time they announced
 * (customers.next_genjin_reminded, '' none), found through an index on next_genjin_time; recycling
 * by contract end finds ended contracts through an index on (end_date, customer_id).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('customers').addColumn('next_genjin_reminded', 'text', (c) => c.notNull().defaultTo('')).execute();
  await db.schema.createIndex('customers_next_genjin').on('customers').columns(['next_genjin_time', 'id']).execute();
  await db.schema.createIndex('contracts_end_customer').on('contracts').columns(['end_date', 'customer_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('contracts_end_customer').execute();
  await db.schema.dropIndex('customers_next_genjin').execute();
  await db.schema.alterTable('customers').dropColumn('next_genjin_reminded').execute();
}
