import type { Db, DbOrTx } from '../database';
import { BUILTIN_FORMS } from '../../modules/system/form/builtin-forms';
import { seedRegions } from '../../modules/system/region/region-seed';
import { seedDictionaries } from '../../modules/system/dictionary/dictionary-seed';

/**
 * Reference data every installation needs, whatever SEED_DEMO says: the built-in form definitions and
 * the regions. Runs after the migrations on every start and is idempotent: a built-in form is added
 * only when its mode key is missing (an administrator's edits are kept), the regions only when empty.
 * Conflicts are ignored so that several server processes may start at once.
 */
export async function seedReferenceData(db: Db, now: Date = new Date()): Promise<void> {
  await db.transaction().execute(async (tx) => {
    await seedBuiltinForms(tx, now);
    await seedRegions(tx);
    await seedDictionaries(tx);
  });
}

async function seedBuiltinForms(db: DbOrTx, now: Date): Promise<void> {
  const existing = new Set((await db.selectFrom('forms').select('mode').execute()).map((f) => f.mode));
  const at = now.toISOString();
  for (const form of BUILTIN_FORMS) {
    if (existing.has(form.mode)) continue;
    const inserted = await db
      .insertInto('forms')
      .values({
        mode: form.mode,
        title: form.title,
        cols: form.cols,
        labelwidth: 100,
        labelposition: 'right',
        labelbg: '',
        api_add: form.apiAdd,
        api_edit: form.apiEdit,
        api_detail: form.apiDetail,
        category: form.category,
        is_workflow: form.isWorkflow ? 1 : 0,
        is_builtin: 1,
        created_at: at,
        updated_at: at,
      })
      .onConflict((oc) => oc.column('mode').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted) continue;
    await db
      .insertInto('form_fields')
      .values(form.fields.map((def, sort) => ({ form_id: inserted.id, sort, json: JSON.stringify(def), status: 1, isshow: 1 })))
      .execute();
  }
}
