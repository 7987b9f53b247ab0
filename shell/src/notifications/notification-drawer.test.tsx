/** 消息提醒: tabs, 全部标记为已读, infinite scroll that stops on a short page, pushes on top. */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createTestQueryClient, renderWithProviders } from '@portal/shared-ui/test/render-with-providers';
import { applyNotifyPush } from './notification-queries';
import type { QueryClient } from '@tanstack/react-query';
import { api, notificationKeys, type ListReply, type PortalNotification } from '@portal/shared-core';
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

let queryClient: QueryClient;

function renderDrawer() {
  return renderWithProviders(<NotificationDrawer open onClose={() => undefined} />, { queryClient });
}

/** A notify push as the realtime provider hands it on. */
const push = (unreadCount: number, notification: PortalNotification) => act(() => applyNotifyPush(queryClient, unreadCount, notification));
const unreadCount = () => queryClient.getQueryData<number>(notificationKeys.unreadCount());

const list = () => screen.getByRole('list');
const pageCalls = (spy: jest.SpyInstance) => spy.mock.calls.map(([, q]) => `${(q as { isread: number }).isread}:${(q as { page: number }).page}`);

/**
 * jsdom lays nothing out: the list's heights come from here. By default the content is taller than
 * the list, so only scrolling loads more.
 */
const layout = { scrollHeight: 1000, clientHeight: 400 };

const getComputedStyle = window.getComputedStyle;
beforeAll(() => {
  // antd measures the scrollbar through a pseudo-element, which jsdom does not implement.
  window.getComputedStyle = (element: Element) => getComputedStyle(element);
  Object.defineProperty(HTMLElement.prototype, 'scrollHeight', { configurable: true, get: () => layout.scrollHeight });
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => layout.clientHeight });
});
afterAll(() => {
  window.getComputedStyle = getComputedStyle;
  delete (HTMLElement.prototype as { scrollHeight?: number }).scrollHeight;
  delete (HTMLElement.prototype as { clientHeight?: number }).clientHeight;
});

let listSpy: jest.SpyInstance;
beforeEach(() => {
  Object.assign(layout, { scrollHeight: 1000, clientHeight: 400 });
  queryClient = createTestQueryClient();
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

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
  Object.assign(layout, { scrollHeight: 300, clientHeight: 400 });
  renderDrawer();
  // Page 1 leaves room below, so page 2 follows by itself, then page 3, which is short.
  expect(await screen.findByText('通知101')).toBeInTheDocument();
  await waitFor(() => expect(pageCalls(listSpy)).toEqual(['0:1', '0:2', '0:3']));
  expect(await screen.findByText('没有更多了')).toBeInTheDocument();
});

it('全部标记为已读 marks all read, empties the unread list and zeroes the count', async () => {
  listSpy = serveNotifications();
  const command = jest.spyOn(api, 'command').mockResolvedValue({ result: 'success', msg: '操作成功' });
  queryClient.setQueryData(notificationKeys.unreadCount(), 13);
  renderDrawer();
  await screen.findByText('通知113');
  fireEvent.click(screen.getByRole('button', { name: '全部标记为已读' }));
  expect(await screen.findByText('暂无未读消息')).toBeInTheDocument();
  expect(command).toHaveBeenCalledWith('api/notification/setread', { ids: 'all' });
  expect(screen.queryByText('通知113')).toBeNull();
  expect(unreadCount()).toBe(0);
});

it('puts a pushed notification on top of the unread list without reloading', async () => {
  listSpy = serveNotifications(rows(3, 3));
  renderDrawer();
  await screen.findByText('通知3');
  await push(4, { id: 50, cont: '张伟 给你分配了任务：回访客户', addtime: new Date().toISOString() });
  const items = within(list()).getAllByRole('listitem');
  expect(items).toHaveLength(4);
  expect(items[0]).toHaveTextContent('张伟 给你分配了任务：回访客户');
  expect(items[0]).toHaveTextContent('刚刚');
  expect(pageCalls(listSpy)).toEqual(['0:1']);
});

it('keeps a notification pushed while the first page is still on its way', async () => {
  let answer: (reply: ListReply<PortalNotification>) => void = () => undefined;
  listSpy = jest.spyOn(api, 'list').mockImplementation(() => new Promise((resolve) => (answer = resolve as typeof answer)));
  renderDrawer();
  await push(3, row(60, '新任务'));
  await act(async () => answer({ rows: rows(2, 2), total: 2 }));
  const items = within(list()).getAllByRole('listitem');
  expect(items.map((item) => item.querySelector('.notification-cont')?.textContent)).toEqual(['新任务', '通知2', '通知1']);
});

it('says so in Chinese when a tab is empty', async () => {
  listSpy = serveNotifications([], []);
  renderDrawer();
  expect(await screen.findByText('暂无未读消息')).toBeInTheDocument();
  fireEvent.click(screen.getByRole('tab', { name: '已读' }));
  expect(await screen.findByText('暂无已读消息')).toBeInTheDocument();
});

it('a notification about an approval opens its panel', async () => {
  serveNotifications([{ ...row(7, '你有一个新的审批待处理：李娜的报销'), modelType: 'approval', modelId: 42 }, row(6)], []);
  const onOpenApproval = jest.fn();
  renderWithProviders(<NotificationDrawer open onClose={() => undefined} onOpenApproval={onOpenApproval} />, { queryClient });
  fireEvent.click(await screen.findByText('你有一个新的审批待处理：李娜的报销'));
  expect(onOpenApproval).toHaveBeenCalledWith(42);
  fireEvent.click(screen.getByText('通知6'));
  expect(onOpenApproval).toHaveBeenCalledTimes(1);
});
