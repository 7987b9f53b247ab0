/**
 * The notification and count queries of the shell (spec §2.3, §7): the bell's unread count, the
 * 消息提醒 tabs as infinite lists of 10 per page (stopping after a short page), the CRM menu
 * badges (kehuCounts), and what a push does to them. Failures are only logged: a stale badge is no
 * reason to interrupt the user.
 */
import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import {
  applyDataChange,
  customerKeys,
  hasPermission,
  NOTIFICATION_PAGE_SIZE,
  notificationKeys,
  useSessionStore,
  type BadgeKey,
  type PermissionTree,
  type PortalNotification,
} from '@portal/shared-core';
import { fetchCustomerCounts, fetchNotifications, fetchUnreadCount, markNotificationsRead, READ, UNREAD, type ReadState } from './notification-api';

function logged<T>(what: string, load: () => Promise<T>): () => Promise<T> {
  return () =>
    load().catch((error: unknown) => {
      console.warn(`[notifications] loading ${what} failed`, error);
      throw error;
    });
}

export function showsCustomerBadges(permissions: PermissionTree | null): boolean {
  return hasPermission(permissions, { type: 'crm', subType: 'customer/watched' }) || hasPermission(permissions, { type: 'crm', subType: 'customer/zaifenpei' });
}

export const customerCountsQuery = { queryKey: customerKeys.counts(), queryFn: logged('customer counts', fetchCustomerCounts) };
export const unreadCountQuery = { queryKey: notificationKeys.unreadCount(), queryFn: logged('the unread count', fetchUnreadCount) };

/** The CRM menu badges by badge key; empty without the customer pages. */
export function useMenuBadges(): Partial<Record<BadgeKey, number>> {
  const permissions = useSessionStore((s) => s.permissions);
  const counts = useQuery({ ...customerCountsQuery, enabled: showsCustomerBadges(permissions) });
  return counts.data ?? {};
}

export function useUnreadCount(): number {
  const token = useSessionStore((s) => s.token);
  return useQuery({ ...unreadCountQuery, enabled: Boolean(token) }).data ?? 0;
}

type NotificationPage = { rows: PortalNotification[] };
type NotificationPages = InfiniteData<NotificationPage, number>;

/** Notifications pushed while the unread list's first page was on its way: that answer may predate them. */
let pushedDuringFirstPage: PortalNotification[] | null = null;

/** Appends rows not already shown (pushed rows shift the pages, so a later page may repeat one). */
function merge(shown: PortalNotification[], rows: PortalNotification[]): PortalNotification[] {
  const ids = new Set(shown.map((n) => n.id));
  return [...shown, ...rows.filter((n) => !ids.has(n.id))];
}

export function useNotificationList(isread: ReadState) {
  const pages = useInfiniteQuery({
    queryKey: notificationKeys.list(isread),
    queryFn: async ({ pageParam }): Promise<NotificationPage> => {
      const firstUnread = pageParam === 1 && isread === UNREAD;
      if (firstUnread) pushedDuringFirstPage = [];
      try {
        const { rows } = await logged('notifications', () => fetchNotifications(isread, pageParam))();
        return { rows: firstUnread ? merge(pushedDuringFirstPage ?? [], rows) : rows };
      } finally {
        if (firstUnread) pushedDuringFirstPage = null;
      }
    },
    initialPageParam: 1,
    getNextPageParam: (last, _all, lastPage) => (last.rows.length >= NOTIFICATION_PAGE_SIZE ? lastPage + 1 : undefined),
    // Every opening of the drawer shows fresh pages.
    refetchOnMount: 'always',
    staleTime: 0,
  });
  const items = (pages.data?.pages ?? []).reduce<PortalNotification[]>((shown, page) => merge(shown, page.rows), []);
  return {
    items,
    loading: pages.isFetching,
    // After a failure, stop here rather than retry on every scroll; reopening the drawer tries again.
    hasMore: !pages.isError && (pages.isPending || pages.hasNextPage),
    loadMore: () => {
      if (!pages.isFetching && pages.hasNextPage && !pages.isError) void pages.fetchNextPage();
    },
  };
}

/** A notify push: its count and its notification go straight into the cache; what it does not carry is refetched. */
export function applyNotifyPush(queryClient: QueryClient, unreadCount: number | undefined, notification: PortalNotification | null | undefined): Promise<void> {
  if (unreadCount !== undefined) queryClient.setQueryData(notificationKeys.unreadCount(), Math.max(0, unreadCount));
  if (notification) {
    const unread = notificationKeys.list(UNREAD);
    if (queryClient.getQueryData(unread)) {
      queryClient.setQueryData<NotificationPages>(unread, (data) =>
        data && !data.pages.some((page) => page.rows.some((n) => n.id === notification.id))
          ? { ...data, pages: [{ rows: [notification, ...(data.pages[0]?.rows ?? [])] }, ...data.pages.slice(1)] }
          : data,
      );
    } else if (pushedDuringFirstPage) {
      pushedDuringFirstPage = [notification, ...pushedDuringFirstPage];
    }
  }
  return applyDataChange(queryClient, { type: 'notify-pushed', withNotification: Boolean(notification), withUnreadCount: unreadCount !== undefined });
}

/** 全部标记为已读: the unread list empties and the count is 0; the read list takes them in. */
export function useMarkAllReadMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => markNotificationsRead('all'),
    onSuccess: () => {
      queryClient.setQueryData(notificationKeys.unreadCount(), 0);
      queryClient.setQueryData<NotificationPages>(notificationKeys.list(UNREAD), { pages: [{ rows: [] }], pageParams: [1] });
      return queryClient.invalidateQueries({ queryKey: notificationKeys.list(READ) });
    },
  });
}
