/** 消息提醒: tabs, 全部标记为已读, infinite scroll that stops on a short page, pushes on top. */
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { api, useNotificationStore, type ListReply, type PortalNotification } from '@portal/shared-core';
import { NotificationDrawer } from './notification-drawer';

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();
const row = (id: number, cont = `通知${id}`): PortalNotification => ({ id, cont, addtime: minutesAgo(5) });
const rows = (from: number, count: number) => Array.from({ length: count }, (_, i) => row(from - i));

/** Fake `api/notification/index`: 13 unread (a full page then 3), 2 read. */
function serveNotifications(unread = rows(113, 13), read = rows(2, 2)) {
  return jest.spyOn(api, 'list').mockImplementation(async (url, query) => {
    const { isread, page, rows: size } = query as { isread: number; page: number; rows: number };
    const all = isread === 0 ? unread : read;
    return { rows: all.slice((page - 1) * size, page * size), total: all.length } as ListReply<never>;
  });
}

function renderDrawer() {
  return render(
    <App>
      <NotificationDrawer open onClose={() => undefined} />
    </App>,
  );
}

const list = () => screen.getByRole('list');
const pageCalls = (spy: jest.SpyInstance) => spy.mock.calls.map(([, q]) => `${(q as { isread: number }).isread}:${(q as { page: number }).page}`);

/** jsdom lays nothing out: give the list a height and content taller than it, so only scrolling loads more. */
function layOutList(el: HTMLElement, { scrollHeight, clientHeight }: { scrollHeight: number; clientHeight: number }) {
  Object.defineProperty(el, 'scrollHeight', { configurable: true, get: () => scrollHeight });
  Object.defineProperty(el, 'clientHeight', { configurable: true, get: () => clientHeight });
}

let listSpy: jest.SpyInstance;
beforeEach(() => {
  useNotificationStore.getState().reset();
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

beforeAll(() => {
  // Taller than the viewport by default so a full first page does not load the next by itself.
  Object.defineProperty(HTMLElement.prototype, 'scrollHeight', { configurable: true, get: () => 1000 });
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 400 });
});
afterAll(() => {
  delete (HTMLElement.prototype as { scrollHeight?: number }).scrollHeight;
  delete (HTMLElement.prototype as { clientHeight?: number }).clientHeight;
});

it('shows unread notifications first, with relative times, and read ones on the 已读 tab', async () => {
  listSpy = serveNotifications();
  renderDrawer();
  expect(screen.getByText('消息提醒')).toBeInTheDocument();
  expect(await screen.findByText('通知113')).toBeInTheDocument();
  expect(within(list()).getAllByRole('listitem')).toHaveLength(10);
  expect(within(list()).getAllByText('5分钟前')).toHaveLength(10);
  expect(listSpy).toHaveBeenCalledWith('api/notification/index', { page: 1, isread: 0, rows: 10 }, { silent: true });

  fireEvent.click(screen.getByRole('tab', { name: '已读' }));
  expect(await screen.findByText('通知2')).toBeInTheDocument();
  expect(screen.queryByText('通知113')).toBeNull();
  expect(pageCalls(listSpy)).toEqual(['0:1', '1:1']);
});

it('loads 10 more on scrolling to the bottom and stops after a short page', async () => {
  listSpy = serveNotifications();
  renderDrawer();
  await screen.findByText('通知113');
  const el = list();
  el.scrollTop = 600;
  fireEvent.scroll(el);
  expect(await screen.findByText('通知101')).toBeInTheDocument();
  expect(within(el).getAllByRole('listitem')).toHaveLength(13);
  expect(await screen.findByText('没有更多了')).toBeInTheDocument();

  fireEvent.scroll(el);
  fireEvent.scroll(el);
  expect(pageCalls(listSpy)).toEqual(['0:1', '0:2']);
});

it('fills a list too short to scroll without waiting for a scroll', async () => {
  listSpy = serveNotifications(rows(125, 25));
  renderDrawer();
  await screen.findByText('通知125');
  layOutList(list(), { scrollHeight: 300, clientHeight: 400 });
  // The next layout pass sees room left and asks for page 2, then 3, which is short.
  act(() => useNotificationStore.getState().setUnreadCount(1));
  fireEvent.scroll(list());
  await screen.findByText('通知101');
  await waitFor(() => expect(pageCalls(listSpy)).toEqual(['0:1', '0:2', '0:3']));
});

it('全部标记为已读 marks all read, empties the unread list and zeroes the count', async () => {
  listSpy = serveNotifications();
  const command = jest.spyOn(api, 'command').mockResolvedValue({ result: 'success', msg: '操作成功' });
  useNotificationStore.getState().setUnreadCount(13);
  renderDrawer();
  await screen.findByText('通知113');
  fireEvent.click(screen.getByRole('button', { name: '全部标记为已读' }));
  expect(await screen.findByText('暂无未读消息')).toBeInTheDocument();
  expect(command).toHaveBeenCalledWith('api/notification/setread', { ids: 'all' });
  expect(screen.queryByText('通知113')).toBeNull();
  expect(useNotificationStore.getState().unreadCount).toBe(0);
});

it('puts a pushed notification on top of the unread list without reloading', async () => {
  listSpy = serveNotifications(rows(3, 3));
  renderDrawer();
  await screen.findByText('通知3');
  act(() => useNotificationStore.getState().received(4, { id: 50, cont: '张伟 给你分配了任务：回访客户', addtime: new Date().toISOString() }));
  const items = within(list()).getAllByRole('listitem');
  expect(items).toHaveLength(4);
  expect(items[0]).toHaveTextContent('张伟 给你分配了任务：回访客户');
  expect(items[0]).toHaveTextContent('刚刚');
  expect(pageCalls(listSpy)).toEqual(['0:1']);
});

it('says so in Chinese when a tab is empty', async () => {
  listSpy = serveNotifications([], []);
  renderDrawer();
  expect(await screen.findByText('暂无未读消息')).toBeInTheDocument();
  fireEvent.click(screen.getByRole('tab', { name: '已读' }));
  expect(await screen.findByText('暂无已读消息')).toBeInTheDocument();
});
