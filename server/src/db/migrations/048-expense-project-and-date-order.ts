import { sql, type Kysely } from 'kysely';

/**
 * Issue #31 on forms already stored (new installations get them from builtin-forms.ts and the demo
 * seed): the 费用报销 form gains 项目名称 (shown and required for a 项目 claim, which the server
 * always required) and its 费用明细 a 金额 per row adding up to 报销金额 (`totalField`); the end of
 * the 日程 and the demo 请假申请 may not be earlier than their start (`notBefore`). A form an
 * administrator has changed so that a field is missing is left as it is.
 */
type Stored = { id: number; sort: number; json: string };
type Def = Record<string, unknown> & { field?: string; type?: string };

const PROJECT_FIELD = {
  type: 'input',
  field: 'project',
  title: '项目名称',
  max: 100,
  placeholder: '请输入项目名称',
  linkage: [
    { when: 'type', values: ['3'], effect: 'show' },
    { when: 'type', values: ['3'], effect: 'require' },
  ],
};

const DATE_ORDER: { mode: string; end: string; start: string }[] = [
  { mode: 'schedule', end: 'endTime', start: 'startTime' },
  { mode: 'leave', end: 'endDate', start: 'startDate' },
];

function read(json: string): Def | null {
  try {
    const v: unknown = JSON.parse(json);
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Def) : null;
  } catch {
    return null;
  }
}

async function fieldsOf(db: Kysely<unknown>, mode: string): Promise<{ formId: number; fields: (Stored & { def: Def | null })[] } | null> {
  const form = (await sql<{ id: number }>`select id from forms where mode = ${mode}`.execute(db)).rows[0];
  if (!form) return null;
  const rows = (await sql<Stored>`select id, sort, json from form_fields where form_id = ${form.id} order by sort, id`.execute(db)).rows;
  return { formId: Number(form.id), fields: rows.map((r) => ({ ...r, def: read(r.json) })) };
}

const setJson = (db: Kysely<unknown>, id: number, def: Def) => sql`update form_fields set json = ${JSON.stringify(def)} where id = ${id}`.execute(db);

export async function up(db: Kysely<unknown>): Promise<void> {
  const expense = await fieldsOf(db, 'baoxiao');
  if (expense) {
    const byField = (name: string) => expense.fields.find((f) => f.def?.field === name);
    const type = byField('type');
    if (type && !byField('project')) {
      await sql`update form_fields set sort = sort + 1 where form_id = ${expense.formId} and sort > ${type.sort}`.execute(db);
      await sql`insert into form_fields (form_id, sort, json, status, isshow) values (${expense.formId}, ${type.sort + 1}, ${JSON.stringify(PROJECT_FIELD)}, 1, 1)`.execute(db);
    }
    const items = byField('items');
    if (items?.def && items.def.type === 'tablelist' && !items.def.totalField && byField('Money')?.def?.type === 'number') {
      await setJson(db, items.id, { ...items.def, totalField: 'Money' });
    }
  }
  for (const { mode, end, start } of DATE_ORDER) {
    const form = await fieldsOf(db, mode);
    const endField = form?.fields.find((f) => f.def?.field === end);
    const startField = form?.fields.find((f) => f.def?.field === start);
    const dated = (d: Def | null | undefined) => d?.type === 'date' || d?.type === 'datetime';
    if (endField?.def && dated(endField.def) && dated(startField?.def) && !endField.def.notBefore) {
      await setJson(db, endField.id, { ...endField.def, notBefore: start });
    }
  }
}

export async function down(): Promise<void> {
  // Form definitions are data an administrator may have edited since; nothing is taken back.
}
