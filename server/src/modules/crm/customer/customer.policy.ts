/**
 * Who may reach a customer (record policies, run by the route hook before the handler; see
 * http/record-policy.ts). Leads (线索) are customer rows too and follow the same rules.
 *
 * - read: a pool customer (gonghai 1) by members of its pool (默认公海: everyone who may open customers),
 *   any other within the role's data scope;
 * - write: within the role's data scope (a pool customer's owner scope is empty, so pool customers are
 *   written through the pool's own actions: claim, assign);
 * - act: in the pool the actor is a member of, or within the scope (blacklist, pin, watch, move to pool);
 * - claim: a customer still in a pool must be in one the actor is a member of; one already claimed is
 *   left to the claim itself, which tells the loser it was taken.
 *
 * Unknown ids answer 404 客户不存在; others 403.
 */
import { forbidden, notFound } from '../../../http/errors';
import { defineRecordPolicy } from '../../../http/record-policy';
import type { AppContext } from '../../../app-context';
import type { DbOrTx } from '../../../db/database';
import type { Actor } from '../../auth/session/actor';
import { loadBranchIndex } from '../../system/branch/branch-index';
import { CUSTOMER_SCOPE, dataScope } from '../../shared/data-scope';
import { assertPoolReadable, memberPoolIds } from '../pool/public-pools';
import { visibleCustomerCondition } from './customer-access';

export const MSG_CUSTOMER_NOT_FOUND = '客户不存在';
const CUSTOMER_LABELS = ['客户', '线索', '被合并的客户', '保留的客户'];

type Found = { id: number; gonghai: number; pool_id: number | null };

async function existing(db: DbOrTx, ids: number[]): Promise<Found[]> {
  const rows = await db.selectFrom('customers').select(['id', 'gonghai', 'pool_id']).where('id', 'in', ids).execute();
  if (rows.length !== ids.length) throw notFound(MSG_CUSTOMER_NOT_FOUND);
  return rows;
}

/** 404 for an unknown id, 403 for one outside the actor's data scope. */
export async function assertCustomersInScope(db: DbOrTx, actor: Actor, ids: number[]): Promise<void> {
  await existing(db, ids);
  const scoped = await db
    .selectFrom('customers as c')
    .select('c.id')
    .where('c.id', 'in', ids)
    .where(dataScope(CUSTOMER_SCOPE, actor, 'all', await loadBranchIndex(db)))
    .execute();
  if (scoped.length !== ids.length) throw forbidden();
}

/** A pool customer by the pool's members, any other within the data scope. */
export async function assertCustomersReadable(db: DbOrTx, actor: Actor, ids: number[]): Promise<void> {
  const rows = await existing(db, ids);
  const pooled = rows.filter((r) => r.gonghai === 1);
  if (pooled.length > 0)
    await assertPoolReadable(
      db,
      actor,
      pooled.map((r) => r.pool_id),
    );
  const owned = rows.filter((r) => r.gonghai !== 1).map((r) => r.id);
  if (owned.length > 0) await assertCustomersInScope(db, actor, owned);
}

export const customerRead = defineRecordPolicy({
  name: 'customer:read',
  summary: '客户：公海客户限该公海的成员，其他客户按角色的数据范围',
  labels: CUSTOMER_LABELS,
  check: (ctx, actor, ids) => assertCustomersReadable(ctx.db, actor, ids),
});

export const customerWrite = defineRecordPolicy({
  name: 'customer:write',
  summary: '客户：按角色的数据范围（全部 / 本部门 / 本人及参与）',
  labels: CUSTOMER_LABELS,
  check: (ctx, actor, ids) => assertCustomersInScope(ctx.db, actor, ids),
});

export const customerAct = defineRecordPolicy({
  name: 'customer:act',
  summary: '客户：在本人所属的公海中，或在角色的数据范围内',
  labels: CUSTOMER_LABELS,
  check: async (ctx, actor, ids) => {
    await existing(ctx.db, ids);
    const branches = await loadBranchIndex(ctx.db);
    const visible = await ctx.db
      .selectFrom('customers as c')
      .select('c.id')
      .where('c.id', 'in', ids)
      .where(visibleCustomerCondition(actor, branches, await memberPoolIds(ctx.db, actor, branches)))
      .execute();
    if (visible.length !== ids.length) throw forbidden('只能操作您权限范围内的客户');
  },
});

export const customerClaim = defineRecordPolicy({
  name: 'customer:claim',
  summary: '公海客户：限该公海的成员（已被领取的客户由领取本身回答）',
  labels: CUSTOMER_LABELS,
  check: async (ctx, actor, ids) => {
    const rows = await existing(ctx.db, ids);
    const pooled = rows.filter((r) => r.gonghai === 1);
    if (pooled.length > 0)
      await assertPoolReadable(
        ctx.db,
        actor,
        pooled.map((r) => r.pool_id),
      );
  },
});

/** Pool customers by the members of their pools, the others within the data scope (`refused` for those outside it). */
async function assertPoolMemberOrInScope(ctx: AppContext, actor: Actor, ids: number[], refused: string): Promise<void> {
  const rows = await existing(ctx.db, ids);
  const pooled = rows.filter((r) => r.gonghai === 1);
  if (pooled.length > 0)
    await assertPoolReadable(
      ctx.db,
      actor,
      pooled.map((r) => r.pool_id),
    );
  const owned = rows.filter((r) => r.gonghai !== 1).map((r) => r.id);
  if (owned.length === 0) return;
  const scoped = await ctx.db
    .selectFrom('customers as c')
    .select('c.id')
    .where('c.id', 'in', owned)
    .where(dataScope(CUSTOMER_SCOPE, actor, 'all', await loadBranchIndex(ctx.db)))
    .execute();
  if (scoped.length !== owned.length) throw forbidden(refused);
}

export const customerAssign = defineRecordPolicy({
  name: 'customer:assign',
  summary: '分配、转移：公海客户限该公海的成员，其他客户按角色的数据范围',
  labels: CUSTOMER_LABELS,
  check: (ctx, actor, ids) => assertPoolMemberOrInScope(ctx, actor, ids, '只能分配您权限范围内的客户'),
});

export const customerOwnedByActor = defineRecordPolicy({
  name: 'customer:own',
  summary: '客户：限负责人本人',
  labels: CUSTOMER_LABELS,
  check: async (ctx, actor, ids) => {
    await existing(ctx.db, ids);
    const own = await ctx.db.selectFrom('customers').select('id').where('id', 'in', ids).where('owner_id', '=', actor.userId).execute();
    if (own.length !== ids.length) throw forbidden('只能将自己的客户放入公海');
  },
});

export const customerPoolMove = defineRecordPolicy({
  name: 'customer:pool-move',
  summary: '转移公海：公海客户限该公海的成员，其他客户按角色的数据范围（再由转移回答“只能转移公海中的客户”）',
  labels: CUSTOMER_LABELS,
  check: (ctx, actor, ids) => assertPoolMemberOrInScope(ctx, actor, ids, '只能操作您权限范围内的客户'),
});
