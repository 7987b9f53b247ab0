/**
 * 消息提醒 (spec §2.3): tabs 未读 / 已读, 全部标记为已读, infinite scroll of 10 per page, and new
 * notifications on top as they are pushed, without a reload (see notification-queries.ts).
 */
import { Button, Drawer, Empty, Spin, Tabs } from 'antd';
import { useLayoutEffect, useRef, useState, type UIEvent } from 'react';
import { formatDateTime, formatRelativeTime } from '@portal/shared-core';
import { DesktopNotifySwitch } from './desktop-notification';
import { READ, UNREAD, type ReadState } from './notification-api';
import { useMarkAllReadMutation, useNotificationList } from './notification-queries';
import { notificationText } from './notification-texts';
import './notification-drawer.css';

/** Distance from the bottom (px) at which the next page is asked for. */
const LOAD_MORE_THRESHOLD = 48;

type TabKey = 'unread' | 'read';
const READ_STATE: Record<TabKey, ReadState> = { unread: UNREAD, read: READ };

/** `onOpenApproval`: a notification about an approval opens its panel. */
export function NotificationDrawer({ open, onClose, onOpenApproval }: { open: boolean; onClose: () => void; onOpenApproval?: (taskId: number) => void }) {
  const [tab, setTab] = useState<TabKey>('unread');
  const markAllRead = useMarkAllReadMutation();

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={notificationText('title')}
      size={400}
      className="notification-drawer"
      extra={
        <Button type="link" size="small" loading={markAllRead.isPending} onClick={() => markAllRead.mutate()}>
          {notificationText('markAllRead')}
        </Button>
      }
    >
      <DesktopNotifySwitch />
      <Tabs
        activeKey={tab}
        onChange={(key) => setTab(key as TabKey)}
        items={[
          { key: 'unread', label: notificationText('unread') },
          { key: 'read', label: notificationText('read') },
        ]}
      />
      {open && <NotificationList key={tab} isread={READ_STATE[tab]} onOpenApproval={onOpenApproval} />}
    </Drawer>
  );
}

function NotificationList({ isread, onOpenApproval }: { isread: ReadState; onOpenApproval?: (taskId: number) => void }) {
  const { items, loading, hasMore, loadMore } = useNotificationList(isread);
  const scroller = useRef<HTMLDivElement>(null);

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
        <div
          key={n.id}
          role="listitem"
          className="notification-item"
          style={n.modelType === 'approval' && n.modelId && onOpenApproval ? { cursor: 'pointer' } : undefined}
          onClick={n.modelType === 'approval' && n.modelId && onOpenApproval ? () => onOpenApproval(Number(n.modelId)) : undefined}
        >
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
