import type { Kysely } from 'kysely';
import { dialectOf } from '../database';
import { idColumn } from './columns';

/**
 * 进件 (intake records, api/customer/EntryAudit): one customer's intake with its amount, date and
 * 进件资料, numbered by the 'entry' numbering rule (unique), submitted through the flow bound to the
 * 'intake' form; `status` follows the approval instance. Scoped like customers: owner (the submitter)
 * and the submitter's department.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await idColumn(db.schema.createTable('intake_records'), dialectOf(db))
    .addColumn('entry_sn', 'varchar(50)', (c) => c.notNull().unique())
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id'))
    .addColumn('contract_id', 'integer')
    .addColumn('money_cents', 'integer', (c) => c.notNull())
    .addColumn('riqi', 'varchar(10)', (c) => c.notNull().defaultTo(''))
    /** JSON list of {id, url, FileName, format, size} of the submitter's uploads. */
    .addColumn('files', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('beizhu', 'varchar(300)', (c) => c.notNull().defaultTo(''))
    /** 0 待审, 1 审核中, 2 通过, 3 未通过 — follows the instance. */
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('instance_id', 'integer')
    .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('branch_id', 'integer')
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('intake_records_created').on('intake_records').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('intake_records_owner').on('intake_records').columns(['owner_id', 'id']).execute();
  await db.schema.createIndex('intake_records_branch').on('intake_records').columns(['branch_id', 'id']).execute();
  await db.schema.createIndex('intake_records_customer').on('intake_records').columns(['customer_id', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('intake_records').execute();
}
