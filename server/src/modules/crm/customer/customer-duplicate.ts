/**
 * 查重 before creating a customer: existing customers whose name contains the given name, or whose
 * mobile, WeChat or QQ (on the customer or any of its contacts) equals the given one. It looks across
 * all customers, because its point is to find the ones owned by others; outside the user's scope it
 * shows only the name, the owner and the created time, with the mobile masked.
 */
import { sql, type SqlBool } from 'kysely';
import type { AppContext } from '../../../app-context';
import { formatShanghai } from '../../../lib/time';
import type { Actor } from '../../auth/session/actor';
import { CUSTOMER_SCOPE, dataScope } from '../../shared/data-scope';
import { loadBranchIndex } from '../../system/branch/branch-index';
import { containsAny } from '../../shared/contains-search';
import { searchCondition } from './customer-search';

export const DUPLICATE_LIMIT = 50;
export const MSG_DUPLICATE_CRITERIA = '请输入客户名称、手机号码、微信或QQ';

export type DuplicateQuery = { name: string; mobile: string; wechat: string; qq: string };

export type DuplicateRow = {
  id: number;
  CustomerName: string;
  contact_name: string;
  contact_mobile: string;
  UserName: string;
  AddTime: string;
  /** 1: in the public pool. */
  gonghai: number;
  /** Whether the user may open the customer (within the data scope, or in the public pool). */
  visible: boolean;
};

/** 138****8000: enough to recognise a number, not enough to call it. */
export function maskMobile(mobile: string): string {
  return mobile.length >= 7 ? `${mobile.slice(0, 3)}****${mobile.slice(-4)}` : '****';
}

export async function findDuplicateCustomers(ctx: AppContext, actor: Actor, q: DuplicateQuery): Promise<DuplicateRow[]> {
  const db = ctx.db;
  // One indexed lookup per criterion, then the union: an OR across tables would scan customers.
  const lookups: Promise<{ id: number }[]>[] = [];
  const contactWith = (column: 'mobile' | 'wechat' | 'qq', value: string) =>
    db.selectFrom('contacts').select('customer_id as id').where(column, '=', value).limit(DUPLICATE_LIMIT).execute();
  if (q.name) {
    const nameMatch = containsAny(ctx.dialect, ['c.customer_name'], q.name);
    // SQLite: the search index narrows to candidates first; PostgreSQL's trigram index serves ILIKE.
    const condition = ctx.dialect === 'sqlite' ? sql<SqlBool>`(${searchCondition(ctx.dialect, q.name)} and ${nameMatch})` : nameMatch;
    lookups.push(db.selectFrom('customers as c').select('c.id').where(condition).orderBy('c.created_at', 'desc').limit(DUPLICATE_LIMIT).execute());
  }
  if (q.mobile) {
    lookups.push(db.selectFrom('customers').select('id').where('contact_mobile', '=', q.mobile).limit(DUPLICATE_LIMIT).execute());
    lookups.push(contactWith('mobile', q.mobile));
  }
  if (q.wechat) lookups.push(contactWith('wechat', q.wechat));
  if (q.qq) lookups.push(contactWith('qq', q.qq));
  const ids = [...new Set((await Promise.all(lookups)).flat().map((r) => r.id))];
  if (ids.length === 0) return [];

  const rows = await db
    .selectFrom('customers as c')
    .leftJoin('users as u', 'u.id', 'c.owner_id')
    .select(['c.id', 'c.customer_name', 'c.contact_name', 'c.contact_mobile', 'c.created_at', 'c.gonghai', 'u.nick_name'])
    .where('c.id', 'in', ids)
    .orderBy('c.created_at', 'desc')
    .orderBy('c.id', 'desc')
    .limit(DUPLICATE_LIMIT)
    .execute();
  if (rows.length === 0) return [];

  const branches = await loadBranchIndex(ctx.db);
  const inScope = new Set(
    (
      await ctx.db
        .selectFrom('customers as c')
        .select('c.id')
        .where(
          'c.id',
          'in',
          rows.map((r) => r.id),
        )
        .where(dataScope(CUSTOMER_SCOPE, actor, 'all', branches))
        .execute()
    ).map((r) => r.id),
  );
  return rows.map((r) => {
    const visible = r.gonghai === 1 || inScope.has(r.id);
    return {
      id: r.id,
      CustomerName: r.customer_name,
      contact_name: visible ? r.contact_name : '',
      contact_mobile: visible ? r.contact_mobile : maskMobile(r.contact_mobile),
      UserName: r.nick_name ?? '',
      AddTime: formatShanghai(r.created_at),
      gonghai: r.gonghai,
      visible,
    };
  });
}
