import { fireEvent, screen, within } from '@testing-library/react';
import { renderWithProviders } from '../../test/render-with-providers';
import { ListPage, pageSizesOf, type ListPageProps } from './list-page';
import { batchEndpoints } from './batch/batch-endpoints';

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
  renderWithProviders(<ListPage {...props} />);
  return props;
}

describe('ListPage', () => {
  it('shows the rows and the server total', () => {
    renderList();
    expect(screen.getByText('客户1')).toBeInTheDocument();
    expect(screen.getByText('共 35 条')).toBeInTheDocument();
  });

  it('says 10000+ when the server stopped counting', () => {
    renderList({ total: 10000, totalCapped: true });
    expect(screen.getByText('共 10000+ 条')).toBeInTheDocument();
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

describe('ListPage page sizes', () => {
  async function sizeOptions(): Promise<string[]> {
    const changer = document.querySelector('.ant-pagination-options .ant-select') as HTMLElement;
    fireEvent.mouseDown(within(changer).getByRole('combobox'));
    const options = await screen.findAllByRole('option');
    return options.map((o) => o.textContent ?? '').filter(Boolean);
  }

  it('offers 10/50/100 by default and 20/50/100/200 for the large set', () => {
    expect(pageSizesOf('normal')).toEqual({ sizes: [10, 50, 100], defaultSize: 10 });
    expect(pageSizesOf('large')).toEqual({ sizes: [20, 50, 100, 200], defaultSize: 20 });
  });

  it('shows the large set in the pager', async () => {
    renderList({ pageSizeSet: 'large', pageSize: 20 });
    const titles = Array.from(document.querySelectorAll('.ant-pagination-options .ant-select')).map((el) => el.textContent);
    expect(titles[0]).toContain('20');
    const options = await sizeOptions();
    expect(options.map((o) => parseInt(o, 10))).toEqual([20, 50, 100, 200]);
  });

  it('renders pages above 100 rows virtually, and smaller pages normally', () => {
    const { unmount } = renderWithProviders(
      <ListPage<Row>
        rowKey="id"
        columns={[{ title: '客户名称', dataIndex: 'name' }]}
        rows={rows}
        total={400}
        page={1}
        pageSize={200}
        pageSizeSet="large"
        onPageChange={jest.fn()}
      />,
    );
    expect(document.querySelector('.ant-table-virtual')).not.toBeNull();
    unmount();
    renderList({ pageSize: 100 });
    expect(document.querySelector('.ant-table-virtual')).toBeNull();
  });
});

describe('ListPage selection bar', () => {
  function renderWithActions(selectedKeys: number[]) {
    const single = jest.fn();
    const multi = jest.fn();
    const onConfirmSelection = jest.fn();
    renderList({
      selectedKeys,
      onSelectionChange: jest.fn(),
      actions: [
        { key: 'edit', label: '编辑', mode: 'single', onClick: single },
        { key: 'remove', label: '批量删除', mode: 'multi', onClick: multi },
      ],
      onConfirmSelection,
    });
    return { single, multi, onConfirmSelection };
  }
  const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

  it('disables both kinds of action and 确认选择 with nothing selected', () => {
    renderWithActions([]);
    expect(screen.getByText('已选择 0 项')).toBeInTheDocument();
    expect(button('编辑')).toBeDisabled();
    expect(button('批量删除')).toBeDisabled();
    expect(button('确认选择')).toBeDisabled();
  });

  it('enables single actions for exactly one row and multi actions for one or more', () => {
    const { single } = renderWithActions([3]);
    expect(button('编辑')).toBeEnabled();
    expect(button('批量删除')).toBeEnabled();
    fireEvent.click(button('编辑'));
    expect(single).toHaveBeenCalledWith([3], [rows[2]]);
  });

  it('with several rows only multi actions work, and 确认选择 hands back keys and rows', () => {
    const { multi, onConfirmSelection } = renderWithActions([1, 2]);
    expect(screen.getByText('已选择 2 项')).toBeInTheDocument();
    expect(button('编辑')).toBeDisabled();
    fireEvent.click(button('批量删除'));
    expect(multi).toHaveBeenCalledWith([1, 2], [rows[0], rows[1]]);
    fireEvent.click(button('确认选择'));
    expect(onConfirmSelection).toHaveBeenCalledWith([1, 2], [rows[0], rows[1]]);
  });
});

describe('ListPage header bar', () => {
  it('offers 批量导入, 批量导出 and 查重 under 更多 and opens 查重', async () => {
    renderList({ batch: { endpoints: batchEndpoints('api/customer') } });
    fireEvent.click(screen.getByRole('button', { name: /更多/ }));
    expect(await screen.findByText('批量导入')).toBeInTheDocument();
    expect(screen.getByText('批量导出')).toBeInTheDocument();
    fireEvent.click(screen.getByText('查重'));
    expect(await screen.findByText('查重', { selector: '.ant-modal-title' })).toBeInTheDocument();
  });

  it('shows the active filters as tags and removes one on close', () => {
    const onSearch = jest.fn();
    const onDepartment = jest.fn();
    renderList({
      advancedSearch: {
        fields: [
          { type: 'input', field: 'industry', title: '所属行业' },
          { type: 'select', field: 'level', title: '客户级别', options: [{ label: 'A级', value: 'A' }] },
        ],
        values: { industry: '软件', level: 'A' },
        onSearch,
      },
      department: { value: { id: 4, name: '销售一部' }, onChange: onDepartment },
      filterTags: [{ key: 'days', label: '近30天', onClose: jest.fn() }],
    });
    const tags = within(screen.getByLabelText('筛选条件'));
    expect(tags.getByText('近30天')).toBeInTheDocument();
    expect(tags.getByText('客户级别：A级')).toBeInTheDocument();
    const industry = tags.getByText('所属行业：软件').closest('.ant-tag') as HTMLElement;
    fireEvent.click(industry.querySelector('.ant-tag-close-icon') as HTMLElement);
    expect(onSearch).toHaveBeenCalledWith({ level: 'A' });
    const dept = tags.getByText('部门：销售一部').closest('.ant-tag') as HTMLElement;
    fireEvent.click(dept.querySelector('.ant-tag-close-icon') as HTMLElement);
    expect(onDepartment).toHaveBeenCalledWith(undefined);
  });
});
