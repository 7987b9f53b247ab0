import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from '../../test/render-with-providers';
import { api } from '@portal/shared-core';
import { RegionCascader } from './region-cascader';

jest.mock('@portal/shared-core', () => ({
  ...jest.requireActual('@portal/shared-core'),
  api: { list: jest.fn(), fetch: jest.fn(), command: jest.fn(), post: jest.fn(), get: jest.fn() },
}));

const mockedApi = jest.mocked(api);

const regions: Record<string, { id: number; name: string }[]> = {
  '1': [
    { id: 11, name: '北京市' },
    { id: 31, name: '上海市' },
  ],
  '2:11': [{ id: 1101, name: '市辖区' }],
  '3:1101': [{ id: 110101, name: '东城区' }],
};

beforeEach(() => {
  jest.clearAllMocks();
  mockedApi.get.mockImplementation(async (_url: string, params?: Record<string, unknown>) => {
    const p = params as { type: number; parentid?: number };
    return (p.type === 1 ? regions['1'] : regions[`${p.type}:${p.parentid}`]) ?? [];
  });
});

describe('RegionCascader', () => {
  it('loads provinces (type 1, status 0), then a stored county path, and shows its names', async () => {
    renderWithProviders(<RegionCascader levels={3} value={[11, 1101, 110101]} />);
    expect(await screen.findByText('北京市 / 市辖区 / 东城区')).toBeInTheDocument();
    expect(mockedApi.get).toHaveBeenCalledWith('Api/city/list/', { type: 1, status: 0 });
    expect(mockedApi.get).toHaveBeenCalledWith('Api/city/list/', { type: 2, parentid: 11 });
    expect(mockedApi.get).toHaveBeenCalledWith('Api/city/list/', { type: 3, parentid: 1101 });
  });

  it('loads cities only when a province is opened, and answers [provinceId, cityId]', async () => {
    const onChange = jest.fn();
    renderWithProviders(<RegionCascader levels={2} onChange={onChange} />);
    await waitFor(() => expect(mockedApi.get).toHaveBeenCalledTimes(1));
    fireEvent.mouseDown(screen.getByRole('combobox'));
    await act(async () => {
      fireEvent.click(await screen.findByText('北京市'));
    });
    expect(mockedApi.get).toHaveBeenCalledWith('Api/city/list/', { type: 2, parentid: 11 });
    await act(async () => {
      fireEvent.click(await screen.findByText('市辖区'));
    });
    expect(onChange).toHaveBeenCalledWith([11, 1101], ['北京市', '市辖区']);
    expect(mockedApi.get).not.toHaveBeenCalledWith('Api/city/list/', expect.objectContaining({ type: 3 }));
    // Let the dropdown's closing animation finish inside the test.
    await waitFor(() => expect(document.querySelector('.ant-cascader-dropdown-hidden, .ant-select-dropdown-hidden')).not.toBeNull());
  });
});
