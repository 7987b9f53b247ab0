/** One render per case, two rows: the pool view's columns and its 领取 after confirmation. */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { renderWithProviders } from '@portal/shared-ui/test/render-with-providers';
import { api, emptyPermissionTree, useSessionStore } from '@portal/shared-core';
import { CustomerViewPage } from './customer-view-page';
import { LEAD_SOURCES, makeCustomer } from '../testing/customer-fixtures';

jest.mock('@portal/shared-core', () => ({
  ...jest.requireActual('@portal/shared-core'),
  api: { list: jest.fn(), fetch: jest.fn(), command: jest.fn(), post: jest.fn(), get: jest.fn() },
}));
const mockedApi = jest.mocked(api);

const rows = [
  makeCustomer({
    id: 11,
    CustomerName: '宁波海联贸易',
    UserID: 0,
    UserName: '',
    gonghai: 1,
    poolReason: '超过30天未跟进，系统自动收回',
    previousOwner: '李娜',
    poolDays: 4,
  }),
  makeCustomer({ id: 12, CustomerName: '无锡恒达机械', UserID: 0, UserName: '', gonghai: 1, poolReason: '客户暂无需求', previousOwner: '赵强', poolDays: 0 }),
];

beforeEach(() => {
  jest.clearAllMocks();
  useSessionStore
    .getState()
    .login(
      { LoginToken: 'k', UserID: 7, NickName: '张三', header: '', ShopID: 1 },
      { ...emptyPermissionTree(), crm: ['customer/total', 'customer/total:receive'] },
    );
  mockedApi.list.mockImplementation(async (url: string) => (url === 'api/customer/index' ? { rows, total: 2 } : { rows: [], total: 0 }) as never);
  mockedApi.post.mockResolvedValue(LEAD_SOURCES);
  mockedApi.fetch.mockResolvedValue({ show: '' } as never);
  mockedApi.command.mockResolvedValue({ result: 'success', msg: '领取成功' });
});

it('公海客户: asks for view total, shows reason, previous owner and days in the pool; 领取 claims the selection after confirmation', async () => {
  renderWithProviders(
    <MemoryRouter>
      <CustomerViewPage view="total" />
    </MemoryRouter>,
  );
  expect(await screen.findByText('宁波海联贸易')).toBeInTheDocument();
  expect(mockedApi.list).toHaveBeenCalledWith('api/customer/index', expect.objectContaining({ view: 'total', page: 1 }), { silent: true });
  const row = screen.getByText('宁波海联贸易').closest('tr') as HTMLElement;
  expect(within(row).getByText('超过30天未跟进，系统自动收回')).toBeInTheDocument();
  expect(within(row).getByText('李娜')).toBeInTheDocument();
  expect(within(row).getByText('4天')).toBeInTheDocument();
  expect(screen.queryByText('新建客户', { selector: 'button span' })).toBeNull();
  expect(screen.queryByText('分配', { selector: 'button span' })).toBeNull();

  fireEvent.click(within(row).getByRole('checkbox'));
  fireEvent.click(await screen.findByText('领取'));
  // antd spaces two-character button labels (确 定).
  fireEvent.click(await screen.findByText(/^确\s?定$/, { selector: '.ant-modal-confirm button span' }));
  await waitFor(() => expect(mockedApi.command).toHaveBeenCalledWith('api/customer/receive', { ids: '11' }, { silent: false }));
});
