/** Texts of the notification drawer and the online panel (spec §2.3). */
import { localize, type LocalizedText } from '@portal/shared-core';

const TEXTS = {
  title: { cn: '消息提醒', en: 'Message reminders' },
  unread: { cn: '未读', en: 'Unread' },
  read: { cn: '已读', en: 'Read' },
  markAllRead: { cn: '全部标记为已读', en: 'Mark all as read' },
  noUnread: { cn: '暂无未读消息', en: 'No unread messages' },
  noRead: { cn: '暂无已读消息', en: 'No read messages' },
  noMore: { cn: '没有更多了', en: 'No more' },
  onlineTitle: { cn: '当前在线：', en: 'Online now: ' },
  nobodyOnline: { cn: '暂无在线人员', en: 'Nobody online' },
} satisfies Record<string, LocalizedText>;

export function notificationText(key: keyof typeof TEXTS): string {
  return localize(TEXTS[key]);
}
