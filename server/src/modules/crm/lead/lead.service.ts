/**
 * Leads (api/clues/*): clue 3 rows of the customer table, so turning one into a customer keeps its
 * follow-ups, contacts and files.
 */
import type { AppContext } from '../../../app-context';
import { transact } from '../../../db/transact';
import { badRequest } from '../../../http/errors';
import type { Actor } from '../../auth/session/actor';
import { writeLogs } from '../customer/customer-log';

/** Leads: Turn {ids} makes clue 3 rows customers (clue 1), keeping everything attached to them. */
export async function turnLeads(ctx: AppContext, actor: Actor, ids: number[]): Promise<number> {
  const now = ctx.clock().toISOString();
  return transact(ctx, async (tx) => {
    const rows = await tx.selectFrom('customers').select(['id', 'clue', 'close_reason']).where('id', 'in', ids).execute();
    if (rows.some((r) => r.clue !== 3)) throw badRequest('所选记录不是线索');
    if (rows.some((r) => r.close_reason !== '')) throw badRequest('已关闭的线索不能转为客户');
    const res = await tx
      .updateTable('customers')
      .set({ clue: 1, updated_at: now, owned_at: now })
      .where('id', 'in', ids)
      .where('clue', '=', 3)
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) !== ids.length) throw badRequest('线索状态已变化，请刷新后重试');
    await writeLogs(
      tx,
      actor.userId,
      now,
      ids.map((id) => ({ customerId: id, kind: 'lead', ext: '线索转为客户' })),
    );
    return ids.length;
  });
}

export async function closeLeads(ctx: AppContext, actor: Actor, ids: number[], reason: string): Promise<number> {
  const now = ctx.clock().toISOString();
  return transact(ctx, async (tx) => {
    const rows = await tx.selectFrom('customers').select(['id', 'clue']).where('id', 'in', ids).execute();
    if (rows.some((r) => r.clue !== 3)) throw badRequest('所选记录不是线索');
    await tx.updateTable('customers').set({ close_reason: reason, updated_at: now }).where('id', 'in', ids).execute();
    await writeLogs(
      tx,
      actor.userId,
      now,
      ids.map((id) => ({ customerId: id, kind: 'lead', ext: `关闭线索，原因：${reason}` })),
    );
    return ids.length;
  });
}
