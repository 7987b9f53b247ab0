import type { FormCategoryRow, FormDefinitionData, FormDesign, FormSummary, LabelPosition } from '@portal/shared-contract';
import type { Selectable } from 'kysely';
import type { AppContext } from '../../../app-context';
import type { DbOrTx } from '../../../db/database';
import type { FormTable } from '../../../db/schema';
import type { ListReply } from '../../../http/envelope';
import { badRequest } from '../../../http/errors';
import { isRecord } from '../../../lib/is-record';
import { formatShanghai } from '../../../lib/time';
import { containsLike } from '../../shared/contains-search';
import { MODULE_API } from './builtin-forms';
import { parseDefinitions, readDefinition, typeLabel, type FieldDefinition } from './field-definition';

export type FormRow = Selectable<FormTable>;

export const MSG_FORM_NOT_FOUND = '表单不存在';
export const MAX_FIELDS_PER_FORM = 200;

/** A form by its numeric id or its mode key ('customer'); undefined when there is none. */
export async function findForm(db: DbOrTx, key: string | number): Promise<FormRow | undefined> {
  const id = typeof key === 'number' ? key : wholeNumber(key);
  const query = db.selectFrom('forms').selectAll();
  if (id !== undefined) return query.where('id', '=', id).executeTakeFirst();
  return query.where('mode', '=', String(key).trim()).executeTakeFirst();
}

/** A form's id written as digits (a mode key starts with a letter), e.g. `formid=12`. */
function wholeNumber(raw: unknown): number | undefined {
  if (typeof raw === 'number') return Number.isSafeInteger(raw) ? raw : undefined;
  return typeof raw === 'string' && /^\d{1,15}$/.test(raw.trim()) ? Number(raw.trim()) : undefined;
}

/** The form named by the first given key (its id or mode key, in the caller's order of keys); error when none or unknown. */
export async function requireForm(db: DbOrTx, keys: readonly string[]): Promise<FormRow> {
  const key = keys.find((k) => k !== '');
  if (key === undefined) throw badRequest('请选择表单');
  const form = await findForm(db, key);
  if (!form) throw badRequest(MSG_FORM_NOT_FOUND);
  return form;
}

export type StoredField = { id: number; sort: number; json: string; status: number; isshow: number };

/** A form's fields in their order; `enabledOnly` drops disabled ones, `shownOnly` those kept out of the entry form. */
export async function loadFields(db: DbOrTx, formId: number, opts: { enabledOnly?: boolean; shownOnly?: boolean } = {}): Promise<StoredField[]> {
  let query = db.selectFrom('form_fields').select(['id', 'sort', 'json', 'status', 'isshow']).where('form_id', '=', formId);
  if (opts.enabledOnly) query = query.where('status', '=', 1);
  if (opts.shownOnly) query = query.where('isshow', '=', 1);
  return query.orderBy('sort').orderBy('id').execute();
}

/** Fields readable as definitions (unreadable stored JSON is skipped for server-side logic). */
export function definitionsOf(fields: readonly StoredField[]): (FieldDefinition & { id: number })[] {
  const out: (FieldDefinition & { id: number })[] = [];
  for (const f of fields) {
    const def = readDefinition(f.json);
    if (def) out.push({ ...def, id: f.id });
  }
  return out;
}

/**
 * Which fields are writable at a workflow node. There is no workflow engine yet, so every field is
 * writable at every node ('all'); when node configurations exist (spec §3 "Node config: type,
 * writeField"), this is the one place that reads them.
 */
export async function writableFieldsAtNode(ctx: AppContext, nodeId: number): Promise<'all' | Set<string>> {
  void ctx;
  void nodeId;
  return 'all';
}

export function toDefinition(form: FormRow, fields: readonly StoredField[], writable?: 'all' | Set<string>): FormDefinitionData {
  const items = fields.map((f) => {
    if (writable === undefined) return { id: f.id, json: f.json };
    const def = readDefinition(f.json);
    if (!def) return { id: f.id, json: f.json };
    const canWrite = writable === 'all' || writable.has(def.field);
    return { id: f.id, json: JSON.stringify({ ...def, writable: canWrite }) };
  });
  return {
    id: form.id,
    mode: form.mode,
    title: form.title,
    cols: form.cols,
    items,
    api_add: form.api_add,
    api_edit: form.api_edit,
    api_detail: form.api_detail,
    labelwidth: form.labelwidth,
    labelposition: labelPositionOf(form),
    labelbg: form.labelbg,
  };
}

/** The stored label position as the forms read it: anything but 'left' or 'top' is 'right'. */
export function labelPositionOf(form: Pick<FormRow, 'labelposition'>): LabelPosition {
  return form.labelposition === 'left' || form.labelposition === 'top' ? form.labelposition : 'right';
}

function toSummary(f: FormRow & { field_count: number | string | null }): FormSummary {
  return {
    id: f.id,
    mode: f.mode,
    title: f.title,
    category: f.category,
    cols: f.cols,
    labelwidth: f.labelwidth,
    labelposition: labelPositionOf(f),
    labelbg: f.labelbg,
    api_add: f.api_add,
    api_edit: f.api_edit,
    api_detail: f.api_detail,
    is_workflow: f.is_workflow,
    is_builtin: f.is_builtin,
    fieldCount: Number(f.field_count ?? 0),
    AddTime: formatShanghai(f.created_at),
    UpdateTime: formatShanghai(f.updated_at),
  };
}

export type FormListQuery = { page: number; rows: number; key: string; category: string; workflowOnly: boolean };

/** Forms paged in the database, with their enabled field counts (one correlated count per row of the page). */
export async function listForms(db: DbOrTx, q: FormListQuery): Promise<ListReply<FormSummary>> {
  let base = db.selectFrom('forms as f');
  if (q.category) base = base.where('f.category', '=', q.category);
  if (q.workflowOnly) base = base.where('f.is_workflow', '=', 1);
  if (q.key) {
    const key = q.key;
    base = base.where((eb) => eb.or([containsLike(eb.ref('f.title'), key), containsLike(eb.ref('f.mode'), key)]));
  }
  const [count, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    base
      .selectAll('f')
      .select((eb) =>
        eb
          .selectFrom('form_fields as ff')
          .select((e) => e.fn.countAll<number>().as('c'))
          .whereRef('ff.form_id', '=', 'f.id')
          .where('ff.status', '=', 1)
          .as('field_count'),
      )
      .orderBy('f.id')
      .limit(q.rows)
      .offset((q.page - 1) * q.rows)
      .execute(),
  ]);
  return { rows: rows.map(toSummary), total: Number(count.n) };
}

export async function formSummary(db: DbOrTx, form: FormRow): Promise<FormSummary> {
  const row = await db
    .selectFrom('form_fields')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('form_id', '=', form.id)
    .where('status', '=', 1)
    .executeTakeFirstOrThrow();
  return toSummary({ ...form, field_count: row.n });
}

/** A form's settings with its complete field list (disabled fields too), as the designer opens it. */
export async function formDesign(db: DbOrTx, form: FormRow): Promise<FormDesign> {
  const fields = await loadFields(db, form.id);
  const summary = await formSummary(db, form);
  return { ...summary, items: fields.map((f) => ({ id: f.id, json: f.json, status: f.status, isshow: f.isshow })) };
}

/** Categories with their form counts, by name. */
export async function formCategories(db: DbOrTx): Promise<ListReply<FormCategoryRow>> {
  const rows = await db
    .selectFrom('forms')
    .select((eb) => ['category', eb.fn.countAll<number>().as('n')])
    .groupBy('category')
    .orderBy('category')
    .execute();
  return { rows: rows.map((r) => ({ category: r.category, count: Number(r.n) })), total: rows.length };
}

/** One item of a field list being saved: its id when it already exists, its definition and flags. */
export type FieldItemInput = { id?: number; json: unknown; status?: number; isshow?: number };

function flag(raw: unknown, message: string): number | undefined {
  if (raw === undefined || raw === null || raw === '') return undefined;
  if (raw === true) return 1;
  if (raw === false) return 0;
  const n = wholeNumber(raw);
  if (n !== 0 && n !== 1) throw badRequest(message);
  return n;
}

/** The items of api/formField/Edit (see FieldItems): `{id?, json, status?, isshow?}` or bare definitions. */
export function toFieldItems(list: readonly unknown[]): FieldItemInput[] {
  return list.map((item, i) => {
    if (typeof item === 'string' || (isRecord(item) && !('json' in item))) return { json: item };
    if (!isRecord(item)) throw badRequest(`第${i + 1}个字段的定义不是有效的JSON对象`);
    let id: number | undefined;
    if (item.id !== undefined && item.id !== null && item.id !== '' && item.id !== 0 && item.id !== '0') {
      id = wholeNumber(item.id);
      if (id === undefined || id <= 0) throw badRequest(`第${i + 1}个字段的ID不正确`);
    }
    return {
      id,
      json: item.json,
      status: flag(item.status, `第${i + 1}个字段的状态只能是0或1`),
      isshow: flag(item.isshow, `第${i + 1}个字段的显示标记只能是0或1`),
    };
  });
}

/**
 * Replaces a form's field list in one transaction: items with an id update that field (it must belong
 * to the form; status and isshow kept unless given), items without one are added (enabled and shown
 * unless given), fields left out are removed — so the designer sends the complete list, disabled
 * fields included (api/field/index). Definitions are checked first (known type, title, field names
 * unique and well-formed), so nothing is half-written.
 */
export async function saveFormFields(ctx: AppContext, form: FormRow, items: FieldItemInput[]): Promise<void> {
  const defs = checkFieldItems(items);
  const now = ctx.clock().toISOString();
  await ctx.db.transaction().execute(async (tx) => {
    await writeFormFields(tx, form, items, defs);
    await tx.updateTable('forms').set({ updated_at: now }).where('id', '=', form.id).execute();
  });
}

/** Checks a complete field list before anything is written: definitions, then ids unique. */
export function checkFieldItems(items: readonly FieldItemInput[]): FieldDefinition[] {
  const defs = parseDefinitions(items.map((i) => i.json));
  const ids = items.map((i) => i.id).filter((id): id is number => id !== undefined);
  if (new Set(ids).size !== ids.length) throw badRequest('字段ID重复');
  return defs;
}

/** Writes a checked field list (see saveFormFields) inside the caller's transaction. */
export async function writeFormFields(tx: DbOrTx, form: FormRow, items: readonly FieldItemInput[], defs: readonly FieldDefinition[]): Promise<void> {
  const ids = items.map((i) => i.id).filter((id): id is number => id !== undefined);
  const current = await tx.selectFrom('form_fields').select(['id', 'status', 'isshow', 'json']).where('form_id', '=', form.id).execute();
  const existing = new Map(current.map((r) => [r.id, r]));
  const foreign = ids.find((id) => !existing.has(id));
  if (foreign !== undefined) throw badRequest(`字段ID ${foreign} 不属于此表单`);
  await refuseTypeChangesOfFilledFields(tx, form, definitionsOf(current.map((r) => ({ ...r, sort: 0 }))), defs);
  const removed = [...existing.keys()].filter((id) => !ids.includes(id));
  if (removed.length > 0) await tx.deleteFrom('form_fields').where('id', 'in', removed).execute();
  for (const [sort, item] of items.entries()) {
    const kept = item.id === undefined ? undefined : existing.get(item.id);
    const values = { sort, json: JSON.stringify(defs[sort]), status: item.status ?? kept?.status ?? 1, isshow: item.isshow ?? kept?.isshow ?? 1 };
    if (item.id !== undefined) await tx.updateTable('form_fields').set(values).where('id', '=', item.id).execute();
    else
      await tx
        .insertInto('form_fields')
        .values({ ...values, form_id: form.id })
        .execute();
  }
}

/** Forms whose records are the generic ones (module_records: custom forms and work forms submitted to a flow). */
function keepsGenericRecords(form: FormRow): boolean {
  const add = form.api_add.trim().replace(/^\//, '').toLowerCase();
  return add === MODULE_API.add.toLowerCase() || add === 'api/workflow/approval' || form.is_builtin !== 1;
}

function isBlankValue(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '' || value.trim() === '[]';
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

/** Whether some stored JSON values object (a record, an approval's form data) holds a value for `name`. */
async function someValueIn(rows: AsyncIterable<string> | Iterable<string>, name: string): Promise<boolean> {
  for await (const text of rows) {
    try {
      const values: unknown = JSON.parse(text);
      if (isRecord(values) && !isBlankValue(values[name])) return true;
    } catch {
      /* unreadable data holds nothing we can read */
    }
  }
  return false;
}

/**
 * Whether a field already holds data: a record of the form (generic records and approvals' form data)
 * has a non-empty value under its name. Forms kept in their own tables (built-in customer, contract…)
 * map their fields to columns, so every named field of theirs counts as holding data.
 */
export async function fieldHoldsData(db: DbOrTx, form: FormRow, name: string): Promise<boolean> {
  if (!keepsGenericRecords(form)) return true;
  // The stored JSON holds the field's name as a quoted key: `"name":`.
  const quoted = `"${name}"`;
  const records = await db.selectFrom('module_records').select('data').where('form_id', '=', form.id).where(containsLike('data', quoted)).execute();
  if (
    await someValueIn(
      records.map((r) => r.data),
      name,
    )
  )
    return true;
  const approvals = await db
    .selectFrom('wf_instances')
    .select('form_data')
    .where('form_mode', '=', form.mode)
    .where(containsLike('form_data', quoted))
    .execute();
  return someValueIn(
    approvals.map((r) => r.form_data),
    name,
  );
}

/** A field that holds data keeps its control type (matched by field name between the stored and the new list). */
export async function refuseTypeChangesOfFilledFields(
  db: DbOrTx,
  form: FormRow,
  before: readonly FieldDefinition[],
  after: readonly FieldDefinition[],
): Promise<void> {
  const oldType = new Map(before.filter((d) => d.field).map((d) => [d.field, d.type]));
  for (const def of after) {
    const was = def.field ? oldType.get(def.field) : undefined;
    if (was === undefined || was === def.type) continue;
    if (await fieldHoldsData(db, form, def.field)) {
      throw badRequest(`字段“${def.title}”已有数据，不能把控件类型从${typeLabel(was)}改为${typeLabel(def.type)}`);
    }
  }
}

/** The settings of a form (api/form/add, api/form/Edit). */
export type FormSettings = {
  title: string;
  category: string;
  cols: number;
  labelwidth: number;
  labelposition: LabelPosition;
  labelbg: string;
  api_add: string;
  api_edit: string;
  api_detail: string;
  is_workflow: number;
};

/**
 * The designer's 保存: a new form (`mode`) or a form's settings (`id`) and, when given, its complete
 * field list, in one transaction. `guard` checks the stored form before anything is written (work
 * forms: it must be one). Returns the form's id.
 */
export async function saveFormAndFields(
  ctx: AppContext,
  target: { id: number } | { mode: string },
  settings: FormSettings | ((form: FormRow) => FormSettings),
  items?: FieldItemInput[],
  guard?: (form: FormRow) => void,
): Promise<number> {
  const defs = items === undefined ? undefined : checkFieldItems(items);
  const now = ctx.clock().toISOString();
  return ctx.db.transaction().execute(async (tx) => {
    let form: FormRow | undefined;
    if ('id' in target) {
      form = await findForm(tx, target.id);
      if (!form) throw badRequest(MSG_FORM_NOT_FOUND);
      guard?.(form);
      const s = typeof settings === 'function' ? settings(form) : settings;
      await tx
        .updateTable('forms')
        .set({ ...s, updated_at: now })
        .where('id', '=', form.id)
        .execute();
    } else {
      if (await findForm(tx, target.mode)) throw badRequest(`表单标识“${target.mode}”已存在`);
      if (typeof settings === 'function') throw new Error('new forms take settings');
      const inserted = await tx
        .insertInto('forms')
        .values({ mode: target.mode, ...settings, is_builtin: 0, created_at: now, updated_at: now })
        .onConflict((oc) => oc.column('mode').doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!inserted) throw badRequest(`表单标识“${target.mode}”已存在`);
      form = await findForm(tx, inserted.id);
      if (!form) throw badRequest(MSG_FORM_NOT_FOUND);
    }
    if (items !== undefined && defs !== undefined) await writeFormFields(tx, form, items, defs);
    return form.id;
  });
}

/** Flows that submit with a form (by its mode key), by name. */
export async function flowsUsingForm(db: DbOrTx, mode: string): Promise<string[]> {
  const rows = await db.selectFrom('wf_flows').select('name').where('form_mode', '=', mode).orderBy('id').execute();
  return rows.map((r) => r.name);
}

/** Deletes a work form; refused while a flow is bound to it (naming the flow) or for a built-in form. */
export async function deleteWorkForm(ctx: AppContext, id: number): Promise<void> {
  await ctx.db.transaction().execute(async (tx) => {
    const form = await findForm(tx, id);
    if (!form) throw badRequest(MSG_FORM_NOT_FOUND);
    if (form.is_workflow !== 1) throw badRequest(`表单“${form.title}”不是工作流表单`);
    if (form.is_builtin === 1) throw badRequest(`表单“${form.title}”是系统内置表单，不能删除`);
    const flows = await flowsUsingForm(tx, form.mode);
    if (flows.length > 0) throw badRequest(`表单“${form.title}”已被流程“${flows.join('”、“')}”使用，不能删除`);
    const records = await tx
      .selectFrom('module_records')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('form_id', '=', form.id)
      .executeTakeFirstOrThrow();
    if (Number(records.n) > 0) throw badRequest(`表单“${form.title}”已有${Number(records.n)}条记录，不能删除`);
    await tx.deleteFrom('user_field_choices').where('form_id', '=', form.id).execute();
    await tx.deleteFrom('form_fields').where('form_id', '=', form.id).execute();
    await tx.deleteFrom('forms').where('id', '=', form.id).execute();
  });
}
