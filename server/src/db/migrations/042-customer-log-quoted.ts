import { sql, type Kysely } from 'kysely';
import { quotesInOldText } from '../../modules/crm/customer/customer-log';

/**
 * customer_logs.quoted: the field values a log sentence quotes (a contact's name, an edited 客户名称
 * or 地址), as JSON `[{ module, field, value }]`, so the operation log shows them as the viewer's
 * 字段权限 allows (crm/customer/customer-log.ts). Rows written before carry the quotes their
 * sentence makes recognisable: the contact logs' names and the customer edit log's old and new values.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('customer_logs').addColumn('quoted', 'text', (c) => c.notNull().defaultTo('[]')).execute();
  const rows = await sql<{ id: number; kind: string; ext: string }>`select id, kind, ext from customer_logs where kind in ('edit', 'contact', 'followup', 'merge')`.execute(db);
  for (const r of rows.rows) {
    const quoted = quotesInOldText(r.kind, r.ext);
    if (quoted.length) await sql`update customer_logs set quoted = ${JSON.stringify(quoted)} where id = ${r.id}`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('customer_logs').dropColumn('quoted').execute();
}
