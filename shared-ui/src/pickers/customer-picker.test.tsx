import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from '../../test/render-with-providers';
import { api } from '@portal/shared-core';
import { CustomerPicker } from './customer-picker';
import type { CustomerRecord } from './directory-types';

jest.mock('@portal/shared-core', () => ({
  ...jest.requireActual('@portal/shared-core'),
  api: { list: jest.fn(), fetch: jest.fn(), command: jest.fn(), post: jest.fn(), get: jest.fn() },
}));

const mockedApi = jest.mocked(api);

const customer: CustomerRecord = {
  id: 3,
  code: 'KH001',
  CustomerName: '上海华信科技有限公司',
  contact_name: '王磊',
  contact_mobile: '13800138000',
  LaiYuanName: '官网',
  UserName: '张三',
  BranchName: '销售一部',
  AddTime: '2026-11-01 09:30',
  UpdateTime: '2026-11-01 09:30',
  genjinTime: '',
  nextgenjintime: '',
  clue: 1,
  industry: '软件',
};

function renderPicker() {
  const onSelect = jest.fn();
  renderWithProviders(<CustomerPicker open onSelect={onSelect} onClose={jest.fn()} />);
  return onSelect;
}

const lastQuery = () => mockedApi.list.mock.calls[mockedApi.list.mock.calls.length - 1][1];

beforeEach(() => {
  jest.clearAllMocks();
  mockedApi.list.mockResolvedValue({ rows: [customer], total: 1 });
  mockedApi.fetch.mockResolvedValue(customer);
});

describe('CustomerPicker', () => {
  it('is titled 线索管理, lists customers newest first and returns the row chosen with 选择', async () => {
    const onSelect = renderPicker();
    expect(screen.getByText('线索管理')).toBeInTheDocument();
    await screen.findByText('上海华信科技有限公司');
    expect(mockedApi.list).toHaveBeenCalledWith(
      'api/customer/index',
      { page: 1, rows: 10, key: '', scene: 'all', sort: 'AddTime', order: 'desc', filters: {} },
      { silent: true },
    );
    fireEvent.click(screen.getByRole('button', { name: '选择' }));
    expect(onSelect).toHaveBeenCalledWith(customer);
  });

  it('filters by scene, the last 7 days and the search key', async () => {
    renderPicker();
    await screen.findByText('上海华信科技有限公司');
    await act(async () => {
      fireEvent.click(screen.getByText('我的客户'));
    });
    await waitFor(() => expect(lastQuery()).toEqual(expect.objectContaining({ scene: 'mine' })));
    await act(async () => {
      fireEvent.click(screen.getByText('近7天'));
    });
    await waitFor(() => expect(lastQuery()).toEqual(expect.objectContaining({ scene: 'mine', filters: { days: 7 } })));
    const search = screen.getByPlaceholderText('客户名称/电话/微信/QQ');
    fireEvent.change(search, { target: { value: '13800' } });
    await act(async () => {
      fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    });
    await waitFor(() => expect(lastQuery()).toEqual(expect.objectContaining({ key: '13800', page: 1 })));
  });

  it('opens the detail side panel on a row click', async () => {
    renderPicker();
    const mobile = await screen.findByText('13800138000');
    await act(async () => {
      fireEvent.click(mobile);
    });
    expect(mockedApi.fetch).toHaveBeenCalledWith('api/customer/Views', { id: 3 });
    expect(await screen.findByText('客户详情')).toBeInTheDocument();
    expect(await screen.findByText('软件')).toBeInTheDocument();
  });
});
