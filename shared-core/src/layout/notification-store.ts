/**
 * Notifications as the realtime connection reports them (spec §2.3, §7): the user's unread count for
 * the bell, and a change signal so any view showing notifications or counts can refresh without a
 * reload. The shell's realtime connection fills it; pages may subscribe.
 */
import { create } from 'zustand';

/** One row of `api/notification/index`, or the notification a notify push carries. */
export type PortalNotification = {
  id: number;
  cont: string;
  addtime: string;
  kind?: string;
  modelType?: number | string | null;
  modelId?: number | string | null;
};

type NotificationState = {
  unreadCount: number;
  /** Increases by one on every notify push (a new notification, or a read state changed elsewhere). */
  changes: number;
  /** The notification the last push carried, when it carried one. */
  latest: PortalNotification | null;
  setUnreadCount: (count: number) => void;
  /** A notify push: the server's unread count and, for a new notification, the notification. */
  received: (unreadCount: number, notification?: PortalNotification | null) => void;
  reset: () => void;
};

export const useNotificationStore = create<NotificationState>()((set) => ({
  unreadCount: 0,
  changes: 0,
  latest: null,
  setUnreadCount: (unreadCount) => set({ unreadCount: Math.max(0, unreadCount) }),
  received: (unreadCount, notification) =>
    set((s) => ({ unreadCount: Math.max(0, unreadCount), changes: s.changes + 1, latest: notification ?? null })),
  reset: () => set({ unreadCount: 0, changes: 0, latest: null }),
}));
