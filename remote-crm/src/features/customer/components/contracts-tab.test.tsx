/** 合同 tab: the customer's contracts from api/contract/index {customerId}; 暂无合同 when none. */
import { screen } from '@testing-library/react';
import { renderWithProviders } from '@portal/shared-ui/test/render-with-providers';
import { api } from '@portal/shared-core';
import { ContractsTab } from './contracts-tab';

jest.mock('@portal/shared-core', () => ({
  ...jest.requireActual('@portal/shared-core'),
  api: { list: jest.fn(), fetch: jest.fn(), command: jest.fn(), post: jest.fn(), get: jest.fn() },
}));
const mockedApi = jest.mocked(api);

beforeEach(() => jest.clearAllMocks());

it('lists number, title, amount, status and sign date of the customer’s contracts', async () => {
  mockedApi.list.mockResolvedValue({ rows: [{ id: 3, orderSn: 'HT2026112000003', title: '年度服务合同', Money: 12800.5, status: 2, signDate: '2026-11-20', UserName: '李娜' }], total: 1 } as never);
  renderWithProviders(<ContractsTab customerId={7} />);
  expect(await screen.findByText('HT2026112000003')).toBeInTheDocument();
  expect(screen.getByText('年度服务合同')).toBeInTheDocument();
  expect(screen.getByText('¥12,800.50')).toBeInTheDocument();
  expect(screen.getByText('通过')).toBeInTheDocument();
  expect(screen.getByText('2026-11-20')).toBeInTheDocument();
  expect(mockedApi.list).toHaveBeenCalledWith('api/contract/index', { customerId: 7, page: 1, rows: 10 }, { silent: true });
});

it('says 暂无合同 when the customer has none', async () => {
  mockedApi.list.mockResolvedValue({ rows: [], total: 0 } as never);
  renderWithProviders(<ContractsTab customerId={8} />);
  expect(await screen.findByText('暂无合同')).toBeInTheDocument();
});
