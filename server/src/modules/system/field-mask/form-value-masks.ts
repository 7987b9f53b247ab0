/**
 * 字段权限 on the values of a dynamic form: an approval's form snapshot (wf_instances.form_data) and a
 * custom or work form's generic record (module_records.data). The one customer value such values
 * carry identifiably is a 客户 picker's name (the field's `field2`, beside the customer id in `field`):
 * it follows the viewer's 客户名称 rule wherever the values are read (the approval detail, the
 * api/module list and detail), and an edit that sends the masked name back (an approver's node edit,
 * api/module/Edit) leaves the stored name. No control carries a customer's 手机号码 (a free text field
 * titled 电话 is whatever the submitter typed, not a customer's number), so phones are not masked here.
 */
import type { DbOrTx } from '../../../db/database';
import type { Actor } from '../../auth/session/actor';
import { maskCarried, rulesFor, type FieldRules } from './field-mask';
import { definitionsOf, findForm, loadFields } from '../form/form.service';

/** The value keys holding a customer picker's name, for the form of `formMode`. */
async function customerNameKeys(db: DbOrTx, formMode: string): Promise<string[]> {
  const form = await findForm(db, formMode);
  if (!form) return [];
  return definitionsOf(await loadFields(db, form.id)).flatMap((d) => (d.type === 'customer' && d.field2 ? [d.field2] : []));
}

async function restricted(db: DbOrTx, actor: Actor, formMode: string): Promise<{ rules: FieldRules; keys: string[] } | null> {
  const rules = await rulesFor(db, actor, 'customer');
  if (!rules.has('CustomerName')) return null;
  const keys = await customerNameKeys(db, formMode);
  return keys.length ? { rules, keys } : null;
}

const carriedName = (rules: FieldRules, value: string) => maskCarried(rules, 'customer', 'CustomerName', value);

/** What the viewer may read of values of the form of `formMode`: one lookup of the rules for many records. */
export async function formValueMasker(db: DbOrTx, actor: Actor, formMode: string): Promise<(values: Record<string, unknown>) => Record<string, unknown>> {
  const r = await restricted(db, actor, formMode);
  if (!r) return (values) => values;
  return (values) => {
    const out = { ...values };
    for (const key of r.keys) if (typeof out[key] === 'string') out[key] = carriedName(r.rules, out[key]);
    return out;
  };
}

/** The values as the viewer may read them. */
export async function maskFormValues(db: DbOrTx, actor: Actor, formMode: string, data: Record<string, unknown>): Promise<Record<string, unknown>> {
  return (await formValueMasker(db, actor, formMode))(data);
}

/** An edit: a customer name sent back as the viewer read it (masked) stands for the stored one. */
export async function keepMaskedFormValues(
  db: DbOrTx,
  actor: Actor,
  formMode: string,
  before: Record<string, unknown>,
  edit: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const r = await restricted(db, actor, formMode);
  if (!r) return edit;
  const out = { ...edit };
  for (const key of r.keys) {
    const stored = before[key];
    if (key in out && typeof stored === 'string' && out[key] === carriedName(r.rules, stored)) out[key] = stored;
  }
  return out;
}
