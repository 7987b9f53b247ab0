import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from '../../test/render-with-providers';
import { api } from '@portal/shared-core';
import type { ProductRecord } from './directory-types';
import { ProductPicker } from './product-picker';

jest.mock('@portal/shared-core', () => ({
  ...jest.requireActual('@portal/shared-core'),
  api: { list: jest.fn(), fetch: jest.fn(), command: jest.fn(), post: jest.fn(), get: jest.fn() },
}));

const mockedApi = jest.mocked(api);

const products: ProductRecord[] = [
  { id: 5, name: '矿泉水', number: 'P005', standard: '500ml', unit: '瓶', price: 2, costPrice: 1, shuihao: '', shuilv: 13, cover: '/files/water.png' },
  { id: 6, name: '苏打水', number: 'P006', standard: '330ml', unit: '罐', price: 3, costPrice: 1.5, shuihao: '', shuilv: 6, cover: '' },
  { id: 7, name: '果汁', number: 'P007', standard: '1L', unit: '瓶', price: 9, costPrice: 5, shuihao: '', shuilv: 9, cover: '' },
];

const checkboxOf = (name: string) => screen.getByText(name).closest('tr')?.querySelector('input[type="checkbox"]') as HTMLInputElement;

beforeEach(() => {
  jest.clearAllMocks();
  mockedApi.fetch.mockResolvedValue({ rows: products, total: 3 });
});

it('is titled 产品管理, shows covers and tax rates with %, skips listed products and returns the ticked ones', async () => {
  const onSelect = jest.fn();
  renderWithProviders(<ProductPicker open exclude={[5]} onSelect={onSelect} onClose={jest.fn()} />);
  expect(screen.getByText('产品管理')).toBeInTheDocument();
  await screen.findByText('矿泉水');
  expect(mockedApi.fetch).toHaveBeenCalledWith('api/product/index', { page: 1, rows: 10, key: '' }, { silent: true });
  expect(screen.getByText('13%')).toBeInTheDocument();
  const cover = screen.getByAltText('封面');
  expect(cover).toHaveAttribute('width', '40');

  expect(checkboxOf('矿泉水')).toBeDisabled();
  fireEvent.click(checkboxOf('苏打水'));
  fireEvent.click(checkboxOf('果汁'));
  fireEvent.click(screen.getByRole('button', { name: '确定' }));
  expect(onSelect).toHaveBeenCalledWith([products[1], products[2]]);
});

it('searches by name or number', async () => {
  renderWithProviders(<ProductPicker open onSelect={jest.fn()} onClose={jest.fn()} />);
  await screen.findByText('矿泉水');
  const search = screen.getByPlaceholderText('产品名称/产品编号');
  fireEvent.change(search, { target: { value: 'P006' } });
  fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
  await waitFor(() => expect(mockedApi.fetch).toHaveBeenLastCalledWith('api/product/index', { page: 1, rows: 10, key: 'P006' }, { silent: true }));
});
