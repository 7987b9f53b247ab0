/**
 * No duplicate customers (issue #31). A customer whose name or mobile an existing customer already has
 * is refused wherever customers are made: the create form (and a lead's), an edit changing the name or
 * mobile, the batch import (the 公海 import follows the user's duplicate choice instead), a visitor
 * turned into a customer. Names compare as 查重 compares them (`customerNameKey`: full-width/half-width,
 * whitespace and ASCII case ignored; `customers.name_key`, migration 049), mobiles with or without +86,
 * on the customer or on any of its contacts. Merged customers live on in their survivors and do not count.
 *
 * The refusal names the existing customer's owner and department, as 查重 shows them for any match; the
 * customer's own name only to a viewer who may see it (in their data scope or in the public pool, and
 * 客户名称 not masked for them by 字段权限): a number typed in must not reveal whose customer it is.
 *
 * Concurrency: the check and the insert share one transaction, and creations are serialised (a
 * transaction-scoped advisory lock on PostgreSQL; SQLite has one writer), so of two creates of one name
 * at once exactly one wins. A unique index cannot say it: the 公海 import may add duplicates on purpose.
 */
import { sql } from 'kysely';
import { dialectOf, type DbOrTx, type DbTx } from '../../../db/database';
import { customerNameKey } from '../../../db/search-terms';
import { badRequest } from '../../../http/errors';
import type { Actor } from '../../auth/session/actor';
import { loadBranchIndex } from '../../system/branch/branch-index';
import { rulesFor } from '../../system/field-mask/field-mask';
import { CUSTOMER_SCOPE, dataScope } from '../../shared/data-scope';

export { customerNameKey };

/** The ways one mobile is written: 13812345678, 8613812345678, +8613812345678. Other numbers as typed. */
export function phoneVariants(mobile: string): string[] {
  const m = /^(?:\+?86)?(1[3-9]\d{9})$/.exec(mobile);
  if (m) return [m[1], `86${m[1]}`, `+86${m[1]}`];
  return mobile === '' ? [] : [mobile];
}

/** A mobile's comparable form ('' for none). */
export const phoneKey = (mobile: string): string => phoneVariants(mobile)[0] ?? '';

/** Key of the advisory lock serialising customer creations on PostgreSQL ('cust'). */
const CREATE_LOCK = 0x63757374;

/** Serialises the transactions that create customers (or give one a new name or mobile); call before the check. */
export async function lockCustomerCreation(tx: DbTx): Promise<void> {
  if (dialectOf(tx) === 'postgres') await sql`select pg_advisory_xact_lock(${CREATE_LOCK})`.execute(tx);
}

export type ExistingCustomer = {
  id: number;
  customer_name: string;
  gonghai: number;
  blacklisted: number;
  owner_name: string | null;
  branch_name: string | null;
  /** Whether the viewer may read its name (data scope or pool, and 客户名称 not masked for them). */
  nameShown: boolean;
};

/** Existing customers by name key and by mobile key. */
export type ExistingMatches = { byName: Map<string, ExistingCustomer>; byMobile: Map<string, ExistingCustomer> };

const LOOKUP_CHUNK = 500;

async function inChunks<V, T>(values: V[], query: (chunk: V[]) => Promise<T[]>): Promise<T[]> {
  const out: T[] = [];
  const unique = [...new Set(values)];
  for (let i = 0; i < unique.length; i += LOOKUP_CHUNK) out.push(...(await query(unique.slice(i, i + LOOKUP_CHUNK))));
  return out;
}

/**
 * The existing customers (merged ones left out, `exceptId` too) whose name key is one of `names`' or
 * whose mobile, or a contact's, is one of `mobiles`, as `actor` may be told about them. A blacklisted
 * match is preferred for a key (it refuses more strictly).
 */
export async function findExistingCustomers(db: DbOrTx, actor: Actor, names: string[], mobiles: string[], exceptId?: number): Promise<ExistingMatches> {
  const nameKeys = names.map(customerNameKey).filter((k) => k !== '');
  const phones = mobiles.flatMap(phoneVariants);
  const byNameRows = await inChunks(nameKeys, (chunk) =>
    db.selectFrom('customers').select(['id', 'name_key']).where('name_key', 'in', chunk).where('merged_into', 'is', null).execute(),
  );
  const byMobileRows = [
    ...(await inChunks(phones, (chunk) =>
      db.selectFrom('customers').select(['id', 'contact_mobile as mobile']).where('contact_mobile', 'in', chunk).where('merged_into', 'is', null).execute(),
    )),
    ...(await inChunks(phones, (chunk) => db.selectFrom('contacts').select(['customer_id as id', 'mobile']).where('mobile', 'in', chunk).execute())),
  ];
  const ids = [...new Set([...byNameRows, ...byMobileRows].map((r) => r.id))].filter((id) => id !== exceptId);
  const matches: ExistingMatches = { byName: new Map(), byMobile: new Map() };
  if (ids.length === 0) return matches;

  const rows = (
    await inChunks(ids, (chunk) =>
      db
        .selectFrom('customers as c')
        .leftJoin('users as u', 'u.id', 'c.owner_id')
        .leftJoin('branches as b', 'b.id', 'c.branch_id')
        .select(['c.id', 'c.customer_name', 'c.gonghai', 'c.blacklisted', 'u.nick_name as owner_name', 'b.name as branch_name'])
        .where('c.id', 'in', chunk)
        .where('c.merged_into', 'is', null)
        .execute(),
    )
  ).sort((a, b) => a.id - b.id);
  const branches = await loadBranchIndex(db);
  const inScope = new Set(
    (
      await inChunks(
        rows.map((r) => r.id),
        (chunk) =>
          db
            .selectFrom('customers as c')
            .select('c.id')
            .where('c.id', 'in', chunk)
            .where(dataScope(CUSTOMER_SCOPE, actor, 'all', branches))
            .execute(),
      )
    ).map((r) => r.id),
  );
  const nameReadable = !(await rulesFor(db, actor, 'customer')).has('CustomerName');
  const byId = new Map(rows.map((r) => [r.id, { ...r, nameShown: nameReadable && (r.gonghai === 1 || inScope.has(r.id)) }]));
  const put = (map: Map<string, ExistingCustomer>, key: string, id: number) => {
    const found = byId.get(id);
    if (!found || key === '') return;
    const current = map.get(key);
    if (!current || (found.blacklisted === 1 && current.blacklisted !== 1)) map.set(key, found);
  };
  for (const r of byNameRows) put(matches.byName, r.name_key, r.id);
  for (const r of byMobileRows) put(matches.byMobile, phoneKey(r.mobile), r.id);
  return matches;
}

/** 负责人：赵强，销售一部 / 在公海中 / 待分配. */
function ownerText(c: ExistingCustomer): string {
  if (c.gonghai === 1) return '在公海中';
  if (!c.owner_name) return c.branch_name ? `待分配，${c.branch_name}` : '待分配';
  return `负责人：${c.owner_name}${c.branch_name ? `，${c.branch_name}` : ''}`;
}

export const msgNameExists = (name: string, c: ExistingCustomer): string => `客户名称“${name}”已存在（${ownerText(c)}）`;
export const msgMobileExists = (c: ExistingCustomer): string =>
  c.nameShown ? `手机号码已被客户“${c.customer_name}”使用（${ownerText(c)}）` : `手机号码已被其他客户使用（${ownerText(c)}）`;
export const msgBlacklisted = (name: string, c: ExistingCustomer, byName: boolean): string =>
  byName ? `客户“${name}”已在黑名单中，不能添加` : c.nameShown ? `客户“${c.customer_name}”已在黑名单中，不能添加` : '该手机号码的客户已在黑名单中，不能添加';
const REFUSED = '，不能重复添加';

/**
 * Refuses a customer (new, or edited to this name or mobile) that duplicates an existing one, or whose
 * name or mobile is on the blacklist. `exceptId`: the customer being edited. Takes the creation lock.
 */
export async function assertNoDuplicateCustomer(tx: DbTx, actor: Actor, name: string, mobile: string, exceptId?: number): Promise<void> {
  await lockCustomerCreation(tx);
  const found = await findExistingCustomers(tx, actor, [name], mobile ? [mobile] : [], exceptId);
  const byName = found.byName.get(customerNameKey(name));
  const byMobile = mobile ? found.byMobile.get(phoneKey(mobile)) : undefined;
  if (byName?.blacklisted === 1) throw badRequest(msgBlacklisted(name, byName, true));
  if (byMobile?.blacklisted === 1) throw badRequest(msgBlacklisted(name, byMobile, false));
  if (byName) throw badRequest(msgNameExists(name, byName) + REFUSED);
  if (byMobile) throw badRequest(msgMobileExists(byMobile) + REFUSED);
}
