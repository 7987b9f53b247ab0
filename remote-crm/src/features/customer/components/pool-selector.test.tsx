/** The 公海客户 pool selector and the 转移公海 dialog, alone (no page, no API). */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from '@portal/shared-ui/test/render-with-providers';
import type { PoolOption } from '../api/public-pools-api';
import { selectOption } from '../testing/select-option';
import { MovePoolModal } from './move-pool-modal';
import { PoolSelector } from './pool-selector';

const pools: PoolOption[] = [
  { id: 0, name: '默认公海', isDefault: true, customers: 25, enabled: true },
  { id: 3, name: '华东公海', isDefault: false, customers: 2, enabled: true },
];

it('offers the pools the user may see, 默认公海 first, and says which was chosen', async () => {
  const onChange = jest.fn();
  renderWithProviders(<PoolSelector pools={pools} value={0} onChange={onChange} />);
  expect(screen.getByTitle('默认公海（25）')).toBeInTheDocument();
  await selectOption('公海', '华东公海（2）');
  expect(onChange).toHaveBeenCalledWith(3, expect.anything());
});

it('is hidden while 默认公海 is the only pool', () => {
  const { container } = renderWithProviders(<PoolSelector pools={pools.slice(0, 1)} value={0} onChange={jest.fn()} />);
  expect(container.querySelector('[aria-label="公海"]')).toBeNull();
});

it('转移公海 asks for a target other than the current pool, then moves', async () => {
  const onMove = jest.fn().mockResolvedValue(undefined);
  renderWithProviders(<MovePoolModal count={2} pools={pools} current={3} onCancel={jest.fn()} onMove={onMove} />);
  expect(screen.getByText('已选择 2 个客户，转移到：')).toBeInTheDocument();
  fireEvent.click(screen.getByRole('button', { name: /转\s?移/ }));
  expect(await screen.findByText('请选择目标公海', { selector: '.ant-typography' })).toBeInTheDocument();
  fireEvent.mouseDown(document.querySelector('[aria-label="目标公海"]') as HTMLElement);
  expect(screen.queryByTitle('华东公海（2）')).toBeNull();
  await selectOption('目标公海', '默认公海（25）');
  fireEvent.click(screen.getByRole('button', { name: /转\s?移/ }));
  await waitFor(() => expect(onMove).toHaveBeenCalledWith(0));
});
