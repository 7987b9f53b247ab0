import type { Kysely } from 'kysely';

/** 查重 (duplicate check) finds customers by a contact's mobile, WeChat or QQ: one index each. */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const column of ['mobile', 'wechat', 'qq']) {
    await db.schema.createIndex(`contacts_${column}`).on('contacts').columns([column, 'customer_id']).execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ['mobile', 'wechat', 'qq']) await db.schema.dropIndex(`contacts_${column}`).execute();
}
