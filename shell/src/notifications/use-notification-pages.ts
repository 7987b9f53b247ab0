/**
 * One tab of the notification drawer: pages of 10 loaded one after another (infinite scroll) until a
 * page comes back short, with new notifications put on top as they are pushed.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { NOTIFICATION_PAGE_SIZE, type PortalNotification } from '@portal/shared-core';
import { fetchNotifications, type ReadState } from './notification-api';

export type NotificationPages = {
  items: PortalNotification[];
  loading: boolean;
  hasMore: boolean;
  loadMore: () => void;
  reload: () => void;
  prepend: (notification: PortalNotification) => void;
  clear: () => void;
};

/** Appends rows not already shown (pushed rows shift the pages, so a later page may repeat one). */
function merge(shown: PortalNotification[], rows: PortalNotification[]): PortalNotification[] {
  const ids = new Set(shown.map((n) => n.id));
  return [...shown, ...rows.filter((n) => !ids.has(n.id))];
}

export function useNotificationPages(isread: ReadState): NotificationPages {
  const [items, setItems] = useState<PortalNotification[]>([]);
  // The first page is asked for on mount.
  const [loading, setLoading] = useState(true);
  const [hasMore, setHasMore] = useState(true);
  const lastPage = useRef(0);
  // Answers of an older load (before a reload or clear) are dropped.
  const generation = useRef(0);
  /** The page on its way, 0 when none. */
  const loadingPage = useRef(0);
  /** Pushed while the first page was on its way: the answer may predate them, so they stay on top. */
  const pushedDuringReload = useRef<PortalNotification[]>([]);

  const load = useCallback(
    async (page: number) => {
      const current = ++generation.current;
      if (page === 1) pushedDuringReload.current = [];
      loadingPage.current = page;
      setLoading(true);
      try {
        const { rows } = await fetchNotifications(isread, page);
        if (current !== generation.current) return;
        lastPage.current = page;
        const pushed = pushedDuringReload.current;
        pushedDuringReload.current = [];
        setItems((shown) => (page === 1 ? merge(pushed, rows) : merge(shown, rows)));
        setHasMore(rows.length >= NOTIFICATION_PAGE_SIZE);
      } catch (error) {
        if (current !== generation.current) return;
        // Stop here rather than retry on every scroll; reopening the drawer tries again.
        setHasMore(false);
        console.warn('[notifications] loading failed', error);
      } finally {
        if (current === generation.current) {
          loadingPage.current = 0;
          setLoading(false);
        }
      }
    },
    [isread],
  );

  useEffect(() => {
    void load(1);
    return () => {
      generation.current++;
    };
  }, [load]);

  return {
    items,
    loading,
    hasMore,
    loadMore: useCallback(() => {
      if (loadingPage.current === 0 && hasMore) void load(lastPage.current + 1);
    }, [hasMore, load]),
    reload: useCallback(() => void load(1), [load]),
    prepend: useCallback((notification: PortalNotification) => {
      if (loadingPage.current === 1) pushedDuringReload.current = [notification, ...pushedDuringReload.current];
      setItems((shown) => (shown.some((n) => n.id === notification.id) ? shown : [notification, ...shown]));
    }, []),
    clear: useCallback(() => {
      generation.current++;
      loadingPage.current = 0;
      setLoading(false);
      setItems([]);
      setHasMore(false);
    }, []),
  };
}
