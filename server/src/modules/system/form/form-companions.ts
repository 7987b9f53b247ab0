import type { DbOrTx } from '../../../db/database';
import { badRequest } from '../../../http/errors';
import type { FieldDefinition } from './field-definition';

/**
 * The names beside the ids a form stores (issue #31: the approval panel showed 费用部门 "3"). A
 * picker field keeps its choice's display text in its companion (`field2`): a person's name, the
 * departments' names, a customer's name, a contract's number. Approval snapshots are read by every
 * approver and cc, whatever the submitter's browser sent, so the server writes those texts from the
 * records the ids name (refusing an id that names nothing) and the submitter into a 填写人 field.
 */
const PICKER_TYPES = ['user', 'users', 'branch', 'customer', 'contract'] as const;

function idsOf(value: unknown): number[] | null {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  if (text === '') return [];
  const parts = text.split(',').map((p) => p.trim());
  if (parts.some((p) => !/^\d{1,12}$/.test(p))) return null;
  return parts.map(Number);
}

/**
 * Writes the companions of the picker fields present in `values` (and, given the submitter, the
 * 填写人 fields) from the database; returns the values to store. Only the fields of `defs` are touched.
 */
export async function withCompanionNames(
  db: DbOrTx,
  defs: readonly FieldDefinition[],
  values: Record<string, unknown>,
  submitter?: { userId: number; nickName: string },
): Promise<Record<string, unknown>> {
  const out = { ...values };
  for (const def of defs) {
    if (!def.field) continue;
    if (def.type === 'userinfo') {
      if (submitter) {
        out[def.field] = submitter.userId;
        out[def.field2 || `${def.field}_name`] = submitter.nickName;
      }
      continue;
    }
    if (!(PICKER_TYPES as readonly string[]).includes(def.type) || !def.field2 || !(def.field in values)) continue;
    const ids = idsOf(values[def.field]);
    if (ids === null) throw badRequest(`${def.title}格式不正确`);
    if (ids.length === 0) {
      delete out[def.field2];
      continue;
    }
    const unique = [...new Set(ids)];
    const missing = () => badRequest(`${def.title}不存在`);
    switch (def.type) {
      case 'user':
      case 'users': {
        const rows = await db.selectFrom('users').select(['id', 'nick_name', 'header']).where('id', 'in', unique).execute();
        if (rows.length !== unique.length) throw missing();
        const byId = new Map(rows.map((r) => [r.id, r]));
        out[def.field2] =
          def.type === 'user'
            ? unique.map((id) => byId.get(id)!.nick_name).join(',')
            : unique.map((id) => ({ userid: id, username: byId.get(id)!.nick_name, header: byId.get(id)!.header }));
        break;
      }
      case 'branch': {
        const rows = await db.selectFrom('branches').select(['id', 'name']).where('id', 'in', unique).execute();
        if (rows.length !== unique.length) throw missing();
        const byId = new Map(rows.map((r) => [r.id, r.name]));
        out[def.field2] = ids.map((id) => byId.get(id)).join(',');
        break;
      }
      case 'customer': {
        const row = await db.selectFrom('customers').select('customer_name').where('id', '=', ids[0]).executeTakeFirst();
        if (!row) throw missing();
        out[def.field2] = row.customer_name;
        break;
      }
      case 'contract': {
        const row = await db.selectFrom('contracts').select('order_sn').where('id', '=', ids[0]).executeTakeFirst();
        if (!row) throw missing();
        out[def.field2] = row.order_sn;
        break;
      }
    }
  }
  return out;
}

/** The companion keys of fields (their display texts), which travel with the fields themselves. */
export function companionKeys(defs: readonly FieldDefinition[], fields: readonly string[]): string[] {
  return defs.filter((d) => fields.includes(d.field) && d.field2).map((d) => d.field2 as string);
}
