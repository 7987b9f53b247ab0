/** The customer lists (我的客户 and the other views): the page, its count and the user's pins first. */
import type { AppContext } from '../../../app-context';
import { sql } from 'kysely';
import type { DbOrTx } from '../../../db/database';
import { badRequest } from '../../../http/errors';
import type { ListReply } from '../../../http/envelope';
import type { Actor } from '../../auth/session/actor';
import { loadBranchIndex, type BranchIndex } from '../../system/branch/branch-index';
import { type OwnPart } from '../../shared/data-scope';
import { exactFields, FEW_MATCHES, indexMatches, keyedList, searchCondition, searchJoin } from './customer-search';
import { NO_RULES, rulesFor, type FieldRules } from '../../system/field-mask/field-mask';
import { containsAny } from '../../shared/contains-search';
import { COUNT_CAP, countCapped, countCappedWithIds, countIdsCapped, type CappedIds } from '../../../db/count';
import { DEFAULT_POOL_RULES, poolRules, type PoolRules } from '../pool/pool-rules';
import { ownerRules, poolScope, type OwnerRules, type PoolScope } from '../pool/public-pools';
import { CUSTOMER_VIEWS, listTokens, soonInPoolCondition, VIEW_PRESETS } from './customer-views';
import { countPlan, pagePlan } from './customer-list-plan';
import { SORT_COLUMNS, type CustomerListQuery, type CustomerRow } from './customer.types';
import { customerRows, personalMarks, toRow, type RowExtras } from './customer.service';

/** A user's pins are few: the most that float to the top of a list. */
export const PIN_MAX = 50;

/**
 * A customer list (one of the views of customer-views.ts): the view's preset and scene, filters and
 * key in the database, one indexed count (capped at COUNT_CAP), the user's pinned customers first (a short index range on
 * customer_pins), one page query for the rest, then the names joined for just that page. Which count
 * and which page query: customer-list-plan.ts (countPlan before counting, pagePlan after).
 */
export async function listCustomers(ctx: AppContext, actor: Actor, q: CustomerListQuery): Promise<ListReply<CustomerRow>> {
  // Independent lookups, at once: on PostgreSQL each is a round trip on its own connection.
  const [branches, rules, masks, departed] = await Promise.all([
    loadBranchIndex(ctx.db),
    poolRules(ctx.db),
    rulesFor(ctx.db, actor, 'customer'),
    departedStaff(ctx.db, q.view),
  ]);
  const exact = exactFields(masks);
  const now = ctx.clock();
  const [owners, pools] = await Promise.all([ownerRules(ctx.db, rules), poolScope(ctx.db, actor, q, branches)]);
  const unkeyed = filteredCustomers(ctx, actor, q, branches, rules, departed, pools, owners, masks);
  // SQLite: the search index read once for the key: a rare key's few ids then serve the count and the
  // page (customer-search.ts indexMatches), a frequent key's share of the table chooses the plans.
  const matches = q.key ? await indexMatches(ctx.db, ctx.dialect, q.key) : null;
  const matched = matches && 'ids' in matches ? matches.ids : undefined;
  const share = matches && 'share' in matches ? matches.share : 0;
  // What the search index offers for the key (query builders, no reads): the view's list tokens, the match set as a join.
  const tokens = q.key ? listTokens(q.view, actor, q.scene, branches) : null;
  const tokensAnswer = tokens && q.key ? keyedList(ctx.dialect, q.key, tokens, exact) : null;
  const join = q.key ? searchJoin(ctx.dialect, q.key, exact) : null;
  const unfiltered = Object.values(q.filters).every((v) => v === undefined);
  const plan = countPlan({
    dialect: ctx.dialect,
    view: q.view,
    scene: q.scene,
    dataScope: actor.dataScope,
    hasKey: Boolean(q.key),
    unfiltered,
    soon: Boolean(q.filters.soon),
    rareKeyIds: matched !== undefined,
    share,
    listTokensAnswer: tokensAnswer !== null,
    matchSetJoin: join !== null,
  });
  const keyed = plan.strategy === 'list-tokens' ? tokensAnswer : null;
  let base = unkeyed;
  if (q.key) base = base.where(searchCondition(ctx.dialect, q.key, 'drive', exact, matched));

  // Counted up to COUNT_CAP: beyond it the list says 10000+ and pages within them (customer-list-plan.ts).
  let countBase = base;
  if (q.key && join && plan.strategy === 'owner-rows-probe') countBase = unkeyed.where(searchCondition(ctx.dialect, q.key, 'probe', exact));
  if (join && plan.strategy === 'match-set-join')
    countBase = (join.rest ? unkeyed.where(join.rest) : unkeyed).innerJoin(join.ids.as('m'), (j) => j.onRef('m.id', '=', 'c.id'));
  const counting = keyed
    ? countIdsCapped(ctx.db, ctx.dialect, keyed.ids, FEW_MATCHES)
    : countList(ctx, q, plan.halves, countBase, (part) => {
        const half = filteredCustomers(ctx, actor, q, branches, rules, departed, pools, owners, masks, false, part);
        // The participating half is driven by the user's few participations; through the 2-character
        // window index the planner computed every candidate's windows again (sales 科技: 46 → 18 ms).
        return q.key ? half.where(searchCondition(ctx.dialect, q.key, part === 'participating' ? 'probe' : 'drive', exact, matched)) : half;
      });
  // Asked beside the count (on PostgreSQL each on its own connection): whether the user pins anything
  // (most do not: one indexed probe of customer_pins spares the list's conditions a second evaluation;
  // on SQLite a search key's match set was built again for it: 15–30 ms for a frequent key at 1,000,000
  // customers), and the highest id, which the page's plan takes as the table's size.
  const [{ total, capped, ids: listed }, pinsAny, maxId] = await Promise.all([
    counting,
    ctx.db.selectFrom('customer_pins').select('customer_id').where('user_id', '=', actor.userId).limit(1).executeTakeFirst(),
    highestId(ctx),
  ]);
  const counted = capped ? { total, totalCapped: true } : { total };
  const page = pagePlan({
    dialect: ctx.dialect,
    dataScope: actor.dataScope,
    hasKey: Boolean(q.key),
    soon: Boolean(q.filters.soon),
    share,
    page: q.page,
    rows: q.rows,
    total,
    capped,
    listedIds: Boolean(listed),
    maxId,
    counted: plan.strategy,
  });
  if (page.rows === 'none') return { rows: [], ...counted };
  // A key's few matches, handed back by the count: the pins and the page read them by id instead of
  // evaluating the key again (PostgreSQL, 13856: its trigram index, ~10 ms, and a sort of the 566).
  if (listed) base = unkeyed.where('c.id', 'in', listed);

  // Pinned first: the user's pins that match, newest pin first.
  const pinnedIds = !pinsAny
    ? []
    : (
        await base
          .innerJoin('customer_pins as p', (j) => j.onRef('p.customer_id', '=', 'c.id').on('p.user_id', '=', actor.userId))
          .select('c.id')
          .orderBy('p.pinned_at', 'desc')
          .limit(PIN_MAX)
          .execute()
      ).map((r) => r.id);
  const start = (q.page - 1) * q.rows;
  const fromPins = pinnedIds.slice(start, start + q.rows);
  const wanted = q.rows - fromPins.length;

  let restIds: number[] = [];
  if (wanted > 0) {
    let pageQuery = base;
    if (keyed && page.tokensAccess) pageQuery = ctx.db.selectFrom('customers as c').where('c.gonghai', '=', 0).where(keyed.condition(page.tokensAccess));
    else if (page.rows === 'sort-index-walk') {
      const inOrder = page.scanInSortOrder ? filteredCustomers(ctx, actor, q, branches, rules, departed, pools, owners, masks, true) : unkeyed;
      pageQuery = q.key && page.keyAccess ? inOrder.where(searchCondition(ctx.dialect, q.key, page.keyAccess, exact)) : inOrder;
    }
    if (pinnedIds.length > 0) pageQuery = pageQuery.where('c.id', 'not in', pinnedIds);
    // Deferred join: pick the page's ids on the narrow indexed query, then fetch the rows with names.
    restIds = (
      await pageQuery
        .select('c.id')
        .orderBy(page.sortAsExpression ? sql`${sql.ref(SORT_COLUMNS[q.sort])} || ''` : sql.ref(SORT_COLUMNS[q.sort]), q.order)
        .orderBy('c.id', q.order)
        .limit(wanted)
        .offset(Math.max(0, start - pinnedIds.length))
        .execute()
    ).map((r) => r.id);
  }
  const ids = [...fromPins, ...restIds];
  if (ids.length === 0) return { rows: [], ...counted };
  const [rows, marks] = await Promise.all([customerRows(ctx.db).where('c.id', 'in', ids).execute(), personalMarks(ctx.db, actor.userId, ids)]);
  const extras: RowExtras = { ...marks, rules, now, rulesFor: owners.rulesFor };
  const byId = new Map(rows.map((r) => [r.id, toRow(r, extras)]));
  return { rows: ids.map((id) => byId.get(id)).filter((r): r is CustomerRow => r !== undefined), ...counted };
}

/** Customers `c` of the query's view for the actor, its scene and filters (the key is left to the caller): the list and the export share it. */
export function filteredCustomers(
  ctx: AppContext,
  actor: Actor,
  q: CustomerListQuery,
  branches: BranchIndex,
  rules: PoolRules = DEFAULT_POOL_RULES,
  departed: readonly number[] = [],
  pools: PoolScope = { member: [] },
  owners?: OwnerRules,
  masks: FieldRules = NO_RULES,
  scanInSortOrder = false,
  ownPart?: OwnPart,
) {
  const view = CUSTOMER_VIEWS[q.view];
  if (!view.scenes.includes(q.scene)) throw badRequest('场景参数不正确');
  const now = ctx.clock();
  let base = ctx.db.selectFrom('customers as c');
  for (const condition of VIEW_PRESETS[q.view]({ actor, branches, rules, now, departed, pools, scanInSortOrder, ownPart, dialect: ctx.dialect }, q.scene))
    base = base.where(condition);
  if (q.filters.level) base = base.where('c.level', '=', q.filters.level);
  if (q.filters.laiYuan) base = base.where('c.lai_yuan', '=', q.filters.laiYuan);
  if (q.filters.clue) base = base.where('c.clue', '=', q.filters.clue);
  if (q.filters.days) base = base.where('c.created_at', '>=', new Date(now.getTime() - q.filters.days * 86400_000).toISOString());
  if (q.filters.soon) base = base.where(soonInPoolCondition(rules, now, owners?.groups, ctx.dialect));
  if (q.filters.watched) base = base.where('c.id', 'in', (eb) => eb.selectFrom('customer_watches').select('customer_id').where('user_id', '=', actor.userId));
  const texts = [
    ['c.customer_name', 'CustomerName', q.filters.name],
    ['c.contact_name', 'contact_name', q.filters.contactName],
    ['c.contact_mobile', 'contact_mobile', q.filters.mobile],
    ['c.industry', 'industry', q.filters.industry],
    ['c.address', 'address', q.filters.address],
  ] as const;
  // A field masked or hidden for the viewer matches only its full value (字段权限).
  for (const [column, field, value] of texts)
    if (value) base = base.where(masks.has(field) ? (eb) => eb(column, '=', value) : containsAny(ctx.dialect, [column], value));
  if (q.filters.branchId) {
    if (!branches.get(q.filters.branchId)) throw badRequest('部门不存在');
    base = base.where('c.branch_id', 'in', branches.subtreeIds(q.filters.branchId));
  }
  return base;
}

/** The capped count: the whole list, or (plan `halves`, customer-list-plan.ts) the owned customers, then the participating ones. */
async function countList(
  ctx: AppContext,
  q: CustomerListQuery,
  halves: boolean,
  whole: Parameters<typeof countCapped>[1],
  half: (part: OwnPart) => Parameters<typeof countCapped>[1],
): Promise<CappedIds> {
  // With a key, the count hands back the ids of few matches (listCustomers pages them by id).
  const count = (query: Parameters<typeof countCapped>[1], cap = COUNT_CAP): Promise<CappedIds> =>
    q.key ? countCappedWithIds(ctx.db, ctx.dialect, query, 'c.id', FEW_MATCHES, cap) : countCapped(ctx.db, query, cap).then((c) => ({ ...c, ids: null }));
  if (!halves) return count(whole);
  const owned = await count(half('owned'));
  if (owned.capped) return owned;
  const rest = await count(half('participating'), COUNT_CAP - owned.total);
  return { total: owned.total + rest.total, capped: rest.capped, ids: owned.ids && rest.ids ? [...owned.ids, ...rest.ids] : null };
}

/** The departed staff's ids (few), for the 离职员工客户 view only. */
export async function departedStaff(db: DbOrTx, view: CustomerListQuery['view']): Promise<number[]> {
  if (view !== 'lizhi') return [];
  return (await db.selectFrom('users').select('id').where('quit_status', '<>', 0).execute()).map((u) => u.id);
}

/** The highest customer id: the walks' estimates take it (or the matches, if more) as the table's size. */
async function highestId(ctx: AppContext): Promise<number> {
  const row = await ctx.db
    .selectFrom('customers')
    .select((eb) => eb.fn.max('id').as('maxId'))
    .executeTakeFirst();
  return Number(row?.maxId ?? 0);
}
