/**
 * 字段权限 on an approval's form snapshot (wf_instances.form_data). The one customer value a snapshot
 * carries identifiably is a 客户 picker's name (the field's `field2`, beside the customer id in `field`):
 * it follows the viewer's 客户名称 rule, in the approval detail, and an approver's node edit that sends
 * the masked name back leaves the stored name. No control carries a customer's 手机号码 (a free text
 * field titled 电话 is whatever the submitter typed, not a customer's number), so phones are not masked here.
 */
import type { DbOrTx } from '../../../db/database';
import type { Actor } from '../../auth/session/actor';
import { maskCarried, rulesFor, type FieldRules } from '../../system/field-mask/field-mask';
import { definitionsOf, findForm, loadFields } from '../../system/form/form.service';

/** The snapshot keys holding a customer picker's name, for the form of `formMode`. */
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

/** The snapshot as the viewer may read it. */
export async function maskSnapshot(db: DbOrTx, actor: Actor, formMode: string, data: Record<string, unknown>): Promise<Record<string, unknown>> {
  const r = await restricted(db, actor, formMode);
  if (!r) return data;
  const out = { ...data };
  for (const key of r.keys) if (typeof out[key] === 'string') out[key] = carriedName(r.rules, out[key]);
  return out;
}

/** A node edit: a customer name sent back as the viewer read it (masked) stands for the stored one. */
export async function keepMaskedSnapshot(db: DbOrTx, actor: Actor, formMode: string, before: Record<string, unknown>, edit: Record<string, unknown>): Promise<Record<string, unknown>> {
  const r = await restricted(db, actor, formMode);
  if (!r) return edit;
  const out = { ...edit };
  for (const key of r.keys) {
    const stored = before[key];
    if (key in out && typeof stored === 'string' && out[key] === carriedName(r.rules, stored)) out[key] = stored;
  }
  return out;
}
