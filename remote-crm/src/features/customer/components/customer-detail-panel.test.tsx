/** The customer detail panel: the details tab, tab counts, 编辑 and 删除 by right, and the delete. */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { renderWithProviders } from '@portal/shared-ui/test/render-with-providers';
import { api, customerKeys, emptyPermissionTree, useSessionStore } from '@portal/shared-core';
import { CustomerDetailPanel, type CustomerDetailPanelProps } from './customer-detail-panel';
import { makeCustomerDetail } from '../testing/customer-fixtures';

jest.mock('@portal/shared-core', () => ({
  ...jest.requireActual('@portal/shared-core'),
  api: { list: jest.fn(), fetch: jest.fn(), command: jest.fn(), post: jest.fn(), get: jest.fn() },
}));

const mockedApi = jest.mocked(api);

function button(text: string, container: HTMLElement = document.body): HTMLElement {
  const label = within(container).getByText(
    (content, element) => element?.tagName === 'SPAN' && element.parentElement?.tagName === 'BUTTON' && content.trim() === text,
  );
  return label.closest('button') as HTMLElement;
}

/** The router's current path, for the buttons that open another page. */
function CurrentPath() {
  return <output data-testid="path">{useLocation().pathname}</output>;
}

function renderPanel(props: Partial<CustomerDetailPanelProps> = {}) {
  const onClose = jest.fn();
  const onEdit = jest.fn();
  const view = renderWithProviders(
    <MemoryRouter initialEntries={['/crm/customer/watched']}>
      <CurrentPath />
      <CustomerDetailPanel open customer={makeCustomerDetail()} loading={false} canEdit canDelete onClose={onClose} onEdit={onEdit} {...props} />
    </MemoryRouter>,
  );
  const panel = () => screen.getByText('详细资料').closest('[role="dialog"]') as HTMLElement;
  return { ...view, onClose, onEdit, panel };
}

beforeEach(() => {
  jest.clearAllMocks();
  useSessionStore.getState().login({ LoginToken: 'k', UserID: 7, NickName: '张三', header: '', ShopID: 1 }, emptyPermissionTree());
  mockedApi.list.mockResolvedValue({ rows: [], total: 0 });
  mockedApi.fetch.mockImplementation(async (url: string) => {
    if (url === 'api/customer/Subtotal') return { followups: 2, contact: 1, contract: 0, files: 0 } as never;
    return { rows: [], total: 0 } as never;
  });
  mockedApi.command.mockResolvedValue({ result: 'success', msg: '删除成功' });
});

it('shows the details tab with label/value pairs, - for empty values, and tab counts from api/customer/Subtotal', async () => {
  const { panel } = renderPanel();
  expect(await within(panel()).findByText('跟进记录 (2)')).toBeInTheDocument();
  expect(within(panel()).getByText('联系人 (1)', { selector: '.ant-tabs-tab-btn' })).toBeInTheDocument();
  expect(within(panel()).getByText('附件 (0)', { selector: '.ant-tabs-tab-btn' })).toBeInTheDocument();
  expect(mockedApi.fetch).toHaveBeenCalledWith('api/customer/Subtotal', { id: 1 }, { silent: true });
  expect(within(panel()).getByText('客户编号')).toBeInTheDocument();
  expect(within(panel()).getByText('KH20260001')).toBeInTheDocument();
  const address = within(panel()).getByText('地址').closest('tr') as HTMLElement;
  expect(within(address).getByText('-')).toBeInTheDocument();
});

it('offers 编辑 and 删除 only with their rights; 编辑 hands the customer to the form', async () => {
  const { panel, onEdit, unmount } = renderPanel();
  fireEvent.click(button('编辑', panel()));
  expect(onEdit).toHaveBeenCalledWith(expect.objectContaining({ id: 1, CustomerName: '上海华信科技有限公司' }));
  expect(button('删除', panel())).toBeInTheDocument();
  unmount();

  const { panel: salesPanel } = renderPanel({ canDelete: false });
  expect(within(salesPanel()).getByText('编辑')).toBeInTheDocument();
  expect(within(salesPanel()).queryByText('删除')).toBeNull();
  await screen.findByText('跟进记录 (2)');
});

it('deletes after the confirmation, reloads the lists and closes', async () => {
  const { panel, onClose, queryClient } = renderPanel();
  queryClient.setQueryData(customerKeys.list({ page: 1 }), { rows: [], total: 0 });
  fireEvent.click(button('删除', panel()));
  expect(await screen.findByText('确定执行此操作, 是否继续?')).toBeInTheDocument();
  fireEvent.click(button('确 定'));
  await waitFor(() => expect(mockedApi.command).toHaveBeenCalledWith('api/customer/delete', { ids: '1' }));
  // The lists reload and the detail panel closes after a delete (spec §4).
  await waitFor(() => expect(onClose).toHaveBeenCalled());
  expect(queryClient.getQueryState(customerKeys.list({ page: 1 }))?.isInvalidated).toBe(true);
});

it('新建进件 opens the intake page for this customer, only with the intake create right and outside the 公海', async () => {
  const { panel, unmount } = renderPanel();
  expect(within(panel()).queryByText('新建进件')).not.toBeInTheDocument();
  unmount();

  useSessionStore
    .getState()
    .login(
      { LoginToken: 'k', UserID: 7, NickName: '张三', header: '', ShopID: 1 },
      { ...emptyPermissionTree(), crm: ['signorentry/entry', 'signorentry/entry:create'] },
    );
  const inPool = renderPanel({ customer: makeCustomerDetail({ gonghai: 1 }) });
  expect(within(inPool.panel()).queryByText('新建进件')).not.toBeInTheDocument();
  inPool.unmount();

  const { panel: owned, onClose } = renderPanel();
  fireEvent.click(button('新建进件', owned()));
  expect(onClose).toHaveBeenCalled();
  expect(screen.getByTestId('path')).toHaveTextContent('/crm/signorentry/entry/1');
});

it('a blacklisted customer offers nothing the server refuses: no 新建进件, no follow-up form, no 新增联系人 (its contacts can still be corrected)', async () => {
  useSessionStore
    .getState()
    .login(
      { LoginToken: 'k', UserID: 7, NickName: '张三', header: '', ShopID: 1 },
      { ...emptyPermissionTree(), crm: ['signorentry/entry', 'signorentry/entry:create'] },
    );
  mockedApi.list.mockImplementation((async (url: string) =>
    url === 'api/contact/list' ? { rows: [{ id: 11, contactName: '王磊', mobile: '13800138000', isPrimary: 1 }], total: 1 } : { rows: [], total: 0 }) as never);
  const { panel } = renderPanel({ customer: makeCustomerDetail({ blacklisted: 1, blackReason: '虚假信息' }) });
  expect(within(panel()).getByText('虚假信息')).toBeInTheDocument();
  expect(within(panel()).queryByText('新建进件')).not.toBeInTheDocument();

  fireEvent.click(await within(panel()).findByText('跟进记录 (2)'));
  expect(await within(panel()).findByText('暂无跟进记录')).toBeInTheDocument();
  expect(within(panel()).queryByLabelText('跟进内容')).not.toBeInTheDocument();
  expect(within(panel()).queryByText('添加跟进')).not.toBeInTheDocument();

  fireEvent.click(within(panel()).getByText('联系人 (1)', { selector: '.ant-tabs-tab-btn' }));
  const row = (await within(panel()).findByLabelText('设为首要联系人 王磊')).closest('tr') as HTMLElement;
  expect(within(panel()).queryByText('新增联系人')).not.toBeInTheDocument();
  fireEvent.click(within(row).getByText('编辑').closest('button') as HTMLElement);
  expect(await within(panel()).findByText('保存联系人')).toBeInTheDocument();
});
