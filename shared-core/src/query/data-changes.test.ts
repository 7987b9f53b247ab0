import { QueryClient } from '@tanstack/react-query';
import { applyDataChange, staleQueriesOf } from './data-changes';
import { approvalKeys, customerKeys, expenseKeys, flowKeys, intakeKeys, notificationKeys, presenceKeys } from './query-keys';

describe('invalidation rules', () => {
  it('a created or imported customer refreshes the customer lists and the menu counts', () => {
    const rule = {
      invalidate: [
        ['customer', 'index'],
        ['customer', 'kehuCounts'],
      ],
      remove: [],
    };
    expect(staleQueriesOf({ type: 'customer-created' })).toEqual(rule);
    expect(staleQueriesOf({ type: 'customers-imported' })).toEqual(rule);
  });

  it('an edited customer refreshes the lists, its detail, its tab counts and the menu counts', () => {
    expect(staleQueriesOf({ type: 'customer-edited', id: 7 }).invalidate).toEqual([
      customerKeys.lists(),
      customerKeys.detail(7),
      customerKeys.subtotal(7),
      customerKeys.counts(),
    ]);
  });

  it('deleted customers refresh the lists and counts and drop their own detail and subtotal', () => {
    expect(staleQueriesOf({ type: 'customer-deleted', ids: [1, 2] })).toEqual({
      invalidate: [customerKeys.lists(), customerKeys.counts()],
      remove: [customerKeys.detail(1), customerKeys.subtotal(1), customerKeys.detail(2), customerKeys.subtotal(2)],
    });
  });

  it('assigned customers refresh the lists, the counts and their details (the owner changed)', () => {
    expect(staleQueriesOf({ type: 'customer-assigned', ids: [3] }).invalidate).toEqual([customerKeys.lists(), customerKeys.counts(), customerKeys.detail(3)]);
  });

  it("customers moved by an action (pool, claim, blacklist, pin…) refresh the lists, counts, log and their details; a follow-up or contact refreshes that customer's tabs", () => {
    expect(staleQueriesOf({ type: 'customers-changed', ids: [4] }).invalidate).toEqual([
      customerKeys.lists(),
      customerKeys.counts(),
      customerKeys.logs(),
      customerKeys.detail(4),
      customerKeys.subtotal(4),
    ]);
    expect(staleQueriesOf({ type: 'customer-detail-changed', id: 5 }).invalidate).toEqual([
      customerKeys.lists(),
      customerKeys.detail(5),
      customerKeys.subtotal(5),
      customerKeys.followups(5),
      customerKeys.contacts(5),
      customerKeys.logs(),
    ]);
  });

  it('a notify push refreshes notifications, the unread count and the customer counts; presence refreshes who is online', () => {
    expect(staleQueriesOf({ type: 'notify-pushed' }).invalidate).toEqual([
      notificationKeys.lists(),
      notificationKeys.unreadCount(),
      customerKeys.counts(),
      approvalKeys.all,
    ]);
    // A push carrying the notification and the count: the shell applies those, only the badges refetch.
    expect(staleQueriesOf({ type: 'notify-pushed', withNotification: true, withUnreadCount: true }).invalidate).toEqual([
      customerKeys.counts(),
      approvalKeys.all,
    ]);
    expect(staleQueriesOf({ type: 'notifications-read' }).invalidate).toEqual([notificationKeys.all]);
    expect(staleQueriesOf({ type: 'presence-changed' }).invalidate).toEqual([presenceKeys.onlineFriends()]);
    // Approvals: every list and panel (a decision changes several lists at once) and the expense claims they carry.
    expect(staleQueriesOf({ type: 'approval-changed', taskId: 3 }).invalidate).toEqual([
      approvalKeys.all,
      expenseKeys.all,
      intakeKeys.lists(),
      intakeKeys.details(),
    ]);
    expect(staleQueriesOf({ type: 'flow-changed' }).invalidate).toEqual([flowKeys.all]);
  });

  it('names keys that cover what other packages cache (a picker page, the unread count)', () => {
    const client = new QueryClient();
    client.setQueryData(customerKeys.list({ page: 1, scene: 'mine' }), { rows: [], total: 0 });
    client.setQueryData(customerKeys.detail(1), {});
    client.setQueryData(customerKeys.detail(2), {});
    client.setQueryData(notificationKeys.unreadCount(), 3);
    return Promise.all([applyDataChange(client, { type: 'customer-deleted', ids: [1] }), applyDataChange(client, { type: 'notify-pushed' })]).then(() => {
      expect(client.getQueryState(customerKeys.list({ page: 1, scene: 'mine' }))?.isInvalidated).toBe(true);
      expect(client.getQueryData(customerKeys.detail(1))).toBeUndefined();
      expect(client.getQueryState(customerKeys.detail(2))?.isInvalidated).toBe(false);
      expect(client.getQueryState(notificationKeys.unreadCount())?.isInvalidated).toBe(true);
    });
  });
});

test('an organisation change refreshes the system lists and the pickers of people and departments', () => {
  expect(staleQueriesOf({ type: 'organisation-changed' }).invalidate).toEqual([['user'], ['branch'], ['role']]);
  expect(staleQueriesOf({ type: 'dictionary-changed' }).invalidate).toEqual([['status']]);
});
