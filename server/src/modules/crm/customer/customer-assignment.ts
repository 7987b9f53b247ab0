import type { AppContext } from '../../../app-context';
import type { DbOrTx, DbTx } from '../../../db/database';
import { transact } from '../../../db/transact';
import { badRequest, forbidden, notFound } from '../../../http/errors';
import type { Actor } from '../../auth/session/actor';
import { notify } from '../../notification/notify';
import { loadBranchIndex, type BranchIndex } from '../../system/branch/branch-index';
import { hasRight, parseRights } from '../../system/role/permission-tree';
import { CUSTOMER_SCOPE, dataScope } from '../../shared/data-scope';

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

type Adviser = { id: number; branch_id: number | null; quit_status: number; rights: string };

async function loadAdviser(db: DbOrTx, userId: number): Promise<Adviser> {
  const adviser = await db
    .selectFrom('users as u')
    .innerJoin('roles as r', 'r.id', 'u.role_id')
    .select(['u.id', 'u.branch_id', 'u.quit_status', 'r.rights'])
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
  const department = actor.dataScope === 'department' && actor.branchId !== null && branches.get(actor.branchId) ? branches.subtreeIds(actor.branchId) : [];
  if (adviser.branch_id === null || !department.includes(adviser.branch_id)) throw forbidden('只能分配给本部门的顾问');
}

/**
 * Gives `ids` to `adviserId` in one transaction: every customer must exist, and those not in the
 * public pool must be within the actor's data scope. On PostgreSQL the rows are locked first (in id
 * order, so two assignments of overlapping customers queue instead of deadlocking); SQLite runs one
 * writer at a time. Either way two simultaneous assignments end with one of them applied whole.
 * Customers the adviser already owns are left as they are. Returns how many changed hands.
 */
export async function assignCustomers(ctx: AppContext, actor: Actor, ids: number[], adviserId: number): Promise<number> {
  const now = ctx.clock().toISOString();
  return transact(ctx, async (tx) => {
    const rows = await tx
      .selectFrom('customers')
      .select(['id', 'owner_id', 'gonghai'])
      .where('id', 'in', ids)
      .orderBy('id')
      .$if(ctx.dialect === 'postgres', (q) => q.forUpdate())
      .execute();
    if (rows.length !== ids.length) throw notFound(MSG_CUSTOMER_NOT_FOUND);
    const branches = await loadBranchIndex(tx);
    const owned = rows.filter((r) => r.gonghai === 0).map((r) => r.id);
    if (owned.length > 0) {
      const scoped = await tx.selectFrom('customers as c').select('c.id').where('c.id', 'in', owned).where(dataScope(CUSTOMER_SCOPE, actor, 'all', branches)).execute();
      if (scoped.length !== owned.length) throw forbidden('只能分配您权限范围内的客户');
    }
    const adviser = await loadAdviser(tx, adviserId);
    assertAdviserInReach(actor, adviser, branches);

    const changing = rows.filter((r) => r.gonghai === 1 || r.owner_id !== adviser.id).map((r) => r.id);
    if (changing.length === 0) return 0;
    await tx.updateTable('customers').set({ owner_id: adviser.id, branch_id: adviser.branch_id, gonghai: 0, updated_at: now }).where('id', 'in', changing).execute();
    await recordAssignment(ctx, tx, actor, changing, adviser.id);
    return changing.length;
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
  await ctx.db.updateTable('customer_assignments').set({ seen: 1 }).where('customer_id', '=', customerId).where('user_id', '=', userId).where('seen', '=', 0).execute();
}

/** The menu badges: 我的number = owned outside the pool; 再分配number = assigned to the user and not opened yet. */
export async function customerCounts(ctx: AppContext, userId: number): Promise<{ mine: number; reassigned: number }> {
  const [mine, reassigned] = await Promise.all([
    ctx.db
      .selectFrom('customers')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('owner_id', '=', userId)
      .where('gonghai', '=', 0)
      .executeTakeFirstOrThrow(),
    // Driven by the user's few unseen assignments (an index range), each checked by primary key so
    // that stale rows (the customer has since moved to someone else or to the pool) do not count.
    ctx.db
      .selectFrom('customer_assignments as a')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('a.user_id', '=', userId)
      .where('a.seen', '=', 0)
      .where(({ exists, selectFrom }) =>
        exists(selectFrom('customers as c').select('c.id').whereRef('c.id', '=', 'a.customer_id').where('c.owner_id', '=', userId).where('c.gonghai', '=', 0)),
      )
      .executeTakeFirstOrThrow(),
  ]);
  return { mine: Number(mine.n), reassigned: Number(reassigned.n) };
}
