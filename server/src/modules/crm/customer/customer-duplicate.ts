/**
 * 查重 before creating a customer: existing customers whose mobile (+86 alike), WeChat or QQ (on the
 * customer or any of its contacts) equals the given one, or whose name equals it (compared as creating
 * compares names: customer-uniqueness.ts, so 查重 finds what creating refuses), across all customers, because
 * its point is to find the ones owned by others; a name also matches in part among the customers the
 * user may open (own scope and the public pool). Outside the user's scope a match says only that it
 * exists, who owns it and in which department: no name, no contact, no (masked) number, no id, and
 * only for full values, so digits cannot be guessed one position at a time (issue #12). Each user may
 * run a limited number of checks (DUPLICATE_LIMITS).
 */
import { sql, type SqlBool } from 'kysely';
import type { AppContext } from '../../../app-context';
import { badRequest, tooManyRequests } from '../../../http/errors';
import { formatShanghai } from '../../../lib/time';
import type { Actor } from '../../auth/session/actor';
import { countAttempt } from '../../auth/session/login-throttle';
import { CUSTOMER_SCOPE, dataScope } from '../../shared/data-scope';
import { visibleCustomerCondition } from './customer-access';
import { memberPoolIds } from '../pool/public-pools';
import { loadBranchIndex } from '../../system/branch/branch-index';
import { containsAny } from '../../shared/contains-search';
import { searchCondition } from './customer-search';
import { rulesFor } from '../../system/field-mask/field-mask';
import { customerNameKey, phoneVariants } from './customer-uniqueness';

export const DUPLICATE_LIMIT = 50;
export const MSG_DUPLICATE_CRITERIA = '请输入客户名称、手机号码、微信或QQ';

export type DuplicateQuery = { name: string; mobile: string; wechat: string; qq: string };

/** Checks per user: a burst limit and a daily one (a mobile's hidden 4 digits take 10,000 tries). */
export const DUPLICATE_LIMITS = { burst: { windowMinutes: 10, max: 30 }, daily: { windowMinutes: 24 * 60, max: 300 } } as const;
export const MSG_DUPLICATE_THROTTLED = '查重过于频繁，请稍后再试';

export type DuplicateRow = {
  /** The customer's id when the user may open it; a negative row number otherwise. */
  id: number;
  CustomerName: string;
  contact_name: string;
  contact_mobile: string;
  UserName: string;
  /** The owner's department. */
  BranchName: string;
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

async function assertDuplicateRate(ctx: AppContext, actor: Actor): Promise<void> {
  for (const [name, limit] of Object.entries(DUPLICATE_LIMITS)) {
    const count = await countAttempt(ctx, { key: `duplicate-${name}:${actor.userId}`, kind: 'duplicate' }, limit.windowMinutes);
    if (count > limit.max) throw tooManyRequests(MSG_DUPLICATE_THROTTLED);
  }
}

export async function findDuplicateCustomers(ctx: AppContext, actor: Actor, q: DuplicateQuery): Promise<DuplicateRow[]> {
  if (!q.name && !q.mobile && !q.wechat && !q.qq) throw badRequest(MSG_DUPLICATE_CRITERIA);
  await assertDuplicateRate(ctx, actor);
  const db = ctx.db;
  const branches = await loadBranchIndex(ctx.db);
  // 字段权限: a name the user sees masked or hidden is found only by its full value; phones, WeChat and
  // QQ are always matched in full. Rows come back masked as in the list.
  const masks = await rulesFor(ctx.db, actor, 'customer');
  const pools = await memberPoolIds(ctx.db, actor, branches);
  // One indexed lookup per criterion, then the union: an OR across tables would scan customers.
  const lookups: Promise<{ id: number }[]>[] = [];
  const contactWith = (column: 'mobile' | 'wechat' | 'qq', values: string[]) =>
    db.selectFrom('contacts').select('customer_id as id').where(column, 'in', values).limit(DUPLICATE_LIMIT).execute();
  // The full name as creating compares it (customer-uniqueness.ts): full-width/half-width, spaces and case ignored.
  const fullName = () => db.selectFrom('customers as c').select('c.id').where('c.name_key', '=', customerNameKey(q.name)).limit(DUPLICATE_LIMIT).execute();
  if (q.name && masks.has('CustomerName')) {
    lookups.push(fullName());
  } else if (q.name) {
    const nameMatch = containsAny(ctx.dialect, ['c.customer_name'], q.name);
    // SQLite: the search index narrows to candidates first; PostgreSQL's trigram index serves ILIKE.
    const condition = ctx.dialect === 'sqlite' ? sql<SqlBool>`(${searchCondition(ctx.dialect, q.name)} and ${nameMatch})` : nameMatch;
    // In part among the customers the user may open; the full name across all.
    lookups.push(
      db
        .selectFrom('customers as c')
        .select('c.id')
        .where(condition)
        .where(visibleCustomerCondition(actor, branches, pools))
        .orderBy('c.created_at', 'desc')
        .limit(DUPLICATE_LIMIT)
        .execute(),
    );
    lookups.push(fullName());
  }
  if (q.mobile) {
    // With or without +86, as creating compares it.
    const mobiles = phoneVariants(q.mobile);
    lookups.push(db.selectFrom('customers').select('id').where('contact_mobile', 'in', mobiles).limit(DUPLICATE_LIMIT).execute());
    lookups.push(contactWith('mobile', mobiles));
  }
  if (q.wechat) lookups.push(contactWith('wechat', [q.wechat]));
  if (q.qq) lookups.push(contactWith('qq', [q.qq]));
  const ids = [...new Set((await Promise.all(lookups)).flat().map((r) => r.id))];
  if (ids.length === 0) return [];

  const rows = await db
    .selectFrom('customers as c')
    .leftJoin('users as u', 'u.id', 'c.owner_id')
    .leftJoin('branches as b', 'b.id', 'c.branch_id')
    .select(['c.id', 'c.customer_name', 'c.contact_name', 'c.contact_mobile', 'c.created_at', 'c.gonghai', 'u.nick_name', 'b.name as branch_name'])
    .where('c.id', 'in', ids)
    // A merged customer lives on in its survivor (as in the duplicate groups, customer-duplicate-groups.ts).
    .where('c.merged_into', 'is', null)
    .orderBy('c.created_at', 'desc')
    .orderBy('c.id', 'desc')
    .limit(DUPLICATE_LIMIT)
    .execute();
  if (rows.length === 0) return [];

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
  let hidden = 0;
  return rows.map((r) => {
    const visible = r.gonghai === 1 || inScope.has(r.id);
    if (!visible) {
      hidden += 1;
      return {
        id: -hidden,
        CustomerName: '',
        contact_name: '',
        contact_mobile: '',
        UserName: r.nick_name ?? '',
        BranchName: r.branch_name ?? '',
        AddTime: '',
        gonghai: r.gonghai,
        visible,
      };
    }
    return {
      id: r.id,
      CustomerName: r.customer_name,
      contact_name: r.contact_name,
      contact_mobile: r.contact_mobile,
      UserName: r.nick_name ?? '',
      BranchName: r.branch_name ?? '',
      AddTime: formatShanghai(r.created_at),
      gonghai: r.gonghai,
      visible,
    };
  });
}
