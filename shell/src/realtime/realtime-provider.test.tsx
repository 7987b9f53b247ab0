/** The signed-in connection: opened with the login key, closed on logout; pushes refresh badges and counts. */
import { act, screen, waitFor } from '@testing-library/react';
import { createTestQueryClient, renderWithProviders } from '@portal/shared-ui/test/render-with-providers';
import type { QueryClient } from '@tanstack/react-query';
import { api, clearQueriesOnSessionChange, customerKeys, emptyPermissionTree, notificationKeys, useRealtimeStatus, useSessionStore } from '@portal/shared-core';
import { createRealtimeConnection, type RealtimeConnection, type RealtimeConnectionOptions } from './realtime-connection';
import { useMenuBadges } from '../notifications/notification-queries';
import { RealtimeProvider } from './realtime-provider';

jest.mock('./realtime-connection', () => ({ createRealtimeConnection: jest.fn() }));
const mockedCreate = jest.mocked(createRealtimeConnection);

let options: RealtimeConnectionOptions;
let connection: jest.Mocked<RealtimeConnection>;

function kehuCounts(mine: number, reassigned: number) {
  return { result: 'success', msg: JSON.stringify({ 再分配number: reassigned, 我的number: mine }) };
}

function logIn() {
  const permissions = { ...emptyPermissionTree(), crm: ['customer/watched', 'customer/zaifenpei'] };
  useSessionStore.getState().login({ LoginToken: 'key-7', UserID: 7, NickName: '李娜', header: '', ShopID: 1 }, permissions);
}

/** What the layout shows of the counts: the menu badges observe the kehuCounts query. */
function MenuBadges() {
  const counts = useMenuBadges();
  return <div>页面 {counts.reassigned ?? ''}</div>;
}

let queryClient: QueryClient;
let stopClearing: () => void;
const badges = () => queryClient.getQueryData<Record<string, number>>(customerKeys.counts());
const unreadCount = () => queryClient.getQueryData<number>(notificationKeys.unreadCount());

function renderProvider() {
  return renderWithProviders(
    <RealtimeProvider>
      <MenuBadges />
    </RealtimeProvider>,
    { queryClient },
  );
}

let post: jest.SpyInstance;
beforeEach(() => {
  mockedCreate.mockImplementation((given) => {
    options = given;
    connection = { start: jest.fn(), stop: jest.fn().mockResolvedValue(undefined), restart: jest.fn(), getOnlineFriends: jest.fn() };
    return connection;
  });
  post = jest.spyOn(api, 'post').mockResolvedValueOnce(kehuCounts(12, 3)).mockResolvedValueOnce(kehuCounts(12, 4));
  jest.spyOn(api, 'list').mockResolvedValue({ rows: [], total: 2 });
  queryClient = createTestQueryClient();
  logIn();
  // As the shell's client does: a logout empties the cache.
  stopClearing = clearQueriesOnSessionChange(queryClient);
});
afterEach(() => {
  jest.restoreAllMocks();
  useSessionStore.getState().logout();
  stopClearing();
});

it('opens the connection with the login key and loads the badges and the unread count', async () => {
  renderProvider();
  expect(connection.start).toHaveBeenCalledTimes(1);
  expect(options.getToken()).toBe('key-7');
  await waitFor(() => expect(badges()).toEqual({ myCustomers: 12, reassigned: 3 }));
  expect(post).toHaveBeenCalledWith('api/customer/kehuCounts', undefined, { silent: true });
  await waitFor(() => expect(unreadCount()).toBe(2));
});

it('on a notify push: the unread count and the new notification reach the cache, the badges reload', async () => {
  renderProvider();
  await waitFor(() => expect(badges()?.reassigned).toBe(3));
  // The drawer's unread list is cached: the pushed notification goes on top of it.
  queryClient.setQueryData(notificationKeys.list(0), { pages: [{ rows: [] }], pageParams: [1] });
  const notification = { id: 5, cont: '张伟 给你分配了任务：回访', addtime: '2024-05-01 10:00:00' };
  act(() => options.events.onNotify({ type: 'notify', notifyCount: 3, notification }));
  expect(unreadCount()).toBe(3);
  expect(queryClient.getQueryData(notificationKeys.list(0))).toEqual({ pages: [{ rows: [notification] }], pageParams: [1] });
  await waitFor(() => expect(badges()?.reassigned).toBe(4));
  expect(post).toHaveBeenCalledTimes(2);
});

it('on a systemMessage: who is online is asked again', async () => {
  renderProvider();
  queryClient.setQueryData(['presence', 'getOnlinefriend'], []);
  act(() => options.events.onOnlineCount(2));
  await waitFor(() => expect(queryClient.getQueryState(['presence', 'getOnlinefriend'])?.isInvalidated).toBe(true));
});

it('shows the dot and the online count, and a private message as a notification', async () => {
  renderProvider();
  act(() => {
    options.events.onOnline(true);
    options.events.onOnlineCount(6);
  });
  expect(useRealtimeStatus.getState()).toMatchObject({ online: true, onlineCount: 6 });
  act(() => options.events.onPrivateMessage({ fromUserId: 2, NickName: '张伟', header: '', msg: '下午开会', addtime: '2024-05-01 10:00:00' }));
  expect(await screen.findByText('下午开会')).toBeInTheDocument();
});

it('closes the connection on logout', async () => {
  renderProvider();
  await waitFor(() => expect(unreadCount()).toBe(2));
  act(() => useSessionStore.getState().logout());
  expect(connection.stop).toHaveBeenCalledTimes(1);
  expect(unreadCount()).toBeUndefined();
  expect(useRealtimeStatus.getState().onlineCount).toBeNull();
});
