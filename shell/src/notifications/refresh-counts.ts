/**
 * Counts the shell keeps fresh after login and on every notify push: the CRM menu badges (watched,
 * zaifenpei) and the bell's unread count. Failures are only logged: a stale badge is no reason to
 * interrupt the user.
 */
import { hasPermission, useBadgeStore, useNotificationStore, useSessionStore } from '@portal/shared-core';
import { fetchCustomerCounts, fetchUnreadCount } from './notification-api';

function showsCustomerBadges(): boolean {
  const permissions = useSessionStore.getState().permissions;
  return (
    hasPermission(permissions, { type: 'crm', subType: 'customer/watched' }) ||
    hasPermission(permissions, { type: 'crm', subType: 'customer/zaifenpei' })
  );
}

export async function refreshCustomerBadges(): Promise<void> {
  if (!showsCustomerBadges()) return;
  try {
    useBadgeStore.getState().setBadges(await fetchCustomerCounts());
  } catch (error) {
    console.warn('[badges] loading customer counts failed', error);
  }
}

export async function refreshUnreadCount(): Promise<void> {
  const changesBefore = useNotificationStore.getState().changes;
  try {
    const count = await fetchUnreadCount();
    // A push that arrived meanwhile carries a newer count.
    if (useNotificationStore.getState().changes === changesBefore) useNotificationStore.getState().setUnreadCount(count);
  } catch (error) {
    console.warn('[notifications] loading the unread count failed', error);
  }
}
