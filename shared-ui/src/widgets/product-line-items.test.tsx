import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from '../../test/render-with-providers';
import { api } from '@portal/shared-core';
import type { ProductRecord } from '../pickers/directory-types';
import { lineItemFromProduct, subtotalOf, type LineItem } from './line-item';
import { ProductLineItems } from './product-line-items';

jest.mock('@portal/shared-core', () => ({
  ...jest.requireActual('@portal/shared-core'),
  api: { list: jest.fn(), fetch: jest.fn(), command: jest.fn(), post: jest.fn(), get: jest.fn() },
}));

const mockedApi = jest.mocked(api);

const product = (id: number, name: string, price: number): ProductRecord => ({
  id,
  name,
  number: `SN${id}`,
  standard: '500ml',
  unit: '瓶',
  price,
  costPrice: price / 2,
  shuihao: '',
  shuilv: 13,
  cover: '',
});

const listed = lineItemFromProduct(product(5, '矿泉水', 12.5));

/** The dropdown option (not the chosen value's own title) once the remote search answered. */
async function findOption(text: string): Promise<HTMLElement> {
  let option: HTMLElement | null = null;
  await waitFor(() => {
    option = document.querySelector<HTMLElement>(`.ant-select-item-option[title="${text}"]`);
    expect(option).not.toBeNull();
  });
  return option as unknown as HTMLElement;
}

function renderItems(value: LineItem[], onChange = jest.fn()) {
  renderWithProviders(<ProductLineItems value={value} onChange={onChange} />);
  return onChange;
}

beforeEach(() => {
  jest.clearAllMocks();
  mockedApi.fetch.mockImplementation(async (url: string) =>
    url === 'api/product/index' ? { rows: [product(5, '矿泉水', 12.5), product(6, '苏打水', 8)], total: 2 } : [],
  );
});

describe('product line items', () => {
  it('refuses a product that is already listed with 该产品已存在', async () => {
    const onChange = renderItems([listed]);
    fireEvent.click(screen.getAllByRole('button', { name: '添加行' })[0]);
    const selects = screen.getAllByRole('combobox', { name: '产品' });
    fireEvent.mouseDown(selects[selects.length - 1]);
    const taken = await findOption('矿泉水');
    await act(async () => {
      fireEvent.click(taken);
    });
    expect(await screen.findByText('该产品已存在')).toBeInTheDocument();
    expect(onChange).not.toHaveBeenCalled();

    fireEvent.mouseDown(selects[selects.length - 1]);
    const other = await findOption('苏打水');
    await act(async () => {
      fireEvent.click(other);
    });
    expect(onChange).toHaveBeenCalledWith([
      listed,
      expect.objectContaining({
        productid: 6,
        title: '苏打水',
        number: 1,
        sellingprice: 8,
        xiaoji: 8,
        xinghao: 'SN6',
        warehouseid: 0,
        warehousename: '默认仓库',
        shuihao: '',
      }),
    ]);
  });

  it('keeps 小计 = 数量 × 单价, rounded to 2 decimals', async () => {
    const onChange = renderItems([listed]);
    fireEvent.change(screen.getByRole('spinbutton', { name: '数量' }), { target: { value: '3' } });
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith([expect.objectContaining({ number: 3, xiaoji: 37.5 })]));
    expect(subtotalOf(3, 0.1)).toBe(0.3);
    expect(subtotalOf(1.005, 1)).toBe(1.01);
  });

  it('shows plain text when read-only', () => {
    renderWithProviders(<ProductLineItems value={[{ ...listed, number: 2 }]} readOnly />);
    expect(screen.getByText('矿泉水')).toBeInTheDocument();
    expect(screen.getByText('25.00')).toBeInTheDocument();
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
  });
});
