import { fireEvent, screen } from '@testing-library/react';
import { renderWithProviders } from '../../test/render-with-providers';
import { api } from '@portal/shared-core';
import { DepartmentPicker } from './department-picker';
import type { BranchNode } from './directory-types';

jest.mock('@portal/shared-core', () => ({
  ...jest.requireActual('@portal/shared-core'),
  api: { list: jest.fn(), fetch: jest.fn(), command: jest.fn(), post: jest.fn(), get: jest.fn() },
}));

const mockedApi = jest.mocked(api);

/** A node as api/branch/TreeJson sends it. */
const node = (id: number, parent: number, text: string, attributes: number, children: BranchNode[] = []): BranchNode => ({
  id,
  ID: id,
  parent,
  Name: text,
  text,
  userCount: 0,
  attributes,
  headUserId: 0,
  children,
});

const tree: BranchNode[] = [node(1, 0, '华东分公司', 1, [node(11, 1, '销售一部', 2), node(12, 1, '销售二部', 2)])];

function renderPicker(max: number) {
  const onSelect = jest.fn();
  renderWithProviders(<DepartmentPicker open max={max} onSelect={onSelect} onClose={jest.fn()} />);
  return onSelect;
}

beforeEach(() => {
  jest.clearAllMocks();
  mockedApi.post.mockResolvedValue(tree);
});

describe('DepartmentPicker', () => {
  it('loads the tree with group true', async () => {
    renderPicker(1);
    expect(await screen.findByText('销售一部')).toBeInTheDocument();
    expect(mockedApi.post).toHaveBeenCalledWith('api/branch/TreeJson', { group: true });
  });

  it('with max 1 refuses a node that is not a department: 部门不能为上级节点, nothing selected', async () => {
    const onSelect = renderPicker(1);
    fireEvent.click(await screen.findByText('华东分公司'));
    fireEvent.click(screen.getByRole('button', { name: '选择' }));
    expect(await screen.findByText('部门不能为上级节点')).toBeInTheDocument();
    expect(onSelect).not.toHaveBeenCalled();

    fireEvent.click(screen.getByText('销售一部'));
    fireEvent.click(screen.getByRole('button', { name: '选择' }));
    expect(onSelect).toHaveBeenCalledWith([expect.objectContaining({ id: 11, text: '销售一部' })]);
  });

  it('with max > 1 ticks several nodes, branches included', async () => {
    const onSelect = renderPicker(3);
    await screen.findByText('销售一部');
    const boxes = document.querySelectorAll('.ant-tree-checkbox');
    fireEvent.click(boxes[0]);
    fireEvent.click(boxes[2]);
    fireEvent.click(screen.getByRole('button', { name: '选择' }));
    expect(onSelect).toHaveBeenCalledWith([expect.objectContaining({ id: 1 }), expect.objectContaining({ id: 12 })]);
  });
});
