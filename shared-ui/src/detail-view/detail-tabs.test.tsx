import { act, screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from '../../test/render-with-providers';
import { api } from '@portal/shared-core';
import { DetailTabs, tabLabel, useSubtotal } from './detail-tabs';

jest.mock('@portal/shared-core', () => ({ ...jest.requireActual('@portal/shared-core'), api: { fetch: jest.fn() } }));
const fetchMock = jest.mocked(api.fetch);

function CustomerTabs({ id }: { id?: number }) {
  const { counts, setCount } = useSubtotal('api/customer/Subtotal', id);
  return (
    <>
      <DetailTabs
        counts={counts}
        tabs={[
          { key: 'details', label: '详细资料', children: '资料' },
          { key: 'contacts', label: '联系人', countKey: 'contact', children: '联系人列表' },
          { key: 'files', label: '附件', countKey: 'files', children: '附件列表' },
        ]}
      />
      <button onClick={() => setCount('files', 5)}>uploaded</button>
    </>
  );
}

beforeEach(() => fetchMock.mockReset());

it('labels a tab with its count only when the count is known', () => {
  expect(tabLabel('联系人', 3)).toBe('联系人 (3)');
  expect(tabLabel('联系人', 0)).toBe('联系人 (0)');
  expect(tabLabel('联系人', undefined)).toBe('联系人');
});

it('fills the tab counts from one subtotal call, silently, and lets a tab correct its count', async () => {
  fetchMock.mockResolvedValue({ contact: 2, files: 1 });
  renderWithProviders(<CustomerTabs id={7} />);
  expect(await screen.findByText('联系人 (2)')).toBeInTheDocument();
  expect(screen.getByText('附件 (1)')).toBeInTheDocument();
  expect(screen.getByText('详细资料')).toBeInTheDocument();
  expect(fetchMock).toHaveBeenCalledTimes(1);
  expect(fetchMock).toHaveBeenCalledWith('api/customer/Subtotal', { id: 7 }, { silent: true });
  await act(async () => screen.getByText('uploaded').click());
  expect(screen.getByText('附件 (5)')).toBeInTheDocument();
});

it('keeps plain labels when the call fails or there is no record', async () => {
  fetchMock.mockRejectedValue(new Error('网络请求失败'));
  const { rerender } = renderWithProviders(<CustomerTabs id={7} />);
  await waitFor(() => expect(fetchMock).toHaveBeenCalled());
  expect(screen.getByText('联系人')).toBeInTheDocument();
  rerender(<CustomerTabs />);
  expect(screen.getByText('附件')).toBeInTheDocument();
  expect(fetchMock).toHaveBeenCalledTimes(1);
});
