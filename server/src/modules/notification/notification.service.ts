import type { NotificationRow } from '@portal/shared-contract';
import type { AppContext } from '../../app-context';
import type { ListReply } from '../../http/envelope';
import { afterCommit, transact } from '../../db/transact';
import { notificationTime, pushUnreadCount } from './notify';

export type NotificationQuery = { page: number; rows: number; isread: 0 | 1 };

/** The user's notifications of one read state, newest first: an index range for both count and page. */
export async function listNotifications(ctx: AppContext, userId: number, q: NotificationQuery): Promise<ListReply<NotificationRow>> {
  const base = ctx.db.selectFrom('notifications').where('user_id', '=', userId).where('is_read', '=', q.isread);
  const { n } = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const total = Number(n);
  if (total === 0 || (q.page - 1) * q.rows >= total) return { rows: [], total };
  const rows = await base
    .select(['id', 'cont', 'kind', 'model_type', 'model_id', 'created_at'])
    .orderBy('id', 'desc')
    .limit(q.rows)
    .offset((q.page - 1) * q.rows)
    .execute();
  return {
    rows: rows.map((r) => ({ id: r.id, cont: r.cont, addtime: notificationTime(r.created_at), kind: r.kind, modelType: r.model_type, modelId: r.model_id })),
    total,
  };
}

/**
 * Marks the user's own notifications read ('all' or the given ids; other users' ids are ignored) and
 * pushes the new unread count to the user's open tabs. Returns how many changed.
 */
export async function markNotificationsRead(ctx: AppContext, userId: number, ids: number[] | 'all'): Promise<number> {
  const now = ctx.clock().toISOString();
  return transact(ctx, async (tx) => {
    let update = tx.updateTable('notifications').set({ is_read: 1, read_at: now }).where('user_id', '=', userId).where('is_read', '=', 0);
    if (ids !== 'all') update = update.where('id', 'in', ids);
    const result = await update.executeTakeFirst();
    afterCommit(tx, () => pushUnreadCount(ctx, userId));
    return Number(result.numUpdatedRows);
  });
}
