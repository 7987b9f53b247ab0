/**
 * What can be done to customers besides editing them (spec §4): blacklist, the public pool (send,
 * send others', claim), pin, watch. Each call is one transaction, conditional on the state it is
 * based on, and logged (customer_logs). Claims follow the pool rules (pool/pool-rules.ts): a daily
 * limit, the previous owner's wait, the ownership cap.
 */
import { sql } from 'kysely';
import type { AppContext } from '../../../app-context';
import type { DbTx } from '../../../db/database';
import { transact } from '../../../db/transact';
import { badRequest, forbidden, HttpError, notFound } from '../../../http/errors';
import { shanghaiDateStamp } from '../../../lib/time';
import type { Actor } from '../../auth/session/actor';
import { loadBranchIndex } from '../../system/branch/branch-index';
import { CUSTOMER_SCOPE, dataScope } from '../../shared/data-scope';
import { poolRules, type PoolRules } from '../pool/pool-rules';
import { assertMember, loadPools, memberPoolIds, poolRouter, rulesForPool } from '../pool/public-pools';
import { visibleCustomerCondition } from './customer-access';
import { writeLogs } from './customer-log';

const MSG_NOT_FOUND = '客户不存在';
export const MSG_CLAIM_CONFLICT = '客户已被他人领取或已不在公海，请刷新后重试';
export const MSG_POOL_CONFLICT = '客户状态已变化，请刷新后重试';
export const MSG_BLACKLISTED = '黑名单客户不能执行此操作';
const DAY_MS = 86400_000;
const SHANGHAI_OFFSET_MS = 8 * 3600_000;

/** Start of the Shanghai calendar day of `at`, as a stored ISO time. */
export function shanghaiDayStart(at: Date): string {
  const stamp = shanghaiDateStamp(at);
  return new Date(Date.UTC(Number(stamp.slice(0, 4)), Number(stamp.slice(4, 6)) - 1, Number(stamp.slice(6))) - SHANGHAI_OFFSET_MS).toISOString();
}

type Row = { id: number; customer_name: string; owner_id: number | null; branch_id: number | null; gonghai: number; blacklisted: number; clue: number };

async function readCustomers(tx: DbTx, ids: number[]): Promise<Row[]> {
  const rows = await tx
    .selectFrom('customers')
    .select(['id', 'customer_name', 'owner_id', 'branch_id', 'gonghai', 'blacklisted', 'clue'])
    .where('id', 'in', ids)
    .orderBy('id')
    .execute();
  if (rows.length !== ids.length) throw notFound(MSG_NOT_FOUND);
  return rows;
}

/** Every id visible to the actor: in the pool, or within the role's data scope. */
async function assertVisible(tx: DbTx, actor: Actor, ids: number[]): Promise<void> {
  const branches = await loadBranchIndex(tx);
  const visible = await tx
    .selectFrom('customers as c')
    .select('c.id')
    .where('c.id', 'in', ids)
    .where(visibleCustomerCondition(actor, branches, await memberPoolIds(tx, actor, branches)))
    .execute();
  if (visible.length !== ids.length) throw forbidden('只能操作您权限范围内的客户');
}

/** Serialises one person's claims and assignments on PostgreSQL (SQLite runs one writer at a time). */
export async function lockUser(ctx: AppContext, tx: DbTx, userId: number): Promise<void> {
  if (ctx.dialect === 'postgres') await sql`select id from users where id = ${userId} for update`.execute(tx);
}

/** Customers a person owns that count toward the cap. */
export async function ownedCount(tx: DbTx, userId: number, rules: PoolRules): Promise<number> {
  const row = await tx
    .selectFrom('customers')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('owner_id', '=', userId)
    .where('gonghai', '=', 0)
    .where('blacklisted', '=', 0)
    .where('clue', 'in', rules.capCountsDealt ? [1, 2] : [1])
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function capMessage(name: string, cap: number): string {
  return `${name}的客户数已达上限（${cap}个），不能再增加`;
}

/** Refuses when `adding` customers would take the user past the ownership cap. Call after lockUser. */
export async function assertUnderCap(tx: DbTx, user: { id: number; name: string }, adding: number, rules: PoolRules): Promise<void> {
  if (adding <= 0) return;
  if ((await ownedCount(tx, user.id, rules)) + adding > rules.ownershipCap) throw badRequest(capMessage(user.name, rules.ownershipCap));
}

export async function addBlacklist(ctx: AppContext, actor: Actor, ids: number[], reason: string): Promise<number> {
  const now = ctx.clock().toISOString();
  return transact(ctx, async (tx) => {
    await assertVisible(tx, actor, ids);
    const rows = await readCustomers(tx, ids);
    const moving = rows.filter((r) => r.blacklisted === 0);
    if (moving.length === 0) return 0;
    // Leaves the pool and every list; the owner is kept for the record.
    const res = await tx
      .updateTable('customers')
      .set({ blacklisted: 1, black_reason: reason, gonghai: 0, updated_at: now })
      .where(
        'id',
        'in',
        moving.map((r) => r.id),
      )
      .where('blacklisted', '=', 0)
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) !== moving.length) throw new HttpError(409, MSG_POOL_CONFLICT);
    await writeLogs(
      tx,
      actor.userId,
      now,
      moving.map((r) => ({
        customerId: r.id,
        kind: 'blacklist',
        ext: `加入黑名单${reason ? `，原因：${reason}` : ''}${r.gonghai === 1 ? '（移出公海）' : ''}`,
      })),
    );
    return moving.length;
  });
}

export async function leaveBlacklist(ctx: AppContext, actor: Actor, ids: number[]): Promise<number> {
  const now = ctx.clock().toISOString();
  return transact(ctx, async (tx) => {
    await assertVisible(tx, actor, ids);
    const rows = await readCustomers(tx, ids);
    if (rows.some((r) => r.blacklisted === 0)) throw badRequest('所选客户不在黑名单中');
    await tx.updateTable('customers').set({ blacklisted: 0, black_reason: '', updated_at: now }).where('id', 'in', ids).execute();
    await writeLogs(
      tx,
      actor.userId,
      now,
      ids.map((id) => ({ customerId: id, kind: 'blacklist', ext: '移出黑名单' })),
    );
    return ids.length;
  });
}

/**
 * Sends customers to the public pool. `own`: the owner sends their own (AddPublicPool); otherwise a
 * manager sends others' within the data scope (ToGonghai). Conditional on each still being owned by
 * the owner read, outside the pool and not blacklisted.
 */
export async function sendToPool(ctx: AppContext, actor: Actor, ids: number[], reason: string, own: boolean): Promise<number> {
  const now = ctx.clock().toISOString();
  return transact(ctx, async (tx) => {
    const rows = await readCustomers(tx, ids);
    if (rows.some((r) => r.blacklisted === 1)) throw badRequest(MSG_BLACKLISTED);
    if (rows.some((r) => r.gonghai === 1)) throw badRequest('所选客户已在公海中');
    if (own) {
      if (rows.some((r) => r.owner_id !== actor.userId)) throw forbidden('只能将自己的客户放入公海');
    } else {
      const branches = await loadBranchIndex(tx);
      const scoped = await tx
        .selectFrom('customers as c')
        .select('c.id')
        .where('c.id', 'in', ids)
        .where(dataScope(CUSTOMER_SCOPE, actor, 'all', branches))
        .execute();
      if (scoped.length !== ids.length) throw forbidden('只能操作您权限范围内的客户');
    }
    const names = new Map(
      (
        await tx
          .selectFrom('users')
          .select(['id', 'nick_name'])
          .where('id', 'in', [0, ...rows.map((r) => r.owner_id ?? 0)])
          .execute()
      ).map((u) => [u.id, u.nick_name]),
    );
    // Each goes to the pool serving its owner's department (public-pools.ts), else 默认公海.
    const router = await poolRouter(tx);
    let updated = 0;
    for (const r of rows) {
      const res = await tx
        .updateTable('customers')
        .set({
          gonghai: 1,
          previous_owner_id: r.owner_id,
          owner_id: null,
          pool_reason: reason,
          pool_at: now,
          owned_at: '',
          updated_at: now,
          pool_id: router.route(r.owner_id, r.branch_id),
        })
        .where('id', '=', r.id)
        .where('gonghai', '=', 0)
        .where('blacklisted', '=', 0)
        .where((eb) => (r.owner_id === null ? eb('owner_id', 'is', null) : eb('owner_id', '=', r.owner_id)))
        .executeTakeFirst();
      updated += Number(res.numUpdatedRows);
    }
    if (updated !== rows.length) throw new HttpError(409, MSG_POOL_CONFLICT);
    await writeLogs(
      tx,
      actor.userId,
      now,
      rows.map((r) => {
        const pool = router.pools.find((p) => p.id === router.route(r.owner_id, r.branch_id));
        return {
          customerId: r.id,
          kind: 'pool',
          ext: `放入公海${pool ? `“${pool.name}”` : ''}（原负责人：${names.get(r.owner_id ?? 0) ?? '无'}）${reason ? `，原因：${reason}` : ''}`,
        };
      }),
    );
    return updated;
  });
}

/**
 * 领取: the actor claims pool customers. Refused past the daily claim limit, within the wait of a
 * previous owner, or past the ownership cap (the actor's row is locked on PostgreSQL so that two
 * claims at cap − 1 cannot both pass). The update is conditional on each customer still being in the
 * pool: of two simultaneous claims of one customer exactly one succeeds, the other gets MSG_CLAIM_CONFLICT.
 */
export async function claimCustomers(ctx: AppContext, actor: Actor, ids: number[]): Promise<number> {
  const nowDate = ctx.clock();
  const now = nowDate.toISOString();
  return transact(ctx, async (tx) => {
    const base = await poolRules(tx);
    await lockUser(ctx, tx, actor.userId);
    const rows = await tx
      .selectFrom('customers')
      .select(['id', 'customer_name', 'gonghai', 'blacklisted', 'previous_owner_id', 'pool_at', 'pool_id'])
      .where('id', 'in', ids)
      .execute();
    if (rows.length !== ids.length) throw notFound(MSG_NOT_FOUND);
    if (rows.some((r) => r.blacklisted === 1)) throw badRequest(MSG_BLACKLISTED);
    if (rows.some((r) => r.gonghai !== 1)) throw new HttpError(409, MSG_CLAIM_CONFLICT);
    // Only from pools the actor is a member of (默认公海 is everyone's); each pool's own rules.
    const [pools, branches] = await Promise.all([loadPools(tx), loadBranchIndex(tx)]);
    const byPool = new Map<number | null, typeof rows>();
    for (const r of rows) byPool.set(r.pool_id, [...(byPool.get(r.pool_id) ?? []), r]);
    assertMember(actor, pools, branches, [...byPool.keys()]);
    const dayStart = shanghaiDayStart(nowDate);
    for (const [poolId, group] of byPool) {
      const pool = pools.find((p) => p.id === poolId);
      const rules = rulesForPool(base, pool);
      const waitFrom = new Date(nowDate.getTime() - rules.reclaimWaitDays * DAY_MS).toISOString();
      const waiting = group.find((r) => r.previous_owner_id === actor.userId && r.pool_at > waitFrom);
      if (waiting) {
        const until = Math.ceil((Date.parse(waiting.pool_at) + rules.reclaimWaitDays * DAY_MS - nowDate.getTime()) / DAY_MS);
        throw badRequest(`客户“${waiting.customer_name}”是您放入公海的，${rules.reclaimWaitDays}天内不能重新领取（还需${until}天）`);
      }
      // Today's claims from this pool: a claimed customer keeps the pool it came from (customers.pool_id).
      const today = await tx
        .selectFrom('customer_logs as l')
        .innerJoin('customers as c', 'c.id', 'l.customer_id')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('l.user_id', '=', actor.userId)
        .where('l.kind', '=', 'receive')
        .where('l.created_at', '>=', dayStart)
        .where((eb) => (poolId === null ? eb('c.pool_id', 'is', null) : eb('c.pool_id', '=', poolId)))
        .executeTakeFirstOrThrow();
      if (Number(today.n) + group.length > rules.claimLimitPerDay) {
        const where = pool ? `从“${pool.name}”` : '';
        throw badRequest(`每人每天最多${where}领取${rules.claimLimitPerDay}个客户，今天已领取${Number(today.n)}个`);
      }
    }
    await assertUnderCap(tx, { id: actor.userId, name: '您' }, ids.length, base);
    let claimed = 0;
    for (const [poolId, group] of byPool) {
      // Conditional: still in the pool, and in the pool it was read in (a move in between loses).
      const res = await tx
        .updateTable('customers')
        .set({ gonghai: 0, owner_id: actor.userId, branch_id: actor.branchId, owned_at: now, pool_reason: '', updated_at: now })
        .where(
          'id',
          'in',
          group.map((r) => r.id),
        )
        .where('gonghai', '=', 1)
        .where('blacklisted', '=', 0)
        .where((eb) => (poolId === null ? eb('pool_id', 'is', null) : eb('pool_id', '=', poolId)))
        .executeTakeFirst();
      claimed += Number(res.numUpdatedRows);
    }
    if (claimed !== ids.length) throw new HttpError(409, MSG_CLAIM_CONFLICT);
    await writeLogs(
      tx,
      actor.userId,
      now,
      ids.map((id) => ({ customerId: id, kind: 'receive', ext: `${actor.nickName} 从公海领取` })),
    );
    return ids.length;
  });
}

/** setTop: pins (or unpins) a customer for the actor alone. Returns whether it is pinned now. */
export async function togglePin(ctx: AppContext, actor: Actor, id: number, maxPins: number): Promise<boolean> {
  return transact(ctx, async (tx) => {
    await readCustomers(tx, [id]);
    await assertVisible(tx, actor, [id]);
    const removed = await tx.deleteFrom('customer_pins').where('user_id', '=', actor.userId).where('customer_id', '=', id).executeTakeFirst();
    if (Number(removed.numDeletedRows) > 0) return false;
    const count = await tx
      .selectFrom('customer_pins')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', actor.userId)
      .executeTakeFirstOrThrow();
    if (Number(count.n) >= maxPins) throw badRequest(`最多置顶${maxPins}个客户`);
    await tx.insertInto('customer_pins').values({ user_id: actor.userId, customer_id: id, pinned_at: ctx.clock().toISOString() }).execute();
    return true;
  });
}

/** AddMykehu / AddMykehuT: watches (or, `watch` false, unwatches) customers for the actor. */
export async function setWatched(ctx: AppContext, actor: Actor, ids: number[], watch: boolean): Promise<void> {
  await transact(ctx, async (tx) => {
    await readCustomers(tx, ids);
    await assertVisible(tx, actor, ids);
    await tx.deleteFrom('customer_watches').where('user_id', '=', actor.userId).where('customer_id', 'in', ids).execute();
    if (watch) {
      const at = ctx.clock().toISOString();
      await tx
        .insertInto('customer_watches')
        .values(ids.map((id) => ({ user_id: actor.userId, customer_id: id, watched_at: at })))
        .execute();
    }
  });
}

export async function isWatched(ctx: AppContext, actor: Actor, id: number): Promise<boolean> {
  const row = await ctx.db
    .selectFrom('customer_watches')
    .select('customer_id')
    .where('user_id', '=', actor.userId)
    .where('customer_id', '=', id)
    .executeTakeFirst();
  return row !== undefined;
}
