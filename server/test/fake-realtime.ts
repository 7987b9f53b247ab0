import type { Realtime } from '../src/hub/realtime';
import type { NotifyPush } from '../src/modules/notification/notify';
import type { TestServer } from './harness';

/** One `sendToUser` call, with whether its notification was already committed when it was pushed. */
export type RecordedPush = { userId: number; target: string; payload: NotifyPush; committed: boolean | null };

/**
 * Replaces the server's realtime hub with a recorder (services read `ctx.realtime` at call time). A
 * push carrying a notification is checked against the database through the pool: the row is visible
 * there only once its transaction has committed.
 */
export function recordPushes(s: TestServer, onlineCount = 3): RecordedPush[] {
  const pushes: RecordedPush[] = [];
  const fake: Realtime = {
    async sendToUser(userId, target, args) {
      const payload = args[0] as NotifyPush;
      let committed: boolean | null = null;
      if (payload?.notification) {
        const row = await s.app.portal.db.selectFrom('notifications').select('id').where('id', '=', payload.notification.id).executeTakeFirst();
        committed = row !== undefined;
      }
      pushes.push({ userId, target, payload, committed });
    },
    broadcast: async () => undefined,
    onlineCount: async () => onlineCount,
    onlineUsers: async () => [],
  };
  s.app.portal.realtime = fake;
  return pushes;
}

export async function unreadOf(s: TestServer, userId: number): Promise<number> {
  const row = await s.app.portal.db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('is_read', '=', 0)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function userIds(s: TestServer): Promise<Record<string, number>> {
  const rows = await s.app.portal.db.selectFrom('users').select(['id', 'username']).execute();
  return Object.fromEntries(rows.map((r) => [r.username, r.id]));
}
