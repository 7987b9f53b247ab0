/** The shell end to end in jsdom: access rules, routes from permissions, layout, tabs, unavailable areas. */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { QueryClient } from '@tanstack/react-query';
import { createTestQueryClient, renderWithProviders } from '@portal/shared-ui/test/render-with-providers';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import {
  api,
  ApiError,
  emptyPermissionTree,
  setNotifier,
  customerKeys,
  useSessionStore,
  useTabsStore,
  type Notifier,
  type PermissionTree,
  type RemoteRoutesModule,
} from '@portal/shared-core';
import { loadRemoteAreas } from '../remotes/load-remote-areas';
import { useRemoteAreas } from '../remotes/remote-areas-store';
import { appRoutes } from './router';

jest.mock('../remotes/load-remote-areas', () => ({ loadRemoteAreas: jest.fn() }));
// The realtime connection and its count calls have their own tests; here they would only reach for a
// server that is not there.
jest.mock('../realtime/realtime-provider', () => ({
  RealtimeProvider: ({ children }: { children: unknown }) => children,
  useRealtime: () => ({ getOnlineFriends: async () => [] }),
}));
const mockedLoadRemoteAreas = jest.mocked(loadRemoteAreas);

const t = (cn: string) => ({ cn, en: cn });
const pageSaying = (text: string) => () => Promise.resolve({ default: () => <div>{text}</div> });

const crm: RemoteRoutesModule = {
  area: 'crm',
  title: t('客户'),
  routes: [
    { path: 'index', title: t('工作台'), permission: { type: 'crm', subType: 'index' }, page: pageSaying('工作台页面') },
    {
      path: 'customer',
      title: t('客户管理'),
      children: [
        {
          path: 'watched',
          title: t('我的客户'),
          permission: { type: 'crm', subType: 'customer/watched' },
          badge: 'myCustomers',
          page: pageSaying('我的客户页面'),
        },
        {
          path: 'zaifenpei',
          title: t('再分配客户'),
          permission: { type: 'crm', subType: 'customer/zaifenpei' },
          badge: 'reassigned',
          page: pageSaying('再分配页面'),
        },
      ],
    },
  ],
};
const oa: RemoteRoutesModule = {
  area: 'oa',
  title: t('审批'),
  routes: [
    {
      path: 'approval',
      title: t('审批'),
      children: [{ path: 'todo', title: t('待我审批'), permission: { type: 'oa', subType: 'approval/todo' }, page: pageSaying('待审页面') }],
    },
    { path: 'createApproval', title: t('新建流程'), permission: { type: 'oa', subType: 'createApproval' }, hidden: true, page: pageSaying('新建流程页面') },
  ],
};
const system: RemoteRoutesModule = {
  area: 'system',
  title: t('设置'),
  routes: [{ path: 'role', title: t('角色管理'), permission: { type: 'system', subType: 'role' }, page: pageSaying('角色页面') }],
};

const sales: PermissionTree = {
  ...emptyPermissionTree(),
  crm: ['customer/watched', 'customer/zaifenpei'],
  oa: ['approval/todo', 'createApproval'],
  bi: ['financeTotal'],
};

let notifier: jest.Mocked<Notifier>;

function logIn(permissions: PermissionTree | null) {
  useSessionStore.getState().login({ LoginToken: 'tok', UserID: 7, NickName: '销售一', header: '', ShopID: 1 }, permissions);
}

let queryClient: QueryClient;

function renderAt(url: string) {
  const router = createMemoryRouter(appRoutes, { initialEntries: [url] });
  renderWithProviders(<RouterProvider router={router} />, { queryClient });
  return router;
}

beforeEach(() => {
  notifier = { success: jest.fn(), error: jest.fn(), warning: jest.fn(), modal: jest.fn() };
  setNotifier(notifier);
  useSessionStore.getState().logout();
  useTabsStore.getState().resetTabs();
  queryClient = createTestQueryClient();
  // The bell's unread count and the menu badges load through the API; here they find nothing.
  jest.spyOn(api, 'list').mockResolvedValue({ rows: [], total: 0 });
  jest.spyOn(api, 'post').mockResolvedValue({ result: 'success', msg: '{}' });
  useRemoteAreas.setState({ status: 'idle', modules: [], unavailable: [] });
  mockedLoadRemoteAreas.mockReset();
  mockedLoadRemoteAreas.mockResolvedValue({ modules: [crm, oa, system], unavailable: ['bi'] });
});

afterEach(() => jest.restoreAllMocks());

// The layout loads lazily after login. Compiling its modules (cold on a fresh clone) is a one-time
// cost of this file, not of the first test that happens to open it: it is paid here, so every
// test's time (and findBy's wait) is rendering only.
beforeAll(async () => {
  await import('../auth/signed-in-portal');
}, 60_000);

it('sends a visitor to /login with the wanted path', async () => {
  const router = renderAt('/oa/approval/todo?page=2');
  await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  expect(router.state.location.search).toBe('?redirect=%2Foa%2Fapproval%2Ftodo%3Fpage%3D2');
});

it('roots a user to their first available page and shows only the areas they may open', async () => {
  logIn(sales);
  const router = renderAt('/');
  expect(await screen.findByText('我的客户页面')).toBeInTheDocument();
  expect(router.state.location.pathname).toBe('/crm/customer/watched');
  expect(document.title).toBe('我的客户 - 销售管理系统');
  // By its label, not a role query: the role query computes accessible names across the whole layout.
  const areas = within(document.querySelector('nav[aria-label="areas"]') as HTMLElement);
  expect(areas.getByText('客户')).toBeInTheDocument();
  expect(areas.getByText('审批')).toBeInTheDocument();
  expect(areas.queryByText('设置')).toBeNull();
  // bi is permitted but its remote failed: greyed, still listed.
  expect(areas.getByText('统计')).toHaveAttribute('aria-disabled', 'true');
  expect(screen.getByText('销售一')).toBeInTheDocument();
});

it('shows badge counts in the CRM menu', async () => {
  logIn(sales);
  queryClient.setQueryData(customerKeys.counts(), { myCustomers: 12, reassigned: 3 });
  renderAt('/crm/customer/watched');
  await screen.findByText('我的客户页面');
  const menu = screen.getAllByRole('menu')[0];
  expect(within(menu).getByText('我的客户')).toBeInTheDocument();
  expect(within(menu).getByTitle('12')).toBeInTheDocument();
  expect(within(menu).getByTitle('3')).toBeInTheDocument();
});

it('refuses a route the user has no right to, even by URL', async () => {
  logIn(sales);
  renderAt('/system/role');
  expect(await screen.findByText('页面不存在或没有访问权限')).toBeInTheDocument();
  expect(screen.queryByText('角色页面')).toBeNull();
});

it('offers the New workflow button in the oa area', async () => {
  logIn(sales);
  const router = renderAt('/oa');
  expect(await screen.findByText('待审页面')).toBeInTheDocument();
  fireEvent.click(screen.getByRole('button', { name: /新建流程/ }));
  expect(await screen.findByText('新建流程页面')).toBeInTheDocument();
  expect(router.state.location.pathname).toBe('/oa/createApproval');
});

it('keeps an unavailable area from breaking the others and offers a retry', async () => {
  logIn(sales);
  renderAt('/bi');
  expect(await screen.findByText('该模块暂时无法加载')).toBeInTheDocument();
  const bi = {
    area: 'bi',
    title: t('统计'),
    routes: [{ path: 'financeTotal', title: t('财务统计'), permission: { type: 'bi', subType: 'financeTotal' }, page: pageSaying('财务统计页面') }],
  } satisfies RemoteRoutesModule;
  mockedLoadRemoteAreas.mockResolvedValueOnce({ modules: [bi], unavailable: [] });
  fireEvent.click(screen.getByRole('button', { name: /重\s*试/ }));
  expect(await screen.findByText('财务统计页面')).toBeInTheDocument();
  expect(mockedLoadRemoteAreas).toHaveBeenLastCalledWith(['bi'], { force: true });
});

it('opens pages as tabs; the last tab cannot be closed; closing the active one activates its neighbour', async () => {
  logIn(sales);
  const router = renderAt('/crm/customer/watched');
  await screen.findByText('我的客户页面');
  expect(screen.queryByRole('button', { name: /remove|关闭/i })).toBeNull();
  await act(() => router.navigate('/crm/customer/zaifenpei'));
  await screen.findByText('再分配页面');
  expect(useTabsStore.getState().tabs.map((x) => x.key)).toEqual(['/crm/customer/watched', '/crm/customer/zaifenpei']);
  const closeButtons = screen.getAllByRole('button', { name: /remove|关闭/i });
  expect(closeButtons).toHaveLength(2);
  fireEvent.click(closeButtons[1]);
  expect(await screen.findByText('我的客户页面')).toBeInTheDocument();
  expect(router.state.location.pathname).toBe('/crm/customer/watched');
  expect(useTabsStore.getState().tabs.map((x) => x.key)).toEqual(['/crm/customer/watched']);
});

it('loads permissions from the server when none are cached', async () => {
  logIn(null);
  const fetchSpy = jest.spyOn(api, 'fetch').mockResolvedValue(sales);
  renderAt('/crm/customer/watched');
  expect(await screen.findByText('我的客户页面')).toBeInTheDocument();
  expect(fetchSpy).toHaveBeenCalledWith('/Api/menu/auth/', undefined, { silent: true });
  expect(useSessionStore.getState().permissions).toEqual(sales);
  fetchSpy.mockRestore();
});

it.each([
  ['the server message', new ApiError('server', '账号已停用'), '账号已停用'],
  ['获取用户信息失败 without one', new ApiError('network', '网络请求失败，请稍候再试'), '获取用户信息失败'],
])('logs out and shows %s when loading permissions fails', async (_case, error, shown) => {
  logIn(null);
  const fetchSpy = jest.spyOn(api, 'fetch').mockRejectedValue(error);
  const router = renderAt('/crm/customer/watched');
  await waitFor(() => expect(notifier.error).toHaveBeenCalledWith(shown));
  expect(useSessionStore.getState().token).toBeNull();
  await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  fetchSpy.mockRestore();
});
