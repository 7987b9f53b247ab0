import { sql, type Kysely } from 'kysely';

/**
 * 新建进件's 关联合同 lists the chosen customer's contracts only (issue #31): the built-in `intake` form's
 * contract field depends on its 客户 field (`parent`), so the picker asks api/contract/index with the
 * customer's id and is cleared when the customer changes. Fresh installations get it from the seed
 * (builtin-forms.ts); here the intake form of an existing one, when its contract field has no parent of
 * its own and the form still has the 客户 field. Idempotent; an administrator's other edits are kept.
 */
const PARENT = 'customerId';
const PARENT_PARAMS = '{"customerId":"$parent"}';

type FieldRow = { id: number; json: string };

function parse(json: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(json);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const fields = await sql<FieldRow>`select ff.id, ff.json from form_fields ff join forms f on f.id = ff.form_id where f.mode = 'intake'`.execute(db);
  const defs = fields.rows.map((r) => ({ id: r.id, def: parse(r.json) }));
  if (!defs.some((d) => d.def?.field === PARENT)) return;
  for (const { id, def } of defs) {
    if (!def || def.type !== 'contract' || def.field === PARENT || (typeof def.parent === 'string' && def.parent !== '')) continue;
    const json = JSON.stringify({ ...def, parent: PARENT, parentParams: PARENT_PARAMS });
    await sql`update form_fields set json = ${json} where id = ${id}`.execute(db);
  }
}

/** The dependency stays: without it the picker offered every contract, which the server then refused. */
export async function down(): Promise<void> {}
