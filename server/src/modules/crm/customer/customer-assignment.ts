import type { AppContext } from '../../../app-context';
import type { DbOrTx, DbTx } from '../../../db/database';
import { transact } from '../../../db/transact';
import { badRequest, forbidden, HttpError, notFound } from '../../../http/errors';
import type { Actor } from '../../auth/session/actor';
import { notify } from '../../notification/notify';
import { loadBranchIndex, type BranchIndex } from '../../system/branch/branch-index';
import { hasRight, parseRights } from '../../system/role/permission-tree';
import { CUSTOMER_SCOPE, dataScope, scopeBranchIds } from '../../shared/data-scope';
import { poolRules } from '../pool/pool-rules';
import { assertPoolReadable } from '../pool/public-pools';
import { assertUnderCap, lockUser } from './customer-actions';
import { writeLogs } from './customer-log';

/**
 * Customer assignment (分配, spec §2.2 daifenpei/zaifenpei, §5): a manager gives customers to an
 * adviser. The adviser owns them from then on, hears of it by a notification, and sees them counted
 * as "reassigned, not yet opened" (再分配number) until opening each one. The assignment time also
 * restarts the public-pool recycle clock (see crm/pool/recycle-warning.ts).
 */

/** Same text as customer.service's; kept here so that the customer service can import this module without a cycle. */
const MSG_CUSTOMER_NOT_FOUND = '客户不存在';
export const MSG_NO_CUSTOMERS = '请选择客户！';
export const MSG_NO_ADVISER = '请选择顾问！';
/** Customers per call: one transaction stays short. */
export const ASSIGN_MAX = 1000;

const UPSERT_CHUNK = 500;

type Adviser = { id: number; nick_name: string; branch_id: number | null; quit_status: number; rights: string };

async function loadAdviser(db: DbOrTx, userId: number): Promise<Adviser> {
  const adviser = await db
    .selectFrom('users as u')
    .innerJoin('roles as r', 'r.id', 'u.role_id')
    .select(['u.id', 'u.nick_name', 'u.branch_id', 'u.quit_status', 'r.rights'])
    .where('u.id', '=', userId)
    .executeTakeFirst();
  if (!adviser) throw badRequest('顾问不存在');
  if (adviser.quit_status !== 0) throw badRequest('该顾问已离职，请重新选择');
  if (!hasRight(parseRights(adviser.rights), 'crm', 'customer/watched')) throw badRequest('该顾问没有客户管理权限');
  return adviser;
}

/** A manager assigns within the reach of their data scope: the whole company, their department subtree, or themself. */
function assertAdviserInReach(actor: Actor, adviser: Adviser, branches: BranchIndex): void {
  if (actor.dataScope === 'all' || adviser.id === actor.userId) return;
  const department = scopeBranchIds(actor, branches) ?? [];
  if (adviser.branch_id === null || !department.includes(adviser.branch_id)) throw forbidden('只能分配给本部门的顾问');
}

export const MSG_ASSIGN_CONFLICT = '客户已被他人分配，请刷新后重试';

/**
 * `owners`: the owner (UserID) the caller's list showed for each of `ids`, in the same order, 0 for a
 * customer without owner (in the public pool, or 待分配 outside it). Optional; with it, an assignment made by someone else in between is
 * detected even when the two calls did not overlap.
 */
export function parseExpectedOwners(raw: unknown, ids: number[]): Map<number, number> | undefined {
  if (raw === undefined || raw === null || raw === '') return undefined;
  const list = String(raw)
    .split(',')
    .map((v) => v.trim());
  if (list.length !== ids.length || list.some((v) => !/^\d{1,12}$/.test(v))) throw badRequest('客户负责人列表与所选客户不一致，请刷新后重试');
  return new Map(ids.map((id, i) => [id, Number(list[i])]));
}

/**
 * Gives `ids` to `adviserId` in one transaction: every customer must exist, and those not in the
 * public pool must be within the actor's data scope. The customers' owners are read with the request,
 * and the update is conditional on them (optimistic concurrency): if another assignment (or any change
 * of owner) got there first, the whole call is refused with MSG_ASSIGN_CONFLICT, nothing is written and
 * nobody is notified. Of two simultaneous assignments of the same customer exactly one wins, on SQLite
 * and on PostgreSQL (where the loser's UPDATE waits for the winner's row lock, then finds the owner
 * changed). SQLite runs one writer at a time, so a loser would read the winner's result and succeed
 * after it: there the update is also conditional on the customer not having been written since the
 * request arrived (`receivedAt`; updated_at is stamped at the write; one machine, one clock). Customers the adviser
 * already owns are left as they are. Returns how many changed hands.
 */
export async function assignCustomers(
  ctx: AppContext,
  actor: Actor,
  ids: number[],
  adviserId: number,
  receivedAt: Date = ctx.clock(),
  expectedOwners?: Map<number, number>,
): Promise<number> {
  const requestedAt = receivedAt.toISOString();
  // The state the assignment is based on: what the caller saw (`owners`), else what this call reads first.
  const read = await ctx.db
    .selectFrom('customers')
    .select(['id', 'owner_id', 'gonghai', 'blacklisted', 'pool_id'])
    .where('id', 'in', ids)
    .orderBy('id')
    .execute();
  if (read.length !== ids.length) throw notFound(MSG_CUSTOMER_NOT_FOUND);
  if (read.some((r) => r.blacklisted === 1)) throw badRequest('黑名单客户不能分配');
  // Pool customers only from the pools the actor is a member of (several pools, public-pools.ts).
  await assertPoolReadable(
    ctx.db,
    actor,
    read.filter((r) => r.gonghai === 1).map((r) => r.pool_id),
  );
  const seen = read.map((r) => {
    const expected = expectedOwners?.get(r.id);
    if (expected === undefined) return r;
    // 0: the caller saw no owner (in the pool, or 待分配: no owner outside the pool). The row's pool flag
    // as read stands; an owner that appeared since makes the conditional update below miss (conflict).
    return expected === 0 ? { ...r, owner_id: null } : { ...r, owner_id: expected, gonghai: 0 };
  });
  return transact(ctx, async (tx) => {
    const branches = await loadBranchIndex(tx);
    const owned = seen.filter((r) => r.gonghai === 0).map((r) => r.id);
    if (owned.length > 0) {
      const scoped = await tx
        .selectFrom('customers as c')
        .select('c.id')
        .where('c.id', 'in', owned)
        .where(dataScope(CUSTOMER_SCOPE, actor, 'all', branches))
        .execute();
      if (scoped.length !== owned.length) throw forbidden('只能分配您权限范围内的客户');
    }
    const adviser = await loadAdviser(tx, adviserId);
    assertAdviserInReach(actor, adviser, branches);

    const changing = seen.filter((r) => r.gonghai === 1 || r.owner_id !== adviser.id);
    if (changing.length === 0) return 0;
    // The ownership cap (pool rules), with the adviser's row locked so that two assignments cannot both pass it.
    const rules = await poolRules(tx);
    await lockUser(ctx, tx, adviser.id);
    await assertUnderCap(tx, { id: adviser.id, name: adviser.nick_name }, changing.length, rules);
    // One conditional update per (owner, pool) group that was read: every row must still be as read.
    const groups = new Map<string, { owner: number | null; gonghai: number; ids: number[] }>();
    for (const r of changing) {
      const key = `${r.owner_id ?? ''}:${r.gonghai}`;
      const group = groups.get(key) ?? { owner: r.owner_id, gonghai: r.gonghai, ids: [] };
      group.ids.push(r.id);
      groups.set(key, group);
    }
    let updated = 0;
    const now = ctx.clock().toISOString();
    for (const g of groups.values()) {
      const result = await tx
        .updateTable('customers')
        .set({ owner_id: adviser.id, branch_id: adviser.branch_id, gonghai: 0, updated_at: now })
        .where('id', 'in', g.ids)
        .where('gonghai', '=', g.gonghai)
        .where('blacklisted', '=', 0)
        .where((eb) => (g.owner === null ? eb('owner_id', 'is', null) : eb('owner_id', '=', g.owner)))
        .$if(ctx.dialect === 'sqlite', (q) => q.where('updated_at', '<', requestedAt))
        .executeTakeFirst();
      updated += Number(result.numUpdatedRows);
    }
    if (updated !== changing.length) throw new HttpError(409, MSG_ASSIGN_CONFLICT);
    const changed = changing.map((r) => r.id);
    await recordAssignment(ctx, tx, actor, changed, adviser.id);
    const fromPool = new Set(changing.filter((r) => r.gonghai === 1).map((r) => r.id));
    await writeLogs(
      tx,
      actor.userId,
      now,
      changed.map((id) => ({ customerId: id, kind: 'owner', ext: `${fromPool.has(id) ? '从公海' : ''}分配给 ${adviser.nick_name}` })),
    );
    return changed.length;
  });
}

/**
 * Records that `customerIds` were just given to `userId` (whoever changed the owner: assignment, or
 * an edit that changes it): unseen by the new owner, who is notified, unless the actor gave them to
 * themself. Runs in the caller's `transact` transaction.
 */
export async function recordAssignment(ctx: AppContext, tx: DbTx, actor: Actor, customerIds: number[], userId: number): Promise<void> {
  const now = ctx.clock().toISOString();
  const toSelf = userId === actor.userId;
  // The new owner's recycle clock starts now (pool rules).
  for (let start = 0; start < customerIds.length; start += UPSERT_CHUNK) {
    await tx
      .updateTable('customers')
      .set({ owned_at: now })
      .where('id', 'in', customerIds.slice(start, start + UPSERT_CHUNK))
      .execute();
  }
  for (let start = 0; start < customerIds.length; start += UPSERT_CHUNK) {
    const chunk = customerIds.slice(start, start + UPSERT_CHUNK);
    await tx
      .insertInto('customer_assignments')
      .values(chunk.map((customerId) => ({ customer_id: customerId, user_id: userId, assigned_by: actor.userId, assigned_at: now, seen: toSelf ? 1 : 0 })))
      .onConflict((oc) =>
        oc.column('customer_id').doUpdateSet((eb) => ({
          user_id: eb.ref('excluded.user_id'),
          assigned_by: eb.ref('excluded.assigned_by'),
          assigned_at: eb.ref('excluded.assigned_at'),
          seen: eb.ref('excluded.seen'),
        })),
      )
      .execute();
  }
  if (toSelf) return;
  await notify(
    ctx,
    {
      userIds: [userId],
      cont: `${actor.nickName} 将 ${customerIds.length} 个客户分配给你`,
      kind: 'customer',
      modelType: 'customer',
      modelId: customerIds.length === 1 ? customerIds[0] : null,
    },
    tx,
  );
}

/** Opening a customer's detail as its owner marks an assignment to them as seen. */
export async function markCustomerSeen(ctx: AppContext, userId: number, customerId: number): Promise<void> {
  await ctx.db
    .updateTable('customer_assignments')
    .set({ seen: 1 })
    .where('customer_id', '=', customerId)
    .where('user_id', '=', userId)
    .where('seen', '=', 0)
    .execute();
}

/** The menu badges: 我的number = owned outside the pool; 再分配number = assigned to the user and not opened yet. */
export async function customerCounts(ctx: AppContext, userId: number): Promise<{ mine: number; reassigned: number }> {
  const [mine, reassigned] = await Promise.all([
    ctx.db
      .selectFrom('customers')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('owner_id', '=', userId)
      .where('gonghai', '=', 0)
      .where('blacklisted', '=', 0)
      .where('merged_into', 'is', null)
      .where('clue', 'in', [1, 2])
      .executeTakeFirstOrThrow(),
    // Driven by the user's few unseen assignments (an index range), each checked by primary key so
    // that stale rows (the customer has since moved to someone else or to the pool) do not count.
    ctx.db
      .selectFrom('customer_assignments as a')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('a.user_id', '=', userId)
      .where('a.seen', '=', 0)
      .where(({ exists, selectFrom }) =>
        exists(
          selectFrom('customers as c')
            .select('c.id')
            .whereRef('c.id', '=', 'a.customer_id')
            .where('c.owner_id', '=', userId)
            .where('c.gonghai', '=', 0)
            .where('c.blacklisted', '=', 0),
        ),
      )
      .executeTakeFirstOrThrow(),
  ]);
  return { mine: Number(mine.n), reassigned: Number(reassigned.n) };
}
