import { act, fireEvent, screen } from '@testing-library/react';
import { renderWithProviders } from '../../test/render-with-providers';
import { TreePopover } from './tree-popover';
import { filterTree } from './tree-nodes';

const nodes = [
  {
    id: 1,
    text: '华东分公司',
    children: [
      { id: 11, text: '销售一部' },
      { id: 12, text: '市场部' },
    ],
  },
  { id: 2, text: '华南分公司', children: [{ id: 21, text: '销售二部' }] },
];

it('keeps matches and their ancestors when filtering', () => {
  expect(filterTree(nodes, '市场')).toEqual([{ id: 1, text: '华东分公司', children: [{ id: 12, text: '市场部' }] }]);
  expect(filterTree(nodes, '')).toHaveLength(2);
});

it('filters by keyword (550 × 380) and chooses a node with its 选择 button', async () => {
  const onChoose = jest.fn();
  renderWithProviders(
    <TreePopover nodes={nodes} onChoose={onChoose}>
      <button type="button">打开</button>
    </TreePopover>,
  );
  await act(async () => {
    fireEvent.click(screen.getByText('打开'));
  });
  const box = await screen.findByLabelText('关键字');
  const panel = box.closest('.ant-flex') as HTMLElement;
  expect(panel.style.width).toBe('550px');
  expect(panel.style.height).toBe('380px');
  fireEvent.change(box, { target: { value: '销售二' } });
  expect(screen.queryByText('市场部')).not.toBeInTheDocument();
  const row = screen.getByText('销售二部').closest('.ant-flex') as HTMLElement;
  fireEvent.click(row.querySelector('button') as HTMLButtonElement);
  expect(onChoose).toHaveBeenCalledWith(expect.objectContaining({ id: 21, text: '销售二部' }));
});
