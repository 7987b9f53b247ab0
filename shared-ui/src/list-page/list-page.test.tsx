import { fireEvent, render, screen, within } from '@testing-library/react';
import { ListPage, type ListPageProps } from './list-page';

type Row = { id: number; name: string };

const rows: Row[] = Array.from({ length: 10 }, (_, i) => ({ id: i + 1, name: `客户${i + 1}` }));

function renderList(overrides: Partial<ListPageProps<Row, 'all' | 'mine', 'AddTime' | 'UpdateTime'>> = {}) {
  const props: ListPageProps<Row, 'all' | 'mine', 'AddTime' | 'UpdateTime'> = {
    rowKey: 'id',
    columns: [{ title: '客户名称', dataIndex: 'name' }],
    rows,
    total: 35,
    page: 1,
    pageSize: 10,
    onPageChange: jest.fn(),
    onSearch: jest.fn(),
    searchPlaceholder: '客户名称/手机号/编号',
    scenes: [
      { value: 'all', label: '全部客户' },
      { value: 'mine', label: '我的客户' },
    ],
    scene: 'all',
    onSceneChange: jest.fn(),
    ...overrides,
  };
  render(<ListPage {...props} />);
  return props;
}

describe('ListPage', () => {
  it('shows the rows and the server total', () => {
    renderList();
    expect(screen.getByText('客户1')).toBeInTheDocument();
    expect(screen.getByText('共 35 条')).toBeInTheDocument();
  });

  it('asks for another page from the server', () => {
    const props = renderList();
    fireEvent.click(screen.getByTitle('2'));
    expect(props.onPageChange).toHaveBeenCalledWith(2, 10);
  });

  it('searches with the trimmed key on Enter', () => {
    const props = renderList();
    const box = screen.getByPlaceholderText('客户名称/手机号/编号');
    fireEvent.change(box, { target: { value: '  华信 ' } });
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
    expect(props.onSearch).toHaveBeenCalledWith('华信');
  });

  it('switches scene', () => {
    const props = renderList();
    fireEvent.click(screen.getByText('我的客户'));
    expect(props.onSceneChange).toHaveBeenCalledWith('mine');
  });

  it('opens a row on click', () => {
    const onRowClick = jest.fn();
    renderList({ onRowClick });
    fireEvent.click(screen.getByText('客户3'));
    expect(onRowClick).toHaveBeenCalledWith(rows[2]);
  });

  it('shows the create button only when creating is possible', () => {
    const onCreate = jest.fn();
    renderList({ onCreate, createLabel: '新建客户' });
    fireEvent.click(screen.getByRole('button', { name: /新建客户/ }));
    expect(onCreate).toHaveBeenCalled();
  });

  it('shows the selection bar with the selected count', () => {
    const onSelectionChange = jest.fn();
    renderList({ selectedKeys: [1, 2], onSelectionChange });
    expect(screen.getByText('已选择 2 项')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '取消选择' }));
    expect(onSelectionChange).toHaveBeenCalledWith([]);
  });

  it('reports selection changes from the row checkboxes', () => {
    const onSelectionChange = jest.fn();
    renderList({ selectedKeys: [], onSelectionChange });
    const firstRow = screen.getByText('客户1').closest('tr') as HTMLElement;
    fireEvent.click(within(firstRow).getByRole('checkbox'));
    expect(onSelectionChange).toHaveBeenCalledWith([1]);
  });

  it('shows a load failure', () => {
    renderList({ error: '响应失败', rows: [], total: 0 });
    expect(screen.getByText('响应失败')).toBeInTheDocument();
  });
});
