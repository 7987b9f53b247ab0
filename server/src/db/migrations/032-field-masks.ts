import type { Kysely } from 'kysely';

/**
 * 字段权限 (issue #9): per role, module ('customer', 'contact') and field, 'mask' (脱敏) or 'hidden'
 * (隐藏); a field without a row is visible. Enforced on the server by modules/system/field-mask.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('role_field_masks')
    .addColumn('role_id', 'integer', (c) => c.notNull().references('roles.id').onDelete('cascade'))
    .addColumn('module', 'varchar(30)', (c) => c.notNull())
    .addColumn('field', 'varchar(50)', (c) => c.notNull())
    .addColumn('mode', 'varchar(10)', (c) => c.notNull())
    .addPrimaryKeyConstraint('role_field_masks_pk', ['role_id', 'module', 'field'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('role_field_masks').execute();
}
