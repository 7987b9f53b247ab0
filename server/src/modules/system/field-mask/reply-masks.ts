/**
 * 字段权限 on the way out: a route declares which entity's fields its reply carries (`mask:` in
 * defineRoute) and one reply hook (route.ts, preSerialization) masks or removes them for the viewer.
 * Handlers and services return the plain values; none of them calls the mask functions.
 *
 *   mask: { entity: 'customer' }                                        // rows / data carry customer fields by their own names
 *   mask: [{ entity: 'customer' }, { entity: 'contact', at: 'contacts' }] // and each record's `contacts` carry contact fields
 *   mask: { entity: 'customer', carried: { customerName: 'CustomerName' } } // the customer's name on another record
 *
 * Where the records are: a list reply's `rows`, or the envelope's `data` (an object, an array, or an
 * object with `rows`). `at` then names a property of each record holding nested records.
 */
import type { DbOrTx } from '../../../db/database';
import { isRecord } from '../../../lib/is-record';
import type { Actor } from '../../auth/session/actor';
import { applyRules, maskCarried, rulesFor, type FieldRules, type MaskModule } from './field-mask';

export type MaskSpec = {
  entity: MaskModule;
  /** A property of each record holding nested records of this entity (e.g. a customer's `contacts`). */
  at?: string;
  /**
   * Reply field → the entity's field, for values carried under another name on another record (the
   * customer's name as a contract's `customerName`): masked, or '' when hidden (the record itself is
   * shown). Without it, the record's fields are the entity's own and hidden ones are removed.
   */
  carried?: Readonly<Record<string, string>>;
  /** Only records for which this holds carry the entity's values (a task's title names a customer or a contract). */
  when?: (record: Record<string, unknown>) => boolean;
};
export type ReplyMask = MaskSpec | readonly MaskSpec[];

export const masksOf = (mask: ReplyMask | undefined): readonly MaskSpec[] =>
  mask === undefined ? [] : 'entity' in mask ? [mask as MaskSpec] : (mask as readonly MaskSpec[]);

/** The records a reply carries: `rows`, or `data` (an object, its `rows`, or an array). */
function recordsOf(payload: unknown): Record<string, unknown>[] {
  if (!isRecord(payload)) return [];
  if (Array.isArray(payload.rows)) return payload.rows.filter(isRecord);
  const data = payload.data;
  if (Array.isArray(data)) return data.filter(isRecord);
  if (isRecord(data)) return Array.isArray(data.rows) ? [data, ...data.rows.filter(isRecord)] : [data];
  return [];
}

function nested(record: Record<string, unknown>, at: string | undefined): Record<string, unknown>[] {
  if (at === undefined) return [record];
  const value = record[at];
  if (Array.isArray(value)) return value.filter(isRecord);
  return isRecord(value) ? [value] : [];
}

/** Masks `record` in place (the handler's reply is its own fresh objects). */
function maskRecord(record: Record<string, unknown>, spec: MaskSpec, rules: FieldRules): void {
  if (spec.when && !spec.when(record)) return;
  if (spec.carried) {
    for (const [field, entityField] of Object.entries(spec.carried)) {
      const value = record[field];
      if (typeof value === 'string' || typeof value === 'number') record[field] = maskCarried(rules, spec.entity, entityField, String(value));
    }
    return;
  }
  const masked = applyRules(record, rules, spec.entity);
  for (const key of Object.keys(record)) if (!(key in masked)) delete record[key];
  Object.assign(record, masked);
}

/** Applies `mask` to `payload` for `actor` (in place) and returns it. */
export async function maskReply<T>(db: DbOrTx, actor: Actor, mask: ReplyMask | undefined, payload: T): Promise<T> {
  const specs = masksOf(mask);
  if (specs.length === 0) return payload;
  const records = recordsOf(payload);
  if (records.length === 0) return payload;
  const rules = new Map<MaskModule, FieldRules>();
  for (const entity of new Set(specs.map((s) => s.entity))) rules.set(entity, await rulesFor(db, actor, entity));
  for (const spec of specs) {
    const r = rules.get(spec.entity);
    if (!r || r.size === 0) continue;
    for (const record of records) for (const target of nested(record, spec.at)) maskRecord(target, spec, r);
  }
  return payload;
}

/** The customer's 客户名称 carried as `customerName` by another record (contracts, intake records). */
export const CUSTOMER_NAME_MASK: MaskSpec = { entity: 'customer', carried: { customerName: 'CustomerName' } };
