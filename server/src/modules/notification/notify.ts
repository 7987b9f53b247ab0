import type { AppContext } from '../../app-context';
import type { DbOrTx, DbTx } from '../../db/database';
import { afterCommit, transact } from '../../db/transact';
import { formatShanghai } from '../../lib/time';

/**
 * Notifications (spec §2.3 drawer, team contract "Notifications"): stored rows plus a realtime
 * `privateSystemMsg` push to each recipient. The push always follows the commit of the write that
 * created the notification, so a rolled-back write never reaches anybody's screen.
 */
/** `system`: for administrators (a remote's build failed to load and was rolled back, issue #13 §5). */
export type NotificationKind = 'task' | 'customer' | 'approval' | 'pool' | 'system';

/** `model_type` of a notification: what opening it should show. */
export type NotificationModel = 'task' | 'customer' | 'approval' | '';

export type NotifyInput = {
  userIds: readonly number[];
  cont: string;
  kind: NotificationKind;
  modelType?: NotificationModel;
  modelId?: number | null;
};

/** What a notify push carries about the new notification (spec §3 "Notification"); kind and model let the shell react (e.g. a desktop notification for pool warnings). */
export type PushedNotification = { id: number; cont: string; addtime: string; kind?: NotificationKind; modelType?: NotificationModel; modelId?: number | null };

/** The `privateSystemMsg` argument of a notify push (team contract "Realtime"). */
export type NotifyPush = { type: 'notify'; notifyCount: number; msg: string; onlineCount: number; notification?: PushedNotification };

export const PUSH_TARGET = 'privateSystemMsg';
const CONT_MAX = 500;

type NotifyContext = Pick<AppContext, 'db' | 'log' | 'clock' | 'realtime'>;

/** 'YYYY-MM-DD HH:mm' in Asia/Shanghai, as the drawer shows it. */
export function notificationTime(iso: string): string {
  return formatShanghai(iso).slice(0, 16);
}

/**
 * Stores one notification per recipient and pushes them once the write commits. With `trx` (which
 * must come from `transact`), the rows join the caller's transaction and the pushes wait for its
 * commit; without, the notification is its own transaction. Returns the new notification ids.
 */
export async function notify(ctx: NotifyContext, input: NotifyInput, trx?: DbTx): Promise<number[]> {
  if (!trx) return transact(ctx, (tx) => notify(ctx, input, tx));
  const userIds = [...new Set(input.userIds)].filter((id) => Number.isSafeInteger(id) && id > 0);
  if (userIds.length === 0) return [];
  const cont = [...input.cont].slice(0, CONT_MAX).join('');
  const createdAt = ctx.clock().toISOString();
  const rows = await trx
    .insertInto('notifications')
    .values(
      userIds.map((userId) => ({
        user_id: userId,
        cont,
        kind: input.kind,
        model_type: input.modelType ?? '',
        model_id: input.modelId ?? null,
        created_at: createdAt,
        read_at: null,
      })),
    )
    .returning(['id', 'user_id'])
    .execute();
  const addtime = notificationTime(createdAt);
  afterCommit(trx, () =>
    pushNotifications(
      ctx,
      rows.map((r) => ({
        userId: r.user_id,
        notification: { id: r.id, cont, addtime, kind: input.kind, modelType: input.modelType ?? '', modelId: input.modelId ?? null },
      })),
    ),
  );
  return rows.map((r) => r.id);
}

/** Unread counts of several users in one grouped, index-only query. */
export async function unreadCounts(db: DbOrTx, userIds: readonly number[]): Promise<Map<number, number>> {
  const counts = new Map<number, number>(userIds.map((id) => [id, 0]));
  if (userIds.length === 0) return counts;
  const rows = await db
    .selectFrom('notifications')
    .select(['user_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('user_id', 'in', [...new Set(userIds)])
    .where('is_read', '=', 0)
    .groupBy('user_id')
    .execute();
  for (const r of rows) counts.set(r.user_id, Number(r.n));
  return counts;
}

async function pushNotifications(ctx: NotifyContext, items: { userId: number; notification?: PushedNotification }[]): Promise<void> {
  if (items.length === 0) return;
  const [counts, onlineCount] = await Promise.all([
    unreadCounts(
      ctx.db,
      items.map((i) => i.userId),
    ),
    ctx.realtime.onlineCount(),
  ]);
  await Promise.all(
    items.map((item) => {
      const push: NotifyPush = {
        type: 'notify',
        notifyCount: counts.get(item.userId) ?? 0,
        msg: item.notification?.cont ?? '',
        onlineCount,
        ...(item.notification ? { notification: item.notification } : {}),
      };
      return ctx.realtime.sendToUser(item.userId, PUSH_TARGET, [push]);
    }),
  );
}

/** Tells a user's open tabs their new unread count (after marking read), without a new notification. */
export async function pushUnreadCount(ctx: NotifyContext, userId: number): Promise<void> {
  await pushNotifications(ctx, [{ userId }]);
}
