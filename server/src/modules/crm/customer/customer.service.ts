import type { AppContext } from '../../../app-context';
import { sql } from 'kysely';
import type { DbOrTx, DbTx } from '../../../db/database';
import { badRequest, notFound } from '../../../http/errors';
import type { ListReply } from '../../../http/envelope';
import { formatShanghai, shanghaiDateStamp } from '../../../lib/time';
import type { Actor } from '../../auth/session/actor';
import { loadBranchIndex, type BranchIndex } from '../../system/branch/branch-index';
import { type OwnPart } from '../../shared/data-scope';
import { exactFields, FEW_MATCHES, indexMatches, keyedList, searchCondition, searchJoin } from './customer-search';
import { isHidden, keepHidden, NO_RULES, rulesFor, type FieldRules } from '../../system/field-mask/field-mask';
import { containsAny } from '../../shared/contains-search';
import { markCustomerSeen, recordAssignment } from './customer-assignment';
import { transact } from '../../../db/transact';
import { COUNT_CAP, countCapped, countCappedWithIds, countIdsCapped, type CappedIds } from '../../../db/count';
import { DEFAULT_POOL_RULES, poolRules, type PoolRules } from '../pool/pool-rules';
import { ownerRules, poolScope, type OwnerRules, type PoolScope } from '../pool/public-pools';
import { CUSTOMER_VIEWS, daysUntilPool, listTokens, soonInPoolCondition, VIEW_PRESETS } from './customer-views';
import { countPlan, pagePlan } from './customer-list-plan';
import { assertNoDuplicateCustomer, customerNameKey, phoneKey } from './customer-uniqueness';
import { customerEditLog, writeLogs } from './customer-log';
import { isPhoneNumber, MSG_BAD_PHONE } from './customer.validation';
import { SORT_COLUMNS, type CustomerDetail, type CustomerInput, type CustomerListQuery, type CustomerRow } from './customer.types';
import { assertNextFollowupAhead } from '../followup/next-followup-time';

export const MSG_CUSTOMER_NOT_FOUND = '客户不存在';

/** `select` from customers `c` with owner, branch, source, previous owner and assignment joined (no N+1). */
export function customerRows(db: DbOrTx) {
  return db
    .selectFrom('customers as c')
    .leftJoin('users as u', 'u.id', 'c.owner_id')
    .leftJoin('branches as b', 'b.id', 'c.branch_id')
    .leftJoin('lead_sources as ls', 'ls.id', 'c.lai_yuan')
    .leftJoin('users as pu', 'pu.id', 'c.previous_owner_id')
    .leftJoin('customer_assignments as ca', 'ca.customer_id', 'c.id')
    .leftJoin('users as au', 'au.id', 'ca.assigned_by')
    .select([
      'c.id',
      'c.code',
      'c.customer_name',
      'c.contact_name',
      'c.contact_mobile',
      'c.lai_yuan',
      'ls.name as lai_yuan_name',
      'c.level',
      'c.industry',
      'c.address',
      'c.beizhu',
      'c.owner_id',
      'u.nick_name as owner_name',
      'b.name as branch_name',
      'c.created_at',
      'c.updated_at',
      'c.genjin_time',
      'c.next_genjin_time',
      'c.clue',
      'c.gonghai',
      'c.is_top',
      'c.watch_user_id',
      'c.blacklisted',
      'c.black_reason',
      'c.pool_reason',
      'c.pool_at',
      'c.pool_id',
      'c.locked',
      'c.close_reason',
      'c.owned_at',
      'pu.nick_name as previous_owner_name',
      'ca.user_id as assigned_to',
      'ca.assigned_at',
      'ca.seen as assignment_seen',
      'au.nick_name as assigned_by_name',
    ]);
}

type RawCustomerRow = Awaited<ReturnType<ReturnType<typeof customerRows>['executeTakeFirstOrThrow']>>;

/** What a row says about the requesting user and the rules in force. */
/** `rulesFor`: an owner's rules when their pool has its own recycling days (public-pools.ts `ownerRules`). */
export type RowExtras = {
  pinned: ReadonlySet<number>;
  watched: ReadonlySet<number>;
  rules: PoolRules;
  now: Date;
  rulesFor?: (owner: number | null) => PoolRules;
};

const DAY_MS = 86400_000;

export function toRow(r: RawCustomerRow, extras?: RowExtras): CustomerRow {
  const mineAssigned = r.assigned_to !== null && r.assigned_to === r.owner_id;
  return {
    id: r.id,
    code: r.code ?? '',
    CustomerName: r.customer_name,
    contact_name: r.contact_name,
    contact_mobile: r.contact_mobile,
    LaiYuan: r.lai_yuan,
    LaiYuanName: r.lai_yuan_name ?? '',
    level: r.level,
    industry: r.industry,
    address: r.address,
    beizhu: r.beizhu,
    UserID: r.owner_id ?? 0,
    UserName: r.owner_name ?? '',
    BranchName: r.branch_name ?? '',
    AddTime: formatShanghai(r.created_at),
    UpdateTime: formatShanghai(r.updated_at),
    genjinTime: formatShanghai(r.genjin_time),
    nextgenjintime: formatShanghai(r.next_genjin_time),
    clue: r.clue,
    gonghai: r.gonghai,
    isTop: extras?.pinned.has(r.id) ? 1 : 0,
    watchuserid: r.watch_user_id ?? 0,
    watched: extras?.watched.has(r.id) ? 1 : 0,
    blacklisted: r.blacklisted,
    blackReason: r.black_reason,
    poolReason: r.gonghai === 1 ? r.pool_reason : '',
    poolDays: r.gonghai === 1 && r.pool_at && extras ? Math.max(0, Math.floor((extras.now.getTime() - Date.parse(r.pool_at)) / DAY_MS)) : null,
    previousOwner: r.gonghai === 1 ? (r.previous_owner_name ?? '') : '',
    recycleDays: extras ? daysUntilPool(r, extras.rulesFor ? extras.rulesFor(r.owner_id) : extras.rules, extras.now) : null,
    locked: r.locked,
    closeReason: r.close_reason,
    ownedAt: formatShanghai(r.owned_at || (r.owner_id !== null ? r.created_at : '')),
    assignedBy: mineAssigned ? (r.assigned_by_name ?? '') : '',
    assignedAt: mineAssigned ? formatShanghai(r.assigned_at ?? '') : '',
    unseen: mineAssigned && r.assignment_seen === 0 ? 1 : 0,
  };
}

/** Pins and watches of `userId` among `ids` (two primary-key lookups for one page). */
export async function personalMarks(db: DbOrTx, userId: number, ids: number[]): Promise<{ pinned: Set<number>; watched: Set<number> }> {
  if (ids.length === 0) return { pinned: new Set(), watched: new Set() };
  const [pins, watches] = await Promise.all([
    db.selectFrom('customer_pins').select('customer_id').where('user_id', '=', userId).where('customer_id', 'in', ids).execute(),
    db.selectFrom('customer_watches').select('customer_id').where('user_id', '=', userId).where('customer_id', 'in', ids).execute(),
  ]);
  return { pinned: new Set(pins.map((p) => p.customer_id)), watched: new Set(watches.map((w) => w.customer_id)) };
}

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

/** Attachments of a customer are files uploaded with picType 'customer' and modelId = the customer id. */
export const CUSTOMER_FILE_TYPE = 'customer';

export async function viewCustomer(ctx: AppContext, actor: Actor, id: number): Promise<CustomerDetail> {
  const row = await customerRows(ctx.db).where('c.id', '=', id).executeTakeFirst();
  if (!row) throw notFound(MSG_CUSTOMER_NOT_FOUND);
  const [contacts, followups] = await Promise.all([
    ctx.db
      .selectFrom('contacts')
      .select(['id', 'contact_name', 'mobile', 'wechat', 'qq', 'zhiwei', 'sex', 'is_primary'])
      .where('customer_id', '=', id)
      .orderBy('is_primary', 'desc')
      .orderBy('id')
      .execute(),
    ctx.db
      .selectFrom('followups as f')
      .leftJoin('users as u', 'u.id', 'f.created_by')
      .select(['f.id', 'f.genjin_time', 'f.gjtype', 'f.beizhu', 'u.nick_name'])
      .where('f.customer_id', '=', id)
      .orderBy('f.genjin_time', 'desc')
      .orderBy('f.id', 'desc')
      .execute(),
  ]);
  const marks = await personalMarks(ctx.db, actor.userId, [id]);
  const rules = await poolRules(ctx.db);
  const extras: RowExtras = { ...marks, rules, now: ctx.clock(), rulesFor: (await ownerRules(ctx.db, rules)).rulesFor };
  return {
    ...toRow(row, extras),
    contacts: contacts.map((c) => ({
      id: c.id,
      contactName: c.contact_name,
      mobile: c.mobile,
      wechat: c.wechat,
      qq: c.qq,
      zhiwei: c.zhiwei,
      sex: c.sex,
      isPrimary: c.is_primary,
    })),
    followups: followups.map((f) => ({
      id: f.id,
      genjinTime: formatShanghai(f.genjin_time),
      gjtype: f.gjtype,
      beizhu: f.beizhu,
      CretateName: f.nick_name ?? '',
    })),
  };
}

async function assertLeadSource(db: DbOrTx, id: number): Promise<void> {
  const found = await db.selectFrom('lead_sources').select('id').where('id', '=', id).executeTakeFirst();
  if (!found) throw badRequest('客户来源不存在');
}

/** Customer code: KH + Shanghai date + the id, e.g. KH2026112100042. */
/** api/customer/Views: the customer; the owner opening a customer given to them no longer sees it as 再分配 (not yet opened). */
export async function openCustomer(ctx: AppContext, actor: Actor, id: number): Promise<CustomerDetail> {
  const detail = await viewCustomer(ctx, actor, id);
  if (detail.UserID === actor.userId) await markCustomerSeen(ctx, detail.UserID, id);
  return detail;
}

export function customerCode(id: number, at: Date): string {
  return `KH${shanghaiDateStamp(at)}${String(id).padStart(5, '0')}`;
}

/** The columns a user sets through the customer form, for both create and edit. */
function editableColumns(input: CustomerInput) {
  return {
    customer_name: input.customerName,
    contact_name: input.contactName,
    contact_mobile: input.contactMobile,
    lai_yuan: input.laiYuan,
    level: input.level,
    industry: input.industry,
    address: input.address,
    beizhu: input.beizhu,
    next_genjin_time: input.nextGenjinTime,
  };
}

/**
 * The customer form's fields a user must fill (客户名称 always: it cannot be hidden), unless the field
 * is hidden to them (字段权限), then their form leaves it out. Checked after a masked value sent back
 * has been replaced by the stored one.
 */
const REQUIRED_FIELDS = [
  ['CustomerName', 'customerName', '客户名称'],
  ['contact_name', 'contactName', '联系人'],
  ['contact_mobile', 'contactMobile', '手机号码'],
] as const;

function assertRequired(masks: FieldRules, input: CustomerInput): void {
  for (const [field, key, title] of REQUIRED_FIELDS) if (!isHidden(masks, field) && input[key] === '') throw badRequest(`${title}不能为空`);
  if (!isHidden(masks, 'contact_mobile') && !isPhoneNumber(input.contactMobile)) throw badRequest(MSG_BAD_PHONE);
}

/** A new customer from a user to whom some fields are hidden: those are stored empty, whatever was sent. */
function blankHidden(masks: FieldRules, input: CustomerInput): CustomerInput {
  if (masks.size === 0) return input;
  const blank = (field: string, value: string) => (isHidden(masks, field) ? '' : value);
  return {
    ...input,
    contactName: blank('contact_name', input.contactName),
    contactMobile: blank('contact_mobile', input.contactMobile),
    level: blank('level', input.level) as CustomerInput['level'],
    industry: blank('industry', input.industry),
    address: blank('address', input.address),
    beizhu: blank('beizhu', input.beizhu),
  };
}

/** Creates a customer with its primary contact, owned by the actor in the actor's branch. */
export async function createCustomer(ctx: AppContext, actor: Actor, submitted: CustomerInput, clue: 1 | 3 = 1): Promise<number> {
  return ctx.db.transaction().execute(async (tx) => {
    const masks = await rulesFor(tx, actor, 'customer');
    const input = blankHidden(masks, submitted);
    assertRequired(masks, input);
    assertNextFollowupAhead(input.nextGenjinTime, ctx.clock());
    await assertLeadSource(tx, input.laiYuan);
    await assertNoDuplicateCustomer(tx, actor, input.customerName, input.contactMobile);
    const [id] = await insertCustomers(tx, ctx, actor, [input], clue);
    return id;
  });
}

/** Rows per multi-row insert: ~20 bound values a customer stays far below SQLite's and PostgreSQL's limits. */
const INSERT_CHUNK = 200;

/**
 * Inserts validated customers (lead sources checked by the caller) with their primary contacts, codes
 * and search entries, owned by the actor in the actor's branch, inside the caller's transaction.
 * Returns the new ids in input order. Used by the create form (one) and the batch import (many).
 */
/**
 * `pool`: the customers go straight into the public pool (公海 import): no owner, gonghai=1, reason and
 * log 导入公海. Otherwise the actor owns them.
 */
/** The pool reason and log text of customers imported straight into the pool. */
export const POOL_IMPORT_REASON = '导入公海';

export async function insertCustomers(
  tx: DbTx,
  ctx: AppContext,
  actor: Actor,
  inputs: CustomerInput[],
  clue: 1 | 3 = 1,
  placement: { pool?: boolean; poolId?: number | null } = {},
): Promise<number[]> {
  const pool = placement.pool === true;
  const now = ctx.clock();
  const iso = now.toISOString();
  const ids: number[] = [];
  for (let start = 0; start < inputs.length; start += INSERT_CHUNK) {
    const chunk = inputs.slice(start, start + INSERT_CHUNK);
    const inserted = await tx
      .insertInto('customers')
      .values(
        chunk.map((input) => ({
          code: null,
          ...editableColumns(input),
          owner_id: pool ? null : actor.userId,
          branch_id: pool ? null : actor.branchId,
          created_by: actor.userId,
          created_at: iso,
          owned_at: pool ? '' : iso,
          clue: clue,
          updated_at: iso,
          genjin_time: '',
          gonghai: pool ? 1 : 0,
          ...(pool ? { pool_reason: POOL_IMPORT_REASON, pool_at: iso, pool_id: placement.poolId ?? null } : {}),
          is_top: 0,
          watch_user_id: null,
        })),
      )
      .returning('id')
      .execute();
    // One statement hands out ids in VALUES order (SQLite rowids, PostgreSQL's sequence), but the
    // order of RETURNING is unspecified: sorting restores the input order.
    const chunkIds = inserted.map((r) => r.id).sort((a, b) => a - b);
    const codes = chunkIds.map((id) => customerCode(id, now));
    const codeCase = sql<string>`case id ${sql.join(
      chunkIds.map((id, i) => sql`when ${id} then ${codes[i]}`),
      sql` `,
    )} end`;
    await tx.updateTable('customers').set({ code: codeCase }).where('id', 'in', chunkIds).execute();
    await tx
      .insertInto('contacts')
      .values(
        chunk.map((input, i) => ({
          customer_id: chunkIds[i],
          contact_name: input.contactName,
          mobile: input.contactMobile,
          wechat: '',
          qq: '',
          zhiwei: '',
          sex: '',
          is_primary: 1,
          created_at: iso,
        })),
      )
      .execute();
    await writeLogs(
      tx,
      actor.userId,
      iso,
      chunkIds.map((id) => ({ customerId: id, kind: 'create', ext: pool ? POOL_IMPORT_REASON : clue === 3 ? '新建线索' : '新建客户' })),
    );
    ids.push(...chunkIds);
  }
  return ids;
}

/** A field the editor sees masked comes back as its masked text (or empty), a hidden one is ignored: the stored value stays. */
function keepMaskedValues(
  masks: FieldRules,
  input: CustomerInput,
  before: { customer_name: string; contact_name: string; contact_mobile: string; level: string; industry: string; address: string; beizhu: string },
): CustomerInput {
  if (masks.size === 0) return input;
  const keep = (field: string, submitted: string, stored: string) => keepHidden(masks, 'customer', field, submitted, stored);
  return {
    ...input,
    customerName: keep('CustomerName', input.customerName, before.customer_name),
    contactName: keep('contact_name', input.contactName, before.contact_name),
    contactMobile: keep('contact_mobile', input.contactMobile, before.contact_mobile),
    level: keep('level', input.level, before.level) as CustomerInput['level'],
    industry: keep('industry', input.industry, before.industry),
    address: keep('address', input.address, before.address),
    beizhu: keep('beizhu', input.beizhu, before.beizhu),
  };
}

/** Edits a customer within the actor's scope; the primary contact follows the contact fields. */
export async function updateCustomer(ctx: AppContext, actor: Actor, id: number, input: CustomerInput): Promise<void> {
  const iso = ctx.clock().toISOString();
  await transact(ctx, async (tx) => {
    await assertLeadSource(tx, input.laiYuan);
    const before = await tx
      .selectFrom('customers')
      .select(['owner_id', 'customer_name', 'contact_name', 'contact_mobile', 'level', 'industry', 'address', 'beizhu', 'blacklisted', 'next_genjin_time'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const masks = await rulesFor(tx, actor, 'customer');
    input = keepMaskedValues(masks, input, before);
    assertRequired(masks, input);
    assertNextFollowupAhead(input.nextGenjinTime, ctx.clock(), before.next_genjin_time);
    // A new name or mobile must not be another customer's (or on the blacklist); unchanged ones are not checked again.
    const renamed = customerNameKey(input.customerName) !== customerNameKey(before.customer_name);
    const renumbered = phoneKey(input.contactMobile) !== phoneKey(before.contact_mobile);
    if (renamed || renumbered) await assertNoDuplicateCustomer(tx, actor, renamed ? input.customerName : '', renumbered ? input.contactMobile : '', id);
    const changes = (
      [
        ['客户名称', before.customer_name, input.customerName],
        ['联系人', before.contact_name, input.contactName],
        ['手机号码', before.contact_mobile, input.contactMobile],
        ['客户级别', before.level, input.level],
        ['所属行业', before.industry, input.industry],
        ['地址', before.address, input.address],
        ['备注', before.beizhu, input.beizhu],
      ] as const
    ).filter(([, a, b]) => a !== b);
    if (changes.length > 0) await writeLogs(tx, actor.userId, iso, [customerEditLog(id, changes)]);
    const updated = await tx
      .updateTable('customers')
      .set({
        ...editableColumns(input),
        updated_at: iso,
      })
      .where('id', '=', id)
      .returning(['code', 'owner_id'])
      .executeTakeFirstOrThrow();
    // An edit that gives the customer to someone else is an assignment: the new owner is told after the commit.
    if (updated.owner_id !== null && updated.owner_id !== before.owner_id) await recordAssignment(ctx, tx, actor, [id], updated.owner_id);
    const primary = await tx.selectFrom('contacts').select('id').where('customer_id', '=', id).where('is_primary', '=', 1).executeTakeFirst();
    if (primary) {
      await tx.updateTable('contacts').set({ contact_name: input.contactName, mobile: input.contactMobile }).where('id', '=', primary.id).execute();
    } else {
      await tx
        .insertInto('contacts')
        .values({
          customer_id: id,
          contact_name: input.contactName,
          mobile: input.contactMobile,
          wechat: '',
          qq: '',
          zhiwei: '',
          sex: '',
          is_primary: 1,
          created_at: iso,
        })
        .execute();
    }
  });
}

/** Deletes all the customers or none: every id must exist and be within the actor's scope. */
export async function deleteCustomers(ctx: AppContext, actor: Actor, ids: number[]): Promise<void> {
  await ctx.db.transaction().execute(async (tx) => {
    // Contracts keep their customer (a signed contract is a legal record): refuse, naming the customer.
    const signed = await tx
      .selectFrom('contracts')
      .innerJoin('customers', 'customers.id', 'contracts.customer_id')
      .select('customers.customer_name')
      .where('contracts.customer_id', 'in', ids)
      .limit(1)
      .executeTakeFirst();
    if (signed) throw badRequest(`客户“${signed.customer_name}”存在合同，不能删除`);
    // Intake records (进件) keep their customer too.
    const intake = await tx
      .selectFrom('intake_records')
      .innerJoin('customers', 'customers.id', 'intake_records.customer_id')
      .select('customers.customer_name')
      .where('intake_records.customer_id', 'in', ids)
      .limit(1)
      .executeTakeFirst();
    if (intake) throw badRequest(`客户“${intake.customer_name}”存在进件，不能删除`);
    await tx.deleteFrom('customers').where('id', 'in', ids).execute();
  });
}
