/** Calls behind the notification drawer and the menu badges (spec §7 "Notifications and counts"). */
import type { CustomerMenuCounts, CustomerMenuCountsReply } from '@portal/shared-contract';
import { api, NOTIFICATION_PAGE_SIZE, type PortalNotification } from '@portal/shared-core';

/** `isread` of `api/notification/index`. */
export type ReadState = 0 | 1;
export const UNREAD: ReadState = 0;
export const READ: ReadState = 1;

export function fetchNotifications(isread: ReadState, page: number) {
  return api.list<PortalNotification>('api/notification/index', { page, isread, rows: NOTIFICATION_PAGE_SIZE }, { silent: true });
}

/** The unread total, for the bell before any push arrives (one row is enough to get `total`). */
export async function fetchUnreadCount(): Promise<number> {
  const { total } = await api.list<PortalNotification>('api/notification/index', { page: 1, isread: UNREAD, rows: 1 }, { silent: true });
  return total;
}

/** Marks notifications read: `'all'`, or the ids. The server's msg shows as a toast (spec §8). */
export function markNotificationsRead(ids: 'all' | number[]) {
  return api.command('api/notification/setread', { ids: ids === 'all' ? 'all' : ids.join(',') });
}

export type CustomerCounts = { myCustomers: number; reassigned: number };

/** `api/customer/kehuCounts`: the counts travel as JSON text in `msg` ({"我的number", "再分配number"}). */
export async function fetchCustomerCounts(): Promise<CustomerCounts> {
  const reply = await api.post<CustomerMenuCountsReply>('api/customer/kehuCounts', undefined, { silent: true });
  const counts = JSON.parse(reply.msg || '{}') as Partial<CustomerMenuCounts>;
  return { myCustomers: Number(counts['我的number']) || 0, reassigned: Number(counts['再分配number']) || 0 };
}
