import type { ColumnFieldRow, DesignerFieldRow } from '@portal/shared-contract';
import type { AppContext } from '../../../app-context';
import type { DbOrTx } from '../../../db/database';
import type { Actor } from '../../auth/session/actor';
import type { ListReply } from '../../../http/envelope';
import { badRequest } from '../../../http/errors';
import { isListable, parseDefinitions, readDefinition, type FieldDefinition } from '../form/field-definition';
import { definitionsOf, loadFields, MAX_FIELDS_PER_FORM, refuseTypeChangesOfFilledFields, type FormRow, type StoredField } from '../form/form.service';

export const MSG_FIELD_NOT_FOUND = '字段不存在';

export async function designerFields(ctx: AppContext, form: FormRow): Promise<ListReply<DesignerFieldRow>> {
  const rows = (await loadFields(ctx.db, form.id)).map((f) => {
    const def = readDefinition(f.json);
    return {
      id: f.id,
      sort: f.sort,
      status: f.status,
      isshow: f.isshow,
      type: def?.type ?? '',
      field: def?.field ?? '',
      title: def?.title ?? '',
      json: f.json,
    };
  });
  return { rows, total: rows.length };
}

function listableIds(fields: readonly StoredField[]): number[] {
  return fields
    .filter((f) => {
      const def = readDefinition(f.json);
      return def !== null && isListable(def);
    })
    .map((f) => f.id);
}

/** The ids the user shows as list columns: their saved choice (still list-able fields), else every list-able field. */
export async function shownFieldIds(ctx: AppContext, actor: Actor, form: FormRow, fields?: readonly StoredField[]): Promise<number[]> {
  const enabled = fields ?? (await loadFields(ctx.db, form.id, { enabledOnly: true }));
  const listable = listableIds(enabled);
  const choice = await ctx.db
    .selectFrom('user_field_choices')
    .select('shown')
    .where('user_id', '=', actor.userId)
    .where('form_id', '=', form.id)
    .executeTakeFirst();
  if (!choice) return listable;
  const chosen = new Set(choice.shown.split(',').map(Number));
  return listable.filter((id) => chosen.has(id));
}

export async function columnFields(ctx: AppContext, actor: Actor, form: FormRow, shownOnly: boolean): Promise<ListReply<ColumnFieldRow>> {
  const fields = await loadFields(ctx.db, form.id, { enabledOnly: true, shownOnly });
  const shown = new Set(await shownFieldIds(ctx, actor, form, fields));
  const rows = fields.map((f) => {
    const def = readDefinition(f.json);
    return { id: f.id, title: def?.title ?? '', checkbox: def !== null && isListable(def), show: shown.has(f.id), json: f.json };
  });
  return { rows, total: rows.length };
}

/** Saves the user's list columns; every id must be a list-able, enabled field of the form. */
export async function setShownFields(ctx: AppContext, actor: Actor, form: FormRow, ids: number[]): Promise<void> {
  const listable = new Set(listableIds(await loadFields(ctx.db, form.id, { enabledOnly: true })));
  const bad = ids.find((id) => !listable.has(id));
  if (bad !== undefined) throw badRequest(`字段ID ${bad} 不存在或不能作为列表列`);
  const shown = ids.join(',');
  const now = ctx.clock().toISOString();
  await ctx.db
    .insertInto('user_field_choices')
    .values({ user_id: actor.userId, form_id: form.id, shown, updated_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'form_id']).doUpdateSet({ shown, updated_at: now }))
    .execute();
}

/** Checks a form's whole field list after a change to one field (names stay unique across the form). */
async function checkWholeList(db: DbOrTx, formId: number, change: { id?: number; def?: unknown }): Promise<FieldDefinition> {
  const fields = await loadFields(db, formId);
  const others = fields.filter((f) => f.id !== change.id).map((f) => f.json);
  if (change.id === undefined && others.length >= MAX_FIELDS_PER_FORM) throw badRequest(`一个表单最多${MAX_FIELDS_PER_FORM}个字段`);
  const defs = parseDefinitions([...others, change.def]);
  return defs[defs.length - 1];
}

export type FieldFlags = { status: number; isshow: number };

export async function addField(ctx: AppContext, form: FormRow, json: unknown, flags: FieldFlags): Promise<number> {
  return ctx.db.transaction().execute(async (tx) => {
    const def = await checkWholeList(tx, form.id, { def: json });
    const last = await tx
      .selectFrom('form_fields')
      .select((eb) => eb.fn.max('sort').as('m'))
      .where('form_id', '=', form.id)
      .executeTakeFirst();
    const sort = last?.m === null || last?.m === undefined ? 0 : Number(last.m) + 1;
    const { id } = await tx
      .insertInto('form_fields')
      .values({ form_id: form.id, sort, json: JSON.stringify(def), ...flags })
      .returning('id')
      .executeTakeFirstOrThrow();
    await tx.updateTable('forms').set({ updated_at: ctx.clock().toISOString() }).where('id', '=', form.id).execute();
    return id;
  });
}

export async function fieldForm(ctx: AppContext, fieldId: number): Promise<{ formId: number; status: number; isshow: number }> {
  const row = await ctx.db.selectFrom('form_fields').select(['form_id', 'status', 'isshow']).where('id', '=', fieldId).executeTakeFirst();
  if (!row) throw badRequest(MSG_FIELD_NOT_FOUND);
  return { formId: row.form_id, status: row.status, isshow: row.isshow };
}

export async function editField(ctx: AppContext, fieldId: number, json: unknown, flags: FieldFlags): Promise<void> {
  const { formId } = await fieldForm(ctx, fieldId);
  await ctx.db.transaction().execute(async (tx) => {
    const def = await checkWholeList(tx, formId, { id: fieldId, def: json });
    const form = await tx.selectFrom('forms').selectAll().where('id', '=', formId).executeTakeFirstOrThrow();
    const before = await tx.selectFrom('form_fields').select(['id', 'sort', 'json', 'status', 'isshow']).where('id', '=', fieldId).execute();
    await refuseTypeChangesOfFilledFields(tx, form, definitionsOf(before), [def]);
    await tx
      .updateTable('form_fields')
      .set({ json: JSON.stringify(def), ...flags })
      .where('id', '=', fieldId)
      .execute();
    await tx.updateTable('forms').set({ updated_at: ctx.clock().toISOString() }).where('id', '=', formId).execute();
  });
}

export async function deleteField(ctx: AppContext, fieldId: number): Promise<void> {
  const { formId } = await fieldForm(ctx, fieldId);
  await ctx.db.transaction().execute(async (tx) => {
    await tx.deleteFrom('form_fields').where('id', '=', fieldId).execute();
    await tx.updateTable('forms').set({ updated_at: ctx.clock().toISOString() }).where('id', '=', formId).execute();
  });
}
