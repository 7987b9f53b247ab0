/** The signed-in connection: opened with the login key, closed on logout; pushes refresh badges and counts. */
import { act, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { api, emptyPermissionTree, useBadgeStore, useNotificationStore, useRealtimeStatus, useSessionStore } from '@portal/shared-core';
import { createRealtimeConnection, type RealtimeConnection, type RealtimeConnectionOptions } from './realtime-connection';
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

function renderProvider() {
  return render(
    <App>
      <RealtimeProvider>
        <div>页面</div>
      </RealtimeProvider>
    </App>,
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
  useBadgeStore.setState({ counts: {} });
  useNotificationStore.getState().reset();
  logIn();
});
afterEach(() => {
  jest.restoreAllMocks();
  useSessionStore.getState().logout();
});

it('opens the connection with the login key and loads the badges and the unread count', async () => {
  renderProvider();
  expect(connection.start).toHaveBeenCalledTimes(1);
  expect(options.getToken()).toBe('key-7');
  await waitFor(() => expect(useBadgeStore.getState().counts).toEqual({ myCustomers: 12, reassigned: 3 }));
  expect(post).toHaveBeenCalledWith('api/customer/kehuCounts', undefined, { silent: true });
  await waitFor(() => expect(useNotificationStore.getState().unreadCount).toBe(2));
});

it('on a notify push: the unread count and the new notification reach the store, the badges reload', async () => {
  renderProvider();
  await waitFor(() => expect(useBadgeStore.getState().counts.reassigned).toBe(3));
  const notification = { id: 5, cont: '张伟 给你分配了任务：回访', addtime: '2024-05-01 10:00:00' };
  act(() => options.events.onNotify({ type: 'notify', notifyCount: 3, notification }));
  expect(useNotificationStore.getState()).toMatchObject({ unreadCount: 3, latest: notification, changes: 1 });
  await waitFor(() => expect(useBadgeStore.getState().counts.reassigned).toBe(4));
  expect(post).toHaveBeenCalledTimes(2);
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
  await waitFor(() => expect(useNotificationStore.getState().unreadCount).toBe(2));
  act(() => useSessionStore.getState().logout());
  expect(connection.stop).toHaveBeenCalledTimes(1);
  expect(useNotificationStore.getState().unreadCount).toBe(0);
  expect(useRealtimeStatus.getState().onlineCount).toBeNull();
});
