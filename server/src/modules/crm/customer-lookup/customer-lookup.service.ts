/**
 * 客户查询 (crm/customer/search, no login).
 *
 * The public search answers only for an exact full customer name or full phone number: whether the
 * customer exists, its owner masked (张*) and department, whether it is in the pool or blacklisted,
 * and the date of the last follow-up; never contact data. Each IP may search a few times a minute
 * (throttle_counters); every search is logged. A logged-in user within scope gets the fuller row.
 */
import type { AppContext } from '../../../app-context';
import { badRequest, tooManyRequests } from '../../../http/errors';
import { formatShanghai } from '../../../lib/time';
import type { Actor } from '../../auth/session/actor';
import { countAttempt } from '../../auth/session/login-throttle';
import { loadBranchIndex } from '../../system/branch/branch-index';
import { visibleCustomerCondition } from '../customer/customer-access';
import { memberPoolIds } from '../pool/public-pools';
import { applyRules, NO_RULES, rulesFor } from '../../system/field-mask/field-mask';

export const PUBLIC_SEARCH_LIMIT = { windowMinutes: 1, max: 10 } as const;
export const MSG_SEARCH_THROTTLED = '查询过于频繁，请一分钟后再试';
export const MSG_SEARCH_EXACT = '请输入完整的客户名称或手机号码';

/** 张伟 → 张*, 欧阳娜娜 → 欧***. */
export function maskName(name: string): string {
  const chars = [...name];
  return chars.length === 0 ? '' : chars[0] + '*'.repeat(Math.max(1, chars.length - 1));
}

type SearchRow = {
  exists: boolean;
  owner: string;
  department: string;
  inPool: boolean;
  blacklisted: boolean;
  lastFollowup: string;
  id?: number;
  CustomerName?: string;
  contact_name?: string;
  contact_mobile?: string;
};

export async function publicSearch(ctx: AppContext, actor: Actor | null, ip: string, key: string): Promise<SearchRow[]> {
  const count = await countAttempt(ctx, { key: `public-search:${ip}`, kind: 'public-search', ip }, PUBLIC_SEARCH_LIMIT.windowMinutes);
  if (count > PUBLIC_SEARCH_LIMIT.max) throw tooManyRequests(MSG_SEARCH_THROTTLED);
  const isPhone = /^[0-9+\-]{7,20}$/.test(key);
  if (!isPhone && [...key].length < 2) throw badRequest(MSG_SEARCH_EXACT);
  // Exact, indexed matches only (customers_name, customers_mobile, contacts_mobile).
  let q = ctx.db
    .selectFrom('customers as c')
    .leftJoin('users as u', 'u.id', 'c.owner_id')
    .leftJoin('branches as b', 'b.id', 'c.branch_id')
    .select([
      'c.id',
      'c.customer_name',
      'c.contact_name',
      'c.contact_mobile',
      'c.gonghai',
      'c.blacklisted',
      'c.genjin_time',
      'u.nick_name',
      'b.name as branch_name',
    ])
    .where('c.clue', 'in', [1, 2, 3])
    .where('c.merged_into', 'is', null);
  q = isPhone
    ? q.where((eb) => eb.or([eb('c.contact_mobile', '=', key), eb('c.id', 'in', eb.selectFrom('contacts').select('customer_id').where('mobile', '=', key))]))
    : q.where('c.customer_name', '=', key);
  const rows = await q.orderBy('c.id').limit(5).execute();
  let visible = new Set<number>();
  if (actor && rows.length > 0) {
    const branches = await loadBranchIndex(ctx.db);
    const pools = await memberPoolIds(ctx.db, actor, branches);
    const v = await ctx.db
      .selectFrom('customers as c')
      .select('c.id')
      .where(
        'c.id',
        'in',
        rows.map((r) => r.id),
      )
      .where(visibleCustomerCondition(actor, branches, pools))
      .execute();
    visible = new Set(v.map((r) => r.id));
  }
  // 字段权限: the fuller row a logged-in user gets is masked as in the list (the search itself is exact).
  const masks = actor && visible.size > 0 ? await rulesFor(ctx.db, actor, 'customer') : NO_RULES;
  await ctx.db
    .insertInto('customer_search_logs')
    .values({ ip: ip.slice(0, 64), user_id: actor?.userId ?? null, query: key.slice(0, 100), found: rows.length, created_at: ctx.clock().toISOString() })
    .execute();
  return rows.map((r) => {
    const base: SearchRow = {
      exists: true,
      owner: r.gonghai === 1 ? '' : maskName(r.nick_name ?? ''),
      department: r.gonghai === 1 ? '' : (r.branch_name ?? ''),
      inPool: r.gonghai === 1,
      blacklisted: r.blacklisted === 1,
      lastFollowup: formatShanghai(r.genjin_time).slice(0, 10),
    };
    if (!visible.has(r.id)) return base;
    return applyRules(
      { ...base, owner: r.nick_name ?? '', id: r.id, CustomerName: r.customer_name, contact_name: r.contact_name, contact_mobile: r.contact_mobile },
      masks,
      'customer',
    );
  });
}
