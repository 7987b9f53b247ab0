/** 访客登记: the list with its customer match, and 转为客户 behind the edit right. */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from '@portal/shared-ui/test/render-with-providers';
import { api, emptyPermissionTree, useSessionStore } from '@portal/shared-core';
import VisitorsPage from './visitors-page';

jest.mock('@portal/shared-core', () => ({
  ...jest.requireActual('@portal/shared-core'),
  api: { list: jest.fn(), fetch: jest.fn(), command: jest.fn(), post: jest.fn(), get: jest.fn() },
}));
const mockedApi = jest.mocked(api);

const visitor = (id: number, name: string, customerId: number, customerName = '') => ({
  id,
  name,
  mobile: `1390000000${id}`,
  company: '',
  purpose: '商务洽谈',
  receptionist: '李娜',
  arrivedAt: '2026-11-23 09:00:00',
  leftAt: '',
  remark: '',
  customerId,
  customerName,
});

async function renderVisitors() {
  useSessionStore
    .getState()
    .login(
      { LoginToken: 'k', UserID: 7, NickName: '张三', header: '', ShopID: 1 },
      { ...emptyPermissionTree(), crm: ['customer/fangke', 'customer/fangke:create', 'customer/fangke:edit'] },
    );
  mockedApi.list.mockResolvedValue({ rows: [visitor(1, '周明', 0), visitor(2, '吴静', 5, '苏州华创电子有限公司')], total: 2 } as never);
  mockedApi.command.mockResolvedValue({ result: 'success', msg: '已转为客户，进入待分配客户' });
  renderWithProviders(<VisitorsPage />);
  expect(await screen.findByText('周明')).toBeInTheDocument();
}

it('lists visitors and marks the ones already customers', async () => {
  await renderVisitors();
  expect(mockedApi.list).toHaveBeenCalledWith('api/customer/visitorsIndex', { page: 1, rows: 10, from: '', to: '', key: '' }, { silent: true });
  expect(screen.getByText('苏州华创电子有限公司')).toBeInTheDocument();
  expect(screen.getByText('登记访客', { selector: 'button span' })).toBeInTheDocument();
  // Only the visitor who is not a customer yet offers 转为客户.
  expect(screen.getAllByText('转为客户', { selector: 'button span' })).toHaveLength(1);
});

it('turns a visitor into a customer after confirmation', async () => {
  await renderVisitors();
  fireEvent.click(screen.getByText('转为客户', { selector: 'button span' }));
  fireEvent.click(await screen.findByText(/^确\s?定$/, { selector: '.ant-modal-confirm button span' }));
  await waitFor(() => expect(mockedApi.command).toHaveBeenCalledWith('api/customer/visitorsTurn', { id: 1 }));
});
