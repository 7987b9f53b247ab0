/** 进件管理: the scoped list, 新建进件 by right (opens the 新建进件 page), details with the approval's progress, 打印 with the 进件 template. */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { renderWithProviders } from '@portal/shared-ui/test/render-with-providers';
import { api, emptyPermissionTree, useSessionStore } from '@portal/shared-core';
import IntakeListPage from './intake-list-page';

jest.mock('@portal/shared-core', () => ({
  ...jest.requireActual('@portal/shared-core'),
  api: { list: jest.fn(), fetch: jest.fn(), command: jest.fn(), post: jest.fn(), get: jest.fn() },
}));
const mockedApi = jest.mocked(api);

const ROW = {
  id: 4,
  entrySn: 'JJ202611200007',
  customerId: 9,
  customerName: '上海华信科技有限公司',
  contractId: 3,
  contractName: 'HT2026112000003',
  Money: '12345.60',
  riqi: '2026-11-20',
  files: [{ id: 11, url: '/files/0123456789abcdef0123456789abcdef.pdf', FileName: '营业执照.pdf', format: 'pdf', size: 12 }],
  beizhu: '首期',
  status: 1,
  statusText: '审核中',
  taskid: 21,
  UserID: 7,
  UserName: '李娜',
  BranchName: '销售一部',
  AddTime: '2026-11-20 10:30',
};
const PROGRESS = {
  task: { Status: 1, flowName: '进件审核' },
  steps: [{ id: 1, StepName: '部门经理', UserName: '张伟', Status: 0, outcome: '', decidedAt: '' }],
  logs: [{ id: 1, UserName: '李娜', name: '发起人', status: '提交', Ext: '提交审批', AddTime: '2026-11-20 10:30' }],
};
/** The intake work form, cut down to one field for the test. */
const DEFINITION = {
  mode: 'intake',
  title: '进件',
  cols: 1,
  items: [{ id: 1, json: { type: 'textarea', field: 'beizhu', title: '备注', max: 300 } }],
  api_add: 'api/customer/EntryAudit',
  api_edit: 'api/customer/EntryAudit',
  api_detail: 'api/customer/EntryAuditdetail',
};
const TEMPLATE =
  '<p>{{entrySn}} {{customerName}}</p><p>金额：{{Money}} 元（{{MoneyUpper}}）</p><p>{{riqi}} {{UserName}} {{statusText}} 资料：{{fileNames}}</p>';

function logIn(crm: string[]) {
  useSessionStore.getState().login({ LoginToken: 't', UserID: 7, NickName: '李娜', header: '', ShopID: 1 }, { ...emptyPermissionTree(), crm });
}

function mockCalls() {
  mockedApi.list.mockImplementation((async (url: string) =>
    url === 'api/printTemp/index' ? { rows: [{ id: 5, name: '进件单' }], total: 1 } : { rows: [ROW], total: 1 }) as never);
  mockedApi.fetch.mockImplementation((async (url: string) => {
    if (url === 'api/printTemp/detail') return { content: TEMPLATE };
    if (url === 'api/customer/EntryAuditdetail') return ROW;
    if (url === 'api/WorkFlow/detail') return PROGRESS;
    if (url === '/Api/formField/index/') return DEFINITION;
    return {};
  }) as never);
}

/** What the print frame holds when print() is called (jsdom cannot print). */
function capturePrint(): { text: () => string } {
  let printed = '';
  const append = document.body.appendChild.bind(document.body);
  jest.spyOn(document.body, 'appendChild').mockImplementation(<T extends Node>(node: T): T => {
    const added = append(node);
    const win = node instanceof HTMLIFrameElement ? node.contentWindow : null;
    if (win) {
      win.focus = () => undefined;
      win.print = () => {
        printed = win.document.body.textContent ?? '';
      };
    }
    return added;
  });
  return { text: () => printed };
}

function CurrentPath() {
  return <output data-testid="path">{useLocation().pathname}</output>;
}

const renderPage = () =>
  renderWithProviders(
    <MemoryRouter initialEntries={['/crm/signorentry/entry']}>
      <CurrentPath />
      <IntakeListPage routePath="/crm/signorentry/entry" />
    </MemoryRouter>,
  );

beforeEach(() => {
  jest.clearAllMocks();
  mockCalls();
});
afterEach(() => jest.restoreAllMocks());

it('lists number, customer, amount, date, status and submitter from api/customer/EntryAuditList', async () => {
  logIn(['signorentry/entry']);
  renderPage();
  expect(await screen.findByText('JJ202611200007')).toBeInTheDocument();
  expect(screen.getByText('上海华信科技有限公司')).toBeInTheDocument();
  expect(screen.getByText('¥12,345.60')).toBeInTheDocument();
  expect(screen.getByText('2026-11-20')).toBeInTheDocument();
  expect(screen.getByText('审核中')).toBeInTheDocument();
  expect(screen.getByText('李娜')).toBeInTheDocument();
  expect(mockedApi.list).toHaveBeenCalledWith('api/customer/EntryAuditList', { page: 1, rows: 10, key: '', status: '' }, { silent: true });
});

it('searches by number or customer name', async () => {
  logIn(['signorentry/entry']);
  renderPage();
  await screen.findByText('JJ202611200007');
  fireEvent.change(screen.getByPlaceholderText('进件编号、客户名称'), { target: { value: 'JJ2026' } });
  fireEvent.keyDown(screen.getByPlaceholderText('进件编号、客户名称'), { key: 'Enter', code: 'Enter', keyCode: 13 });
  await waitFor(() =>
    expect(mockedApi.list).toHaveBeenCalledWith('api/customer/EntryAuditList', { page: 1, rows: 10, key: 'JJ2026', status: '' }, { silent: true }),
  );
});

it('新建进件 shows only with the create right and opens the 新建进件 page', async () => {
  logIn(['signorentry/entry']);
  const { unmount } = renderPage();
  await screen.findByText('JJ202611200007');
  expect(screen.queryByText('新建进件')).not.toBeInTheDocument();
  unmount();

  logIn(['signorentry/entry', 'signorentry/entry:create']);
  renderPage();
  await screen.findByText('JJ202611200007');
  await act(async () => fireEvent.click(screen.getByRole('button', { name: /新建进件/ })));
  expect(screen.getByTestId('path')).toHaveTextContent('/crm/signorentry/entry/0');
});

it('详情 shows the intake and its approval progress', async () => {
  logIn(['signorentry/entry']);
  renderPage();
  await screen.findByText('JJ202611200007');
  await act(async () => fireEvent.click(screen.getByRole('button', { name: /^详\s?情$/ })));
  const drawer = await screen.findByRole('dialog');
  expect(await within(drawer).findByText('营业执照.pdf')).toBeInTheDocument();
  expect(within(drawer).getByText('HT2026112000003')).toBeInTheDocument();
  expect(await within(drawer).findByText('进件审核')).toBeInTheDocument();
  expect(within(drawer).getByText('部门经理 · 张伟 · 待接收')).toBeInTheDocument();
  expect(within(drawer).getByText('提交审批')).toBeInTheDocument();
  expect(mockedApi.fetch).toHaveBeenCalledWith('api/customer/EntryAuditdetail', { id: 4 });
  expect(mockedApi.fetch).toHaveBeenCalledWith('api/WorkFlow/detail', { taskid: 21 }, { silent: true });
});

it('打印 fills the enabled 进件 template with the intake’s fields, the amount in capitals', async () => {
  logIn(['signorentry/entry']);
  const print = capturePrint();
  renderPage();
  await screen.findByText('JJ202611200007');
  await act(async () => fireEvent.click(screen.getByRole('button', { name: /打印/ })));
  await waitFor(() => expect(print.text()).not.toBe(''));
  expect(mockedApi.list).toHaveBeenCalledWith('api/printTemp/index', expect.objectContaining({ module: 'entry', status: '1' }));
  expect(print.text()).toBe('JJ202611200007 上海华信科技有限公司金额：12,345.60 元（壹万贰仟叁佰肆拾伍元陆角）2026-11-20 李娜 审核中 资料：营业执照.pdf');
});
