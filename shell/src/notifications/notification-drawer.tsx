/**
 * 消息提醒 (spec §2.3): tabs 未读 / 已读, 全部标记为已读, infinite scroll of 10 per page, and new
 * notifications on top as they are pushed, without a reload.
 */
import { Button, Drawer, Empty, Spin, Tabs } from 'antd';
import { useEffect, useLayoutEffect, useRef, useState, type UIEvent } from 'react';
import { formatDateTime, formatRelativeTime, useNotificationStore } from '@portal/shared-core';
import { markNotificationsRead, READ, UNREAD, type ReadState } from './notification-api';
import { notificationText } from './notification-texts';
import { useNotificationPages } from './use-notification-pages';
import './notification-drawer.css';

/** Distance from the bottom (px) at which the next page is asked for. */
const LOAD_MORE_THRESHOLD = 48;

type TabKey = 'unread' | 'read';
const READ_STATE: Record<TabKey, ReadState> = { unread: UNREAD, read: READ };

export function NotificationDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [tab, setTab] = useState<TabKey>('unread');
  // Remounting the list on every opening loads fresh pages.
  const [openings, setOpenings] = useState(0);
  const [cleared, setCleared] = useState(0);
  const [marking, setMarking] = useState(false);

  useEffect(() => {
    if (open) setOpenings((n) => n + 1);
  }, [open]);

  async function handleMarkAllRead() {
    setMarking(true);
    try {
      await markNotificationsRead('all');
      useNotificationStore.getState().setUnreadCount(0);
      setCleared((n) => n + 1);
    } catch {
      // The API client has shown the reason.
    } finally {
      setMarking(false);
    }
  }

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={notificationText('title')}
      size={400}
      className="notification-drawer"
      extra={
        <Button type="link" size="small" loading={marking} onClick={handleMarkAllRead}>
          {notificationText('markAllRead')}
        </Button>
      }
    >
      <Tabs
        activeKey={tab}
        onChange={(key) => setTab(key as TabKey)}
        items={[
          { key: 'unread', label: notificationText('unread') },
          { key: 'read', label: notificationText('read') },
        ]}
      />
      {open && <NotificationList key={`${tab}-${openings}`} isread={READ_STATE[tab]} cleared={cleared} />}
    </Drawer>
  );
}

function NotificationList({ isread, cleared }: { isread: ReadState; cleared: number }) {
  const pages = useNotificationPages(isread);
  const { items, loading, hasMore, loadMore, reload, prepend, clear } = pages;
  const scroller = useRef<HTMLDivElement>(null);
  const changes = useNotificationStore((s) => s.changes);
  const seenChanges = useRef(changes);
  const seenCleared = useRef(cleared);

  // A push: the new notification goes on top of the unread list; anything else reloads the first page.
  useEffect(() => {
    if (changes === seenChanges.current) return;
    seenChanges.current = changes;
    const latest = useNotificationStore.getState().latest;
    if (latest && isread === UNREAD) prepend(latest);
    else reload();
  }, [changes, isread, prepend, reload]);

  // 全部标记为已读 empties the unread list; the read list takes them in.
  useEffect(() => {
    if (cleared === seenCleared.current) return;
    seenCleared.current = cleared;
    if (isread === UNREAD) clear();
    else reload();
  }, [cleared, isread, clear, reload]);

  // A first page too short to scroll would never ask for the next one: ask now.
  useLayoutEffect(() => {
    const el = scroller.current;
    if (el && !loading && hasMore && items.length > 0 && el.scrollHeight <= el.clientHeight) loadMore();
  }, [items, loading, hasMore, loadMore]);

  function handleScroll(event: UIEvent<HTMLDivElement>) {
    const el = event.currentTarget;
    if (el.scrollHeight - el.scrollTop - el.clientHeight < LOAD_MORE_THRESHOLD) loadMore();
  }

  return (
    <div ref={scroller} className="notification-list" role="list" aria-busy={loading} onScroll={handleScroll}>
      {items.map((n) => (
        <div key={n.id} role="listitem" className="notification-item">
          <div className="notification-cont">{n.cont}</div>
          <time className="notification-time" dateTime={n.addtime} title={formatDateTime(n.addtime)}>
            {formatRelativeTime(n.addtime)}
          </time>
        </div>
      ))}
      {loading && (
        <div className="notification-footer">
          <Spin size="small" />
        </div>
      )}
      {!loading && items.length === 0 && (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={notificationText(isread === UNREAD ? 'noUnread' : 'noRead')} />
      )}
      {!loading && !hasMore && items.length > 0 && <div className="notification-footer">{notificationText('noMore')}</div>}
    </div>
  );
}
