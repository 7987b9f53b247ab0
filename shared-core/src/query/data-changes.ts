/**
 * THE invalidation rules: which cached queries a change makes stale. Mutations and realtime pushes
 * name the change; this pure table says what to refetch (`invalidate`: refetched if on screen) and
 * what to drop (`remove`: a deleted record's own queries, never refetched into a 客户不存在 toast).
 */
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { approvalKeys, customerKeys, expenseKeys, flowKeys, intakeKeys, notificationKeys, organisationKeys, presenceKeys } from './query-keys';

export type DataChange =
  | { type: 'customer-created' }
  | { type: 'customer-edited'; id: number }
  | { type: 'customer-deleted'; ids: readonly number[] }
  /** Assigned, reassigned or transferred to another owner (api/customer/KehuDistribution). */
  | { type: 'customer-assigned'; ids: readonly number[] }
  | { type: 'customers-imported' }
  /** Sent to or claimed from the pool, blacklisted or back, pinned, watched, turned from a lead, closed. */
  | { type: 'customers-changed'; ids: readonly number[] }
  /** A follow-up or a contact of the customer was added, changed or removed. */
  | { type: 'customer-detail-changed'; id: number }
  /**
   * A realtime `privateSystemMsg` notify push. The shell puts a pushed notification on top of the
   * unread list and takes the unread count from the push itself; the rest is refetched.
   */
  | { type: 'notify-pushed'; withNotification?: boolean; withUnreadCount?: boolean }
  /** 全部标记为已读, or ids marked read. */
  | { type: 'notifications-read' }
  /** A realtime `systemMessage`: someone came online or went offline. */
  | { type: 'presence-changed' }
  /** Submitted, decided, returned, forwarded, withdrawn, commented, cc'd or urged (an approval instance changed). */
  | { type: 'approval-changed'; taskId?: number }
  /** A flow definition saved, enabled or disabled, copied or deleted. */
  | { type: 'flow-changed' }
  /**
   * Departments, staff or roles changed (系统设置): the system lists and every picker of people and
   * departments (api/user/*, api/branch/*, main/role/*).
   */
  | { type: 'organisation-changed' }
  /** Data dictionary values or types changed: the admin list and every statusSelect's choices. */
  | { type: 'dictionary-changed' }
  /** 基础设置 saved: the settings page and the top bar's company name and logo. */
  | { type: 'settings-changed' };

export type StaleQueries = { invalidate: QueryKey[]; remove: QueryKey[] };

export function staleQueriesOf(change: DataChange): StaleQueries {
  switch (change.type) {
    case 'customer-created':
    case 'customers-imported':
      return { invalidate: [customerKeys.lists(), customerKeys.counts()], remove: [] };
    case 'customer-edited':
      return {
        invalidate: [customerKeys.lists(), customerKeys.detail(change.id), customerKeys.subtotal(change.id), customerKeys.counts()],
        remove: [],
      };
    case 'customer-deleted':
      return {
        invalidate: [customerKeys.lists(), customerKeys.counts()],
        remove: change.ids.flatMap((id) => [customerKeys.detail(id), customerKeys.subtotal(id)]),
      };
    case 'customers-changed':
      return {
        invalidate: [
          customerKeys.lists(),
          customerKeys.counts(),
          customerKeys.logs(),
          ...change.ids.flatMap((id) => [customerKeys.detail(id), customerKeys.subtotal(id)]),
        ],
        remove: [],
      };
    case 'customer-detail-changed':
      return {
        invalidate: [
          customerKeys.lists(),
          customerKeys.detail(change.id),
          customerKeys.subtotal(change.id),
          customerKeys.followups(change.id),
          customerKeys.contacts(change.id),
          customerKeys.logs(),
        ],
        remove: [],
      };
    case 'customer-assigned':
      return { invalidate: [customerKeys.lists(), customerKeys.counts(), ...change.ids.map((id) => customerKeys.detail(id))], remove: [] };
    case 'notify-pushed':
      return {
        invalidate: [
          // A new notification changes the unread list only (updated from the push); anything else (read elsewhere) both lists.
          ...(change.withNotification ? [] : [notificationKeys.lists()]),
          ...(change.withUnreadCount ? [] : [notificationKeys.unreadCount()]),
          customerKeys.counts(),
          // Pushes tell approvers of new approvals and submitters of decisions.
          approvalKeys.all,
        ],
        remove: [],
      };
    case 'notifications-read':
      return { invalidate: [notificationKeys.all], remove: [] };
    case 'presence-changed':
      return { invalidate: [presenceKeys.onlineFriends()], remove: [] };
    case 'approval-changed':
      // The business records under approval follow the instance (报销, 进件).
      return { invalidate: [approvalKeys.all, expenseKeys.all, intakeKeys.lists(), intakeKeys.details()], remove: [] };
    case 'flow-changed':
      return { invalidate: [flowKeys.all], remove: [] };
    case 'organisation-changed':
      return { invalidate: [organisationKeys.users, organisationKeys.branches, organisationKeys.roles], remove: [] };
    case 'dictionary-changed':
      return { invalidate: [organisationKeys.dictionary], remove: [] };
    case 'settings-changed':
      return { invalidate: [organisationKeys.settings], remove: [] };
  }
}

/** Applies a change to the cache: drops what it deleted, refetches what is on screen and stale. */
export async function applyDataChange(queryClient: QueryClient, change: DataChange): Promise<void> {
  const { invalidate, remove } = staleQueriesOf(change);
  for (const queryKey of remove) queryClient.removeQueries({ queryKey, exact: true });
  await Promise.all(invalidate.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}
