/** 新建进件 (signorentry/entry/:id): the intake work form as a page, by right; the customer from the address; the 进件编号 after 提交审批. */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { renderWithProviders } from '@portal/shared-ui/test/render-with-providers';
import { api, emptyPermissionTree, intakeKeys, useSessionStore } from '@portal/shared-core';
import IntakeNewPage from './intake-new-page';

jest.mock('@portal/shared-core', () => ({
  ...jest.requireActual('@portal/shared-core'),
  api: { list: jest.fn(), fetch: jest.fn(), command: jest.fn(), post: jest.fn(), get: jest.fn() },
}));
const mockedApi = jest.mocked(api);

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

function logIn(crm: string[]) {
  useSessionStore.getState().login({ LoginToken: 't', UserID: 7, NickName: '李娜', header: '', ShopID: 1 }, { ...emptyPermissionTree(), crm });
}

function CurrentPath() {
  return <output data-testid="path">{useLocation().pathname}</output>;
}

function renderPage(id: string) {
  return renderWithProviders(
    <MemoryRouter initialEntries={[`/crm/signorentry/entry/${id}`]}>
      <CurrentPath />
      <IntakeNewPage routePath="/crm/signorentry/entry/:id" params={{ id }} />
    </MemoryRouter>,
  );
}

beforeEach(() => {
  jest.clearAllMocks();
  mockedApi.fetch.mockImplementation((async (url: string) => {
    if (url === '/Api/formField/index/') return DEFINITION;
    if (url === 'api/customer/Views') return { id: 9, CustomerName: '上海华信科技有限公司' };
    return {};
  }) as never);
  mockedApi.command.mockResolvedValue({ result: 'success', msg: '提交成功', data: { id: 5, entrySn: 'JJ202611240001', taskid: 30, status: 1 } } as never);
});

it('without the create right the page says so and loads nothing', async () => {
  logIn(['signorentry/entry']);
  renderPage('0');
  expect(await screen.findByText('没有新建进件的权限')).toBeInTheDocument();
  expect(mockedApi.fetch).not.toHaveBeenCalled();
});

it('submits the intake work form to api/customer/EntryAudit and shows the 进件编号; the intake lists reload', async () => {
  logIn(['signorentry/entry', 'signorentry/entry:create']);
  const { queryClient } = renderPage('0');
  queryClient.setQueryData(intakeKeys.list({ page: 1, rows: 10, key: '', status: '' }), { rows: [], total: 0 });
  await waitFor(() => expect(mockedApi.fetch).toHaveBeenCalledWith('/Api/formField/index/', { mode: 'intake', isshow: 1 }, { silent: true }));
  expect(mockedApi.fetch).not.toHaveBeenCalledWith('api/customer/Views', expect.anything(), expect.anything());
  fireEvent.change(await screen.findByLabelText('备注'), { target: { value: '首期进件' } });
  await act(async () => fireEvent.click(screen.getByRole('button', { name: '提交审批' })));
  await waitFor(() => expect(mockedApi.command).toHaveBeenCalledWith('api/customer/EntryAudit', expect.objectContaining({ beizhu: '首期进件' })));
  expect(await screen.findByText('进件已提交审批')).toBeInTheDocument();
  expect(screen.getByText(/进件编号 JJ202611240001/)).toBeInTheDocument();
  expect(queryClient.getQueryState(intakeKeys.list({ page: 1, rows: 10, key: '', status: '' }))?.isInvalidated).toBe(true);

  // 继续新建 starts an empty form; 返回进件管理 goes to the list.
  fireEvent.click(screen.getByRole('button', { name: '继续新建' }));
  expect(await screen.findByLabelText('备注')).toHaveValue('');
  fireEvent.click(screen.getByRole('button', { name: '返回进件管理' }));
  expect(screen.getByTestId('path')).toHaveTextContent(/^\/crm\/signorentry\/entry$/);
});

it('a refused submission keeps the form and its values', async () => {
  logIn(['signorentry/entry', 'signorentry/entry:create']);
  mockedApi.command.mockRejectedValue(new Error('该客户不在您的数据范围内，不能提交进件'));
  renderPage('0');
  fireEvent.change(await screen.findByLabelText('备注'), { target: { value: '首期进件' } });
  await act(async () => fireEvent.click(screen.getByRole('button', { name: '提交审批' })));
  await waitFor(() => expect(mockedApi.command).toHaveBeenCalled());
  expect(screen.queryByText('进件已提交审批')).not.toBeInTheDocument();
  expect(screen.getByLabelText('备注')).toHaveValue('首期进件');
});

it('the address names the customer: it is read for the form and sent with the intake', async () => {
  logIn(['signorentry/entry', 'signorentry/entry:create']);
  renderPage('9');
  await waitFor(() => expect(mockedApi.fetch).toHaveBeenCalledWith('api/customer/Views', { id: 9 }));
  fireEvent.change(await screen.findByLabelText('备注'), { target: { value: '二期' } });
  await act(async () => fireEvent.click(screen.getByRole('button', { name: '提交审批' })));
  await waitFor(() => expect(mockedApi.command).toHaveBeenCalledWith('api/customer/EntryAudit', expect.objectContaining({ customerId: 9, beizhu: '二期' })));
});

it('a blacklisted customer in the address: the page says it cannot take an intake and offers no 提交审批', async () => {
  logIn(['signorentry/entry', 'signorentry/entry:create']);
  mockedApi.fetch.mockImplementation((async (url: string) => {
    if (url === '/Api/formField/index/') return DEFINITION;
    if (url === 'api/customer/Views') return { id: 9, CustomerName: '上海华信科技有限公司', blacklisted: 1 };
    return {};
  }) as never);
  renderPage('9');
  expect(await screen.findByText('该客户在黑名单中，不能新建进件')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: '提交审批' })).not.toBeInTheDocument();
  fireEvent.click(screen.getByRole('button', { name: '返回进件管理' }));
  expect(screen.getByTestId('path')).toHaveTextContent(/^\/crm\/signorentry\/entry$/);
});
