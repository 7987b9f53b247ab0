import type { ModuleRecordRow, ModuleRecordValues } from '@portal/shared-contract';
import type { AppContext } from '../../../app-context';
import type { DbOrTx } from '../../../db/database';
import type { ListReply } from '../../../http/envelope';
import { badRequest } from '../../../http/errors';
import { formatShanghai } from '../../../lib/time';
import type { Actor } from '../../auth/session/actor';
import { MODULE_API } from '../form/builtin-forms';
import { EDIT_FORMS } from '../form/form-permissions';
import { definitionsOf, loadFields, requireForm, type FormRow } from '../form/form.service';
import { applyLinkage, validateRecord, type RegionCheck } from './record-validation';
import { formValueMasker, keepMaskedFormValues, maskFormValues } from '../field-mask/form-value-masks';

/**
 * Generic records of custom forms (forms whose add endpoint is api/module/add): the values object is
 * stored exactly as the client sent it and returned unchanged by the detail call. Who may see a
 * record: its creator, and users holding the system 'customForm' right (form administrators), who
 * see and maintain every record of every custom form. A 客户 picker's name follows the viewer's
 * 客户名称 rule (字段权限) in the list and the detail; an edit sending it back masked keeps the stored name.
 */
export const MSG_RECORD_NOT_FOUND = '记录不存在';
export const MSG_RECORD_FORBIDDEN = '只能查看或修改自己创建的记录';
const DATA_MAX_CHARS = 512 * 1024;

export const isFormAdmin = (actor: Actor): boolean => EDIT_FORMS.allows(actor.rights);

const normalisePath = (p: string): string => p.trim().replace(/^\//, '').toLowerCase();

/** The form a module call names (by its `module`, `formid` or `mode` key); it must keep its records in the generic store. */
export async function moduleForm(db: DbOrTx, keys: readonly string[]): Promise<FormRow> {
  const form = await requireForm(db, keys);
  if (normalisePath(form.api_add) !== normalisePath(MODULE_API.add)) throw badRequest(`表单“${form.title}”的数据由其专用接口保存，不能用通用记录接口`);
  return form;
}

/** The `data` values (a JSON object, see RecordDataInput) and the text stored for them. */
export function recordData(values: Record<string, unknown>): { text: string; values: Record<string, unknown> } {
  const text = JSON.stringify(values);
  if (text.length > DATA_MAX_CHARS) throw badRequest('表单数据过大');
  return { text, values };
}

/** City/county values must name real regions, each the child of the one before. */
async function checkRegions(db: DbOrTx, checks: RegionCheck[]): Promise<void> {
  if (checks.length === 0) return;
  const ids = [...new Set(checks.flatMap((c) => c.ids))];
  const rows = await db.selectFrom('regions').select(['id', 'level', 'parent_id']).where('id', 'in', ids).execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  for (const check of checks) {
    check.ids.forEach((id, i) => {
      const region = byId.get(id);
      if (!region || region.level !== i + 1 || region.parent_id !== (i === 0 ? 0 : check.ids[i - 1])) throw badRequest(`${check.title}的地区不存在`);
    });
  }
}

/**
 * Checks values against the form's enabled fields shown in the entry form (hidden ones cannot be
 * filled in), after the field linkage: the values of fields it hides are dropped, fields it requires
 * must be filled in. Returns what to store.
 */
export async function validateAgainstForm(
  db: DbOrTx,
  form: FormRow,
  values: Record<string, unknown>,
): Promise<{ text: string; values: Record<string, unknown> }> {
  const linked = applyLinkage(definitionsOf(await loadFields(db, form.id, { enabledOnly: true, shownOnly: true })), values);
  await checkRegions(db, validateRecord(linked.defs, linked.values));
  return recordData(linked.values);
}

export async function addRecord(ctx: AppContext, actor: Actor, form: FormRow, data: { text: string; values: Record<string, unknown> }): Promise<number> {
  const stored = await validateAgainstForm(ctx.db, form, data.values);
  const now = ctx.clock().toISOString();
  const { id } = await ctx.db
    .insertInto('module_records')
    .values({ form_id: form.id, data: stored.text, created_by: actor.userId, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

async function recordFor(db: DbOrTx, actor: Actor, form: FormRow, id: number) {
  const row = await db.selectFrom('module_records').selectAll().where('id', '=', id).where('form_id', '=', form.id).executeTakeFirst();
  if (!row) throw badRequest(MSG_RECORD_NOT_FOUND);
  return row;
}

export async function editRecord(
  ctx: AppContext,
  actor: Actor,
  form: FormRow,
  id: number,
  data: { text: string; values: Record<string, unknown> },
): Promise<void> {
  await ctx.db.transaction().execute(async (tx) => {
    const row = await recordFor(tx, actor, form, id);
    const values = await keepMaskedFormValues(tx, actor, form.mode, JSON.parse(row.data) as Record<string, unknown>, data.values);
    const stored = await validateAgainstForm(tx, form, values);
    await tx.updateTable('module_records').set({ data: stored.text, updated_at: ctx.clock().toISOString() }).where('id', '=', id).execute();
  });
}

/** The values object as stored, as the viewer may read it (字段权限). */
export async function recordDetail(ctx: AppContext, actor: Actor, form: FormRow, id: number): Promise<ModuleRecordValues> {
  const row = await recordFor(ctx.db, actor, form, id);
  return maskFormValues(ctx.db, actor, form.mode, JSON.parse(row.data) as Record<string, unknown>);
}

export async function listRecords(ctx: AppContext, actor: Actor, form: FormRow, page: number, rows: number): Promise<ListReply<ModuleRecordRow>> {
  let base = ctx.db.selectFrom('module_records as r').where('r.form_id', '=', form.id);
  if (!isFormAdmin(actor)) base = base.where('r.created_by', '=', actor.userId);
  const [count, list, mask] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    base
      .leftJoin('users as u', 'u.id', 'r.created_by')
      .select(['r.id', 'r.data', 'r.created_by', 'r.created_at', 'r.updated_at', 'u.nick_name'])
      .orderBy('r.id', 'desc')
      .limit(rows)
      .offset((page - 1) * rows)
      .execute(),
    formValueMasker(ctx.db, actor, form.mode),
  ]);
  return {
    rows: list.map((r) => {
      const values = mask(JSON.parse(r.data) as Record<string, unknown>);
      return {
        ...values,
        id: r.id,
        CreateUserID: r.created_by ?? 0,
        CreateName: r.nick_name ?? '',
        AddTime: formatShanghai(r.created_at),
        UpdateTime: formatShanghai(r.updated_at),
      };
    }),
    total: Number(count.n),
  };
}

/** Deletes records the user may maintain; one that is missing or someone else's refuses the whole call. */
export async function deleteRecords(ctx: AppContext, actor: Actor, form: FormRow | undefined, ids: number[]): Promise<void> {
  await ctx.db.transaction().execute(async (tx) => {
    let query = tx.selectFrom('module_records').select(['id', 'created_by']).where('id', 'in', ids);
    if (form) query = query.where('form_id', '=', form.id);
    const rows = await query.execute();
    if (rows.length !== ids.length) throw badRequest(MSG_RECORD_NOT_FOUND);
    await tx.deleteFrom('module_records').where('id', 'in', ids).execute();
  });
}
