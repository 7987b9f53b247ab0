/**
 * Several public pools (issue #10, "several pools with their own members and rules"). Besides
 * 默认公海 (customers.pool_id null, everyone's), an administrator (系统设置 › 基础设置 edit right) keeps
 * pools in `public_pools`, each serving departments (with their sub-departments) and/or single users,
 * with its own rule overrides (null: 基础设置's).
 *
 * - Membership: a user is a member of an enabled pool when listed, or when their department lies in the
 *   subtree of one of its departments. Pool administrators see every pool.
 * - Routing: a customer entering the pool (recycled, sent, imported) goes to the first enabled pool
 *   (by sort, then id) serving its owner (or, without one, the importer / its department): a pool
 *   listing the user wins over one serving their department; else 默认公海.
 * - Rules: a pool's overrides replace the general N / M days (its own days then apply to every 客户级别),
 *   the daily claim limit (claims from that pool, counted per pool) and the previous owner's wait.
 */
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { AppContext } from '../../../app-context';
import type { DbOrTx, DbTx } from '../../../db/database';
import type { PublicPoolTable } from '../../../db/schema';
import { transact } from '../../../db/transact';
import { can, type Right } from '../../../http/auth';
import { badRequest, forbidden, HttpError, notFound } from '../../../http/errors';
import type { Actor } from '../../auth/session/actor';
import { loadBranchIndex, type BranchIndex } from '../../system/branch/branch-index';
import { writeLogs } from '../customer/customer-log';
import type { PoolRules } from './pool-rules';

export const DEFAULT_POOL_NAME = '默认公海';
export const MSG_NOT_MEMBER = '您不是该公海的成员';
export const MSG_POOL_NOT_FOUND = '公海不存在';
/** Who keeps the pools: 基础设置's edit right (the pool rules live there). */
export const MANAGE_POOLS: Right = can('system', 'basic:edit');

export type PublicPool = {
  id: number;
  name: string;
  branchIds: number[];
  userIds: number[];
  noFollowupDays: number | null;
  noDealDays: number | null;
  claimLimitPerDay: number | null;
  reclaimWaitDays: number | null;
  enabled: boolean;
  sort: number;
};

type PoolRow = Pick<PublicPoolTable, 'name' | 'no_followup_days' | 'no_deal_days' | 'claim_limit_per_day' | 'reclaim_wait_days'> & {
  id: number;
  branch_ids: string;
  user_ids: string;
  enabled: number;
  sort: number;
};

function idList(json: string): number[] {
  try {
    const parsed: unknown = JSON.parse(json);
    return Array.isArray(parsed) ? parsed.filter((v): v is number => Number.isInteger(v) && v > 0) : [];
  } catch {
    return [];
  }
}

function toPool(r: PoolRow): PublicPool {
  return {
    id: r.id,
    name: r.name,
    branchIds: idList(r.branch_ids),
    userIds: idList(r.user_ids),
    noFollowupDays: r.no_followup_days,
    noDealDays: r.no_deal_days,
    claimLimitPerDay: r.claim_limit_per_day,
    reclaimWaitDays: r.reclaim_wait_days,
    enabled: r.enabled === 1,
    sort: r.sort,
  };
}

/** Every pool besides 默认公海, in their order (sort, then id). */
export async function loadPools(db: DbOrTx): Promise<PublicPool[]> {
  const rows = await db
    .selectFrom('public_pools')
    .select(['id', 'name', 'branch_ids', 'user_ids', 'no_followup_days', 'no_deal_days', 'claim_limit_per_day', 'reclaim_wait_days', 'enabled', 'sort'])
    .orderBy('sort')
    .orderBy('id')
    .execute();
  return rows.map(toPool);
}

export function isPoolAdmin(actor: Actor): boolean {
  return MANAGE_POOLS.allows(actor.rights);
}

/** Whether the user (id, department) is a member of the pool (by the user list or the department subtree). */
export function servesUser(pool: PublicPool, branches: BranchIndex, user: { id: number | null; branchId: number | null }): boolean {
  if (!pool.enabled) return false;
  if (user.id !== null && pool.userIds.includes(user.id)) return true;
  if (user.branchId === null) return false;
  return pool.branchIds.some((b) => branches.get(b) !== undefined && branches.subtreeIds(b).includes(user.branchId as number));
}

/** The pools (besides 默认公海) the actor may list and claim from: all for an administrator. */
export function memberPools(actor: Actor, pools: PublicPool[], branches: BranchIndex): PublicPool[] {
  if (isPoolAdmin(actor)) return pools;
  return pools.filter((p) => servesUser(p, branches, { id: actor.userId, branchId: actor.branchId }));
}

/** Refuses (403 您不是该公海的成员) unless the actor is a member of every pool named (null: 默认公海). */
export function assertMember(actor: Actor, pools: PublicPool[], branches: BranchIndex, poolIds: readonly (number | null)[]): void {
  const mine = new Set(memberPools(actor, pools, branches).map((p) => p.id));
  for (const id of poolIds) {
    if (id === null) continue;
    if (!pools.some((p) => p.id === id)) throw notFound(MSG_POOL_NOT_FOUND);
    if (!mine.has(id)) throw forbidden(MSG_NOT_MEMBER);
  }
}

/** The pools (besides 默认公海) whose customers the actor may open: 'all' for an administrator. */
export async function memberPoolIds(db: DbOrTx, actor: Actor, branches: BranchIndex): Promise<readonly number[] | 'all'> {
  if (isPoolAdmin(actor)) return 'all';
  return memberPools(actor, await loadPools(db), branches).map((p) => p.id);
}

/** Refuses a pool customer of a pool the actor is not a member of (reading its detail, assigning it). */
export async function assertPoolReadable(db: DbOrTx, actor: Actor, poolIds: readonly (number | null)[]): Promise<void> {
  if (poolIds.every((id) => id === null)) return;
  const [pools, branches] = await Promise.all([loadPools(db), loadBranchIndex(db)]);
  assertMember(actor, pools, branches, poolIds);
}

/**
 * The pool a customer entering the pool goes to: the first enabled pool listing the user, else the
 * first serving their department (or, without a user, `branchId`), else null (默认公海).
 */
export function routePool(pools: PublicPool[], branches: BranchIndex, user: { id: number | null; branchId: number | null }): number | null {
  const enabled = pools.filter((p) => p.enabled);
  if (user.id !== null) {
    const listed = enabled.find((p) => p.userIds.includes(user.id as number));
    if (listed) return listed.id;
  }
  const byBranch = enabled.find((p) => servesUser({ ...p, userIds: [] }, branches, { id: null, branchId: user.branchId }));
  return byBranch?.id ?? null;
}

/** A router for many owners at once (the recycling job, sending to the pool): owners' departments read once. */
export type PoolRouter = { pools: PublicPool[]; userIds: number[]; route(owner: number | null, fallbackBranch: number | null): number | null };

export async function poolRouter(db: DbOrTx, loaded?: PublicPool[]): Promise<PoolRouter> {
  const pools = loaded ?? (await loadPools(db));
  if (!pools.some((p) => p.enabled)) return { pools, userIds: [], route: () => null };
  const branches = await loadBranchIndex(db);
  const users = new Map((await db.selectFrom('users').select(['id', 'branch_id']).execute()).map((u) => [u.id, u.branch_id]));
  return {
    pools,
    userIds: [...users.keys()],
    route: (owner, fallbackBranch) => routePool(pools, branches, { id: owner, branchId: (owner !== null ? users.get(owner) : undefined) ?? fallbackBranch }),
  };
}

/** The rules in force for a pool: its overrides over 基础设置's (null pool: 基础设置's). */
export function rulesForPool(base: PoolRules, pool: PublicPool | undefined): PoolRules {
  if (!pool) return base;
  const ownDays = pool.noFollowupDays !== null || pool.noDealDays !== null;
  return {
    ...base,
    noFollowupDays: pool.noFollowupDays ?? base.noFollowupDays,
    noDealDays: pool.noDealDays ?? base.noDealDays,
    // The pool's own days apply to every level.
    levelRecycleDays: ownDays ? {} : base.levelRecycleDays,
    claimLimitPerDay: pool.claimLimitPerDay ?? base.claimLimitPerDay,
    reclaimWaitDays: pool.reclaimWaitDays ?? base.reclaimWaitDays,
  };
}

/** Whether a pool changes the recycling days (the job then runs its customers apart). */
export function overridesRecycling(pool: PublicPool): boolean {
  return pool.enabled && (pool.noFollowupDays !== null || pool.noDealDays !== null);
}

/**
 * The recycling rules of an owned customer by its owner: those of the pool it would go to (its own
 * days), else `base`. `distinct`: the rule sets other than `base` in use (their tiers need candidates too).
 */
export type OwnerRules = { rulesFor(owner: number | null): PoolRules; distinct: PoolRules[]; groups: { rules: PoolRules; owners: number[] }[] };

export async function ownerRules(db: DbOrTx, base: PoolRules): Promise<OwnerRules> {
  // Every list request asks: read the pools alone first; the staff (for routing) only when a pool has its own days.
  const pools = await loadPools(db);
  const special = pools.filter(overridesRecycling);
  if (special.length === 0) return { rulesFor: () => base, distinct: [], groups: [] };
  const router = await poolRouter(db, pools);
  const byPool = new Map(special.map((p) => [p.id, rulesForPool(base, p)]));
  const groups = special.map((p) => ({ rules: byPool.get(p.id) as PoolRules, owners: router.userIds.filter((u) => router.route(u, null) === p.id) }));
  return { rulesFor: (owner) => byPool.get(router.route(owner, null) ?? 0) ?? base, distinct: [...byPool.values()], groups };
}

// ——— the pools' administration (api/pool/*) ———

export type PoolInput = Omit<PublicPool, 'id'>;

export type PoolListRow = PublicPool & { isDefault: boolean; customers: number; branchNames: string[]; userNames: string[] };

/** The pools the actor sees (默认公海 first), with the number of customers in each. */
export async function listPools(ctx: AppContext, actor: Actor): Promise<PoolListRow[]> {
  const [pools, branches] = await Promise.all([loadPools(ctx.db), loadBranchIndex(ctx.db)]);
  const visible = memberPools(actor, pools, branches);
  const counts = await ctx.db
    .selectFrom('customers')
    .select(['pool_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('gonghai', '=', 1)
    .where('blacklisted', '=', 0)
    .where('merged_into', 'is', null)
    .where('clue', 'in', [1, 2])
    .groupBy('pool_id')
    .execute();
  const countOf = (id: number | null) => Number(counts.find((c) => c.pool_id === id)?.n ?? 0);
  const userIds = [...new Set(visible.flatMap((p) => p.userIds))];
  const names = new Map(
    userIds.length ? (await ctx.db.selectFrom('users').select(['id', 'nick_name']).where('id', 'in', userIds).execute()).map((u) => [u.id, u.nick_name]) : [],
  );
  const defaultRow: PoolListRow = {
    id: 0,
    name: DEFAULT_POOL_NAME,
    branchIds: [],
    userIds: [],
    noFollowupDays: null,
    noDealDays: null,
    claimLimitPerDay: null,
    reclaimWaitDays: null,
    enabled: true,
    sort: -1,
    isDefault: true,
    customers: countOf(null),
    branchNames: [],
    userNames: [],
  };
  return [
    defaultRow,
    ...visible.map((p) => ({
      ...p,
      isDefault: false,
      customers: countOf(p.id),
      branchNames: p.branchIds.map((b) => branches.get(b)?.name ?? `#${b}`),
      userNames: p.userIds.map((u) => names.get(u) ?? `#${u}`),
    })),
  ];
}

async function checkInput(tx: DbTx, input: PoolInput, id: number | null): Promise<void> {
  const branches = await loadBranchIndex(tx);
  if (input.branchIds.some((b) => !branches.get(b))) throw badRequest('所选部门不存在');
  if (input.userIds.length > 0) {
    const found = await tx.selectFrom('users').select('id').where('id', 'in', input.userIds).execute();
    if (found.length !== new Set(input.userIds).size) throw badRequest('所选成员不存在');
  }
  if (input.name === DEFAULT_POOL_NAME) throw badRequest(`公海名称不能是“${DEFAULT_POOL_NAME}”`);
  const same = await tx.selectFrom('public_pools').select('id').where('name', '=', input.name).executeTakeFirst();
  if (same && same.id !== id) throw badRequest(`公海名称“${input.name}”已存在`);
}

function columns(input: PoolInput, now: string) {
  return {
    name: input.name,
    branch_ids: JSON.stringify([...new Set(input.branchIds)]),
    user_ids: JSON.stringify([...new Set(input.userIds)]),
    no_followup_days: input.noFollowupDays,
    no_deal_days: input.noDealDays,
    claim_limit_per_day: input.claimLimitPerDay,
    reclaim_wait_days: input.reclaimWaitDays,
    enabled: input.enabled ? 1 : 0,
    sort: input.sort,
    updated_at: now,
  };
}

export async function addPool(ctx: AppContext, input: PoolInput): Promise<number> {
  const now = ctx.clock().toISOString();
  return transact(ctx, async (tx) => {
    await checkInput(tx, input, null);
    const row = await tx
      .insertInto('public_pools')
      .values({ ...columns(input, now), created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  });
}

export async function editPool(ctx: AppContext, id: number, input: PoolInput): Promise<void> {
  const now = ctx.clock().toISOString();
  await transact(ctx, async (tx) => {
    const existing = await tx.selectFrom('public_pools').select('id').where('id', '=', id).executeTakeFirst();
    if (!existing) throw notFound(MSG_POOL_NOT_FOUND);
    await checkInput(tx, input, id);
    await tx.updateTable('public_pools').set(columns(input, now)).where('id', '=', id).execute();
  });
}

/** Deletes pools that hold no customers (refused, naming how many, otherwise). */
export async function deletePools(ctx: AppContext, ids: number[]): Promise<number> {
  return transact(ctx, async (tx) => {
    const pools = await tx.selectFrom('public_pools').select(['id', 'name']).where('id', 'in', ids).execute();
    if (pools.length !== new Set(ids).size) throw notFound(MSG_POOL_NOT_FOUND);
    // Only customers in the pool (gonghai 1) hold it; others that came from it (claimed, blacklisted) forget it below.
    const held = await tx
      .selectFrom('customers')
      .select(['pool_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('gonghai', '=', 1)
      .where('pool_id', 'in', ids)
      .groupBy('pool_id')
      .execute();
    const busy = held.find((h) => Number(h.n) > 0);
    if (busy) {
      const name = pools.find((p) => p.id === busy.pool_id)?.name ?? '';
      throw badRequest(`公海“${name}”中还有${Number(busy.n)}个客户，请先转移到其他公海再删除`);
    }
    await tx.updateTable('customers').set({ pool_id: null }).where('pool_id', 'in', ids).where('gonghai', '=', 0).execute();
    await tx.deleteFrom('public_pools').where('id', 'in', ids).execute();
    return pools.length;
  });
}

/**
 * 转移公海: moves pool customers to another pool (0: 默认公海), one transaction, each move logged. The
 * actor must be a member of the customers' pools and of the target; conditional on each customer still
 * being in the pool it was read in.
 */
export async function moveCustomers(ctx: AppContext, actor: Actor, ids: number[], target: number): Promise<number> {
  const now = ctx.clock().toISOString();
  return transact(ctx, async (tx) => {
    const [pools, branches] = await Promise.all([loadPools(tx), loadBranchIndex(tx)]);
    const to = target === 0 ? null : target;
    if (to !== null && !pools.some((p) => p.id === to)) throw notFound(MSG_POOL_NOT_FOUND);
    const rows = await tx.selectFrom('customers').select(['id', 'pool_id', 'gonghai', 'blacklisted']).where('id', 'in', ids).orderBy('id').execute();
    if (rows.length !== new Set(ids).size) throw notFound('客户不存在');
    if (rows.some((r) => r.gonghai !== 1 || r.blacklisted === 1)) throw badRequest('只能转移公海中的客户');
    assertMember(actor, pools, branches, [to, ...rows.map((r) => r.pool_id)]);
    const nameOf = (id: number | null) => (id === null ? DEFAULT_POOL_NAME : (pools.find((p) => p.id === id)?.name ?? ''));
    const moving = rows.filter((r) => r.pool_id !== to);
    let moved = 0;
    for (const r of moving) {
      const res = await tx
        .updateTable('customers')
        .set({ pool_id: to, updated_at: now })
        .where('id', '=', r.id)
        .where('gonghai', '=', 1)
        .where((eb) => (r.pool_id === null ? eb('pool_id', 'is', null) : eb('pool_id', '=', r.pool_id)))
        .executeTakeFirst();
      moved += Number(res.numUpdatedRows);
    }
    if (moved !== moving.length) throw new HttpError(409, '客户状态已变化，请刷新后重试');
    await writeLogs(
      tx,
      actor.userId,
      now,
      moving.map((r) => ({ customerId: r.id, kind: 'pool', ext: `${actor.nickName} 将客户从“${nameOf(r.pool_id)}”转移到“${nameOf(to)}”` })),
    );
    return moving.length;
  });
}

/** What the 公海客户 view lists: `poolId` one pool (null 默认公海), else every pool in `member` and 默认公海. */
export type PoolScope = { poolId?: number | null; member: readonly number[] | 'all' };

/** The pool scope of a list query, refusing a pool the actor is not a member of (only the `total` view has one). */
export async function poolScope(db: DbOrTx, actor: Actor, q: { view: string; poolId?: number }, branches: BranchIndex): Promise<PoolScope> {
  if (q.view !== 'total') return { member: [] };
  const pools = await loadPools(db);
  if (q.poolId !== undefined) {
    const poolId = q.poolId === 0 ? null : q.poolId;
    assertMember(actor, pools, branches, [poolId]);
    return { poolId, member: [] };
  }
  return { member: isPoolAdmin(actor) ? 'all' : memberPools(actor, pools, branches).map((p) => p.id) };
}

/** The `total` view's pool condition: one pool (null 默认公海), or every pool the actor is a member of. */
export function poolCondition(poolId: number | null | undefined, member: readonly number[] | 'all'): RawBuilder<SqlBool> {
  if (poolId === null) return sql<SqlBool>`c.pool_id is null`;
  if (poolId !== undefined) return sql<SqlBool>`c.pool_id = ${poolId}`;
  if (member === 'all') return sql<SqlBool>`1 = 1`;
  return member.length === 0 ? sql<SqlBool>`c.pool_id is null` : sql<SqlBool>`(c.pool_id is null or c.pool_id in (${sql.join([...member])}))`;
}
