import { CUSTOMER_VIEW_KEYS, CUSTOMER_VIEWS, type CustomerView, type ViewRight } from '@portal/shared-contract';
import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import { can, type Right } from '../../../http/auth';
import type { Actor } from '../../auth/session/actor';
import type { Dialect } from '../../../db/database';
import type { BranchIndex } from '../../system/branch/branch-index';
import { CUSTOMER_SCOPE, dataScope, departmentOf, type OwnPart, type Scene } from '../../shared/data-scope';
import { recycleDaysFor, recycleTiers, tierLevelSql, type PoolRules } from '../pool/pool-rules';
import { poolCondition, type PoolScope } from '../pool/public-pools';

/**
 * The customer lists (spec §2.2 crm/customer/*): their definitions (title, page, scenes, columns,
 * actions with their rights, 新建) are the contract's CUSTOMER_VIEWS, the very table the remote renders;
 * this module adds which customers each view shows (its preset; the client only names the view).
 * `api/customer/index {view}` applies the preset, so ten lists are ten entries, not ten queries.
 */
export { CUSTOMER_VIEWS };
export const VIEW_KEYS = CUSTOMER_VIEW_KEYS;
export type ViewKey = CustomerView;

/** `departed`: ids of departed staff (QuitStatus ≠ 0), read first so that the 离职 view is an indexed IN list. */
/** `pools`: the 公海客户 view's pool (or the pools the actor is a member of), checked before (public-pools.ts `poolScope`). */
/** `scanInSortOrder`: the list pages by walking its sort index (data-scope.ts ScopeOptions). */
/** `ownPart`: one half of the `own` scope (data-scope.ts OwnPart); only the views in OWN_PART_VIEWS honour it. */
export type ViewContext = {
  actor: Actor;
  branches: BranchIndex;
  rules: PoolRules;
  now: Date;
  departed: readonly number[];
  pools: PoolScope;
  scanInSortOrder?: boolean;
  ownPart?: OwnPart;
  dialect?: Dialect;
};

/** The views whose role scope takes `ownPart` (their only `own`-scope condition is the role's). */
export const OWN_PART_VIEWS: readonly ViewKey[] = ['watched'];

/**
 * A list as the search index's list tokens (migration 046), for a key's count from the index alone:
 * each inner list is one of its tokens (OR), the lists all hold (AND). Every token implies what
 * 我的客户 (`watched`) shows: in no pool, not blacklisted, not merged, a customer or a deal.
 */
export type ListTokens = readonly (readonly string[])[];

/** At most this many departments become tokens (a head office's subtree stays with the conditions). */
const MAX_BRANCH_TOKENS = 64;

/**
 * The view and scene for the actor as list tokens: the same customers as the view's preset with
 * dataScope (data-scope.ts), or null where tokens cannot say it (other views, scene 'subordinates').
 */
export function listTokens(view: ViewKey, actor: Actor, scene: Scene, branches: BranchIndex): ListTokens | null {
  if (view !== 'watched' || scene === 'subordinates') return null;
  const own = `own${actor.userId}`;
  const part = `par${actor.userId}`;
  const inScene = scene === 'mine' ? [[own]] : scene === 'participating' ? [[part]] : [];
  const department = departmentOf(actor, branches);
  switch (actor.dataScope) {
    case 'all':
      return inScene.length > 0 ? inScene : [['lst']];
    case 'own':
      return inScene.length > 0 ? inScene : [[own, part]];
    case 'department':
    case 'branch': {
      const ids = !department ? null : actor.dataScope === 'branch' ? (actor.branchId !== null ? [actor.branchId] : null) : department;
      if (ids && ids.length > MAX_BRANCH_TOKENS) return null;
      return [ids ? ids.map((id) => `brn${id}`) : [own], ...inScene];
    }
  }
}

/** Which customers (`c`) a view shows for the actor; the scene narrows within it where allowed. */
export type ViewPreset = (v: ViewContext, scene: Scene) => Expression<SqlBool>[];

/** A right of the view table (`customer/<page>` or `customer/<page>:<action>`) as the server checks it. */
export const viewRight = (right: ViewRight): Right => can('crm', right.action ? `${right.page}:${right.action}` : right.page);

/**
 * Blacklisted and merged customers leave the ordinary lists. SQLite: the unary `+` keeps the
 * blacklisted index from driving the query. PostgreSQL: the plain column, whose statistics the planner
 * reads (it estimated `+c.blacklisted = 0` at 0.5% of the rows, so a deep page such as admin page 500
 * was sorted from a full scan instead of walking customers_list_cover, migration 043; see
 * server/bench/README.md, customer list).
 */
const NOT_BLACK_SQLITE = sql<SqlBool>`+c.blacklisted = 0 and c.merged_into is null`;
const NOT_BLACK_PG = sql<SqlBool>`c.blacklisted = 0 and c.merged_into is null`;
const notBlack = (v: ViewContext) => (v.dialect === 'postgres' ? NOT_BLACK_PG : NOT_BLACK_SQLITE);
const CUSTOMER_NOT_LEAD = sql<SqlBool>`c.clue in (1, 2)`;
const OWNED = sql<SqlBool>`c.gonghai = 0`;
/**
 * The same, for views whose own condition is selective (leads): the unary
 * `+` keeps the planner from walking the (gonghai, created_at) index in sort order and filtering
 * nearly every row; it drives the query by the selective index instead (valid on both databases).
 */
const OWNED_SELECTIVE = sql<SqlBool>`+c.gonghai = 0`;
const ownedBy = (userId: number) => sql<SqlBool>`c.owner_id = ${userId}`;

/**
 * 待分配 and 黑名单 rows have no owner (or a departed one): the role's scope applies through their
 * department, as for the detail and the assignment, so a list never shows what cannot be opened.
 */
function scopeOrUnowned(v: ViewContext): Expression<SqlBool> {
  return dataScope(CUSTOMER_SCOPE, v.actor, 'all', v.branches);
}

export const VIEW_PRESETS: Readonly<Record<ViewKey, ViewPreset>> = {
  watched: (v, scene) => [
    OWNED,
    notBlack(v),
    CUSTOMER_NOT_LEAD,
    dataScope(CUSTOMER_SCOPE, v.actor, scene, v.branches, { scanInSortOrder: v.scanInSortOrder, ownPart: v.ownPart }),
  ],
  // Given to me by someone else (a manager's assignment or transfer), still mine.
  zaifenpei: (v) => [
    OWNED,
    notBlack(v),
    CUSTOMER_NOT_LEAD,
    ownedBy(v.actor.userId),
    sql<SqlBool>`c.id in (select a.customer_id from customer_assignments a where a.user_id = ${v.actor.userId} and a.assigned_by <> ${v.actor.userId})`,
  ],
  // Mine, and no follow-up since it became mine (created by me, assigned, claimed or transferred to me).
  nodispose: (v) => [
    OWNED,
    notBlack(v),
    CUSTOMER_NOT_LEAD,
    ownedBy(v.actor.userId),
    sql<SqlBool>`(c.genjin_time < c.owned_at or c.genjin_time < c.created_at)`,
  ],
  // Not scoped by the role: by pool membership (默认公海 is everyone's; the (gonghai, pool_id, sort) indexes serve one pool).
  total: (v) => [sql<SqlBool>`c.gonghai = 1`, poolCondition(v.pools.poolId, v.pools.member), notBlack(v), CUSTOMER_NOT_LEAD],
  daifenpei: (v) => [OWNED, notBlack(v), CUSTOMER_NOT_LEAD, sql<SqlBool>`c.owner_id is null`, scopeOrUnowned(v)],
  // My department and below (whatever the role's scope, never wider than it).
  teamkehu: (v, scene) => {
    const department = v.actor.branchId !== null && v.branches.get(v.actor.branchId) ? v.branches.subtreeIds(v.actor.branchId) : [];
    const inTeam = department.length > 0 ? sql<SqlBool>`c.branch_id in (${sql.join(department)})` : sql<SqlBool>`1 = 0`;
    return [OWNED, notBlack(v), CUSTOMER_NOT_LEAD, sql<SqlBool>`c.owner_id is not null`, inTeam, dataScope(CUSTOMER_SCOPE, v.actor, scene, v.branches)];
  },
  // Owned by departed staff (QuitStatus ≠ 0); the (owner, gonghai, created) index serves each departed owner.
  lizhi: (v) => [
    OWNED,
    notBlack(v),
    v.departed.length > 0 ? sql<SqlBool>`c.owner_id in (${sql.join([...v.departed])})` : sql<SqlBool>`1 = 0`,
    dataScope(CUSTOMER_SCOPE, v.actor, 'all', v.branches),
  ],
  black: (v) => [sql<SqlBool>`c.blacklisted = 1 and c.merged_into is null`, scopeOrUnowned(v)],
  clue: (v, scene) => [OWNED_SELECTIVE, notBlack(v), sql<SqlBool>`c.clue = 3`, dataScope(CUSTOMER_SCOPE, v.actor, scene, v.branches)],
};

export function viewPageRight(view: ViewKey): Right {
  return viewRight({ page: CUSTOMER_VIEWS[view].page });
}

const DAY_MS = 86400_000;

/** Days until an owned customer returns to the pool (negative: overdue), from its last activity and its level's N / M; null when exempt. */
export function daysUntilPool(
  c: { genjin_time: string; owned_at: string; created_at: string; clue: number; locked: number; gonghai: number; owner_id: number | null; level: string },
  rules: PoolRules,
  now: Date,
): number | null {
  if (c.gonghai !== 0 || c.owner_id === null || c.clue === 2 || c.locked === 1) return null;
  const days = recycleDaysFor(rules, c.level);
  const ownedSince = c.owned_at > c.created_at ? c.owned_at : c.created_at;
  const last = c.genjin_time > ownedSince ? c.genjin_time : ownedSince;
  const byFollowup = Date.parse(last) + days.noFollowupDays * DAY_MS;
  const byDeal = Date.parse(ownedSince) + days.noDealDays * DAY_MS;
  return Math.ceil((Math.min(byFollowup, byDeal) - now.getTime()) / DAY_MS);
}

/**
 * 即将进入公海: owned customers whose follow-up deadline falls within the next `warningDays` days:
 * the latest of follow-up, ownership and creation is in (now − N, now − N + K], N being the
 * customer's level's (pool-rules.ts `levelRecycleDays`). One test per level tier (a group of levels
 * sharing N, a handful at most): the tier's levels and its window on the latest of the three times
 * (latestActivity). Migration 044 indexes that expression, so each tier's window is one index
 * range (every owner's customers in it, ~6,000 at 1,000,000 customers) whose
 * entries carry the owner and the view's flags: counts and pages filter them without reading the
 * table, for a salesperson (owner or participant) as for a manager.
 */
export function soonInPoolCondition(
  rules: PoolRules,
  now: Date,
  groups: readonly { rules: PoolRules; owners: number[] }[] = [],
  dialect: Dialect = 'sqlite',
): Expression<SqlBool> {
  // Pools with their own days (public-pools.ts `ownerRules`): their owners' customers by those days, the others' by `rules`.
  const apart = groups.flatMap((g) => g.owners);
  if (apart.length === 0) return soonFor(rules, now, dialect);
  const branches = [
    sql<SqlBool>`(c.owner_id not in (${sql.join(apart)}) and ${soonFor(rules, now, dialect)})`,
    ...groups.filter((g) => g.owners.length > 0).map((g) => sql<SqlBool>`(c.owner_id in (${sql.join(g.owners)}) and ${soonFor(g.rules, now, dialect)})`),
  ];
  return sql<SqlBool>`(${sql.join(branches, sql` or `)})`;
}

/**
 * The latest of follow-up, ownership and creation: SQLite's scalar max, PostgreSQL's greatest (the
 * three columns are NOT NULL, so the two agree). Migration 044 indexes this expression, character for
 * character. "All three ≤ to and one of them > from" is "the latest in (from, to]".
 */
export function latestActivity(dialect: Dialect): RawBuilder<string> {
  return dialect === 'postgres' ? sql<string>`greatest(c.genjin_time, c.owned_at, c.created_at)` : sql<string>`max(c.genjin_time, c.owned_at, c.created_at)`;
}

function soonFor(rules: PoolRules, now: Date, dialect: Dialect): Expression<SqlBool> {
  const latest = latestActivity(dialect);
  const tests = recycleTiers(rules).map((tier) => {
    const from = new Date(now.getTime() - tier.noFollowupDays * DAY_MS).toISOString();
    const to = new Date(now.getTime() - (tier.noFollowupDays - rules.warningDays) * DAY_MS).toISOString();
    return sql<SqlBool>`(${tierLevelSql(tier, 'c.level')} and ${latest} > ${from} and ${latest} <= ${to})`;
  });
  return sql<SqlBool>`(c.gonghai = 0 and c.clue = 1 and c.locked = 0 and (${sql.join(tests, sql` or `)}))`;
}
