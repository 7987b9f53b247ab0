import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from '../../test/render-with-providers';
import { type TableColumnsType } from 'antd';
import { api } from '@portal/shared-core';
import { ListPage } from './list-page';
import { useColumnChoice } from './use-column-choice';

jest.mock('@portal/shared-core', () => ({
  ...jest.requireActual('@portal/shared-core'),
  api: { list: jest.fn(), fetch: jest.fn(), command: jest.fn(), post: jest.fn(), get: jest.fn() },
}));
const mockedApi = jest.mocked(api);

type Row = { id: number; CustomerName: string; contact_mobile: string; level: string; UserName: string };

const COLUMNS: TableColumnsType<Row> = [
  { title: '客户名称', dataIndex: 'CustomerName' },
  { title: '手机号码', dataIndex: 'contact_mobile' },
  { title: '客户级别', dataIndex: 'level' },
  // Not a field of the form: always shown, never offered.
  { title: '负责人', dataIndex: 'UserName' },
];

const field = (id: number, name: string, title: string) => ({
  id,
  title,
  checkbox: true,
  show: true,
  json: JSON.stringify({ type: 'input', field: name, title }),
});

function CustomerList() {
  const { columns, choice } = useColumnChoice<Row>('customer', COLUMNS);
  return (
    <ListPage<Row>
      rowKey="id"
      columns={columns}
      rows={[{ id: 1, CustomerName: '华信', contact_mobile: '13800138000', level: 'A', UserName: '张三' }]}
      total={1}
      page={1}
      pageSize={10}
      onPageChange={jest.fn()}
      columnChoice={choice}
    />
  );
}

const header = () => Array.from(document.querySelectorAll('.ant-table-thead th')).map((th) => th.textContent);

beforeEach(() => {
  jest.clearAllMocks();
  mockedApi.list.mockResolvedValue({
    rows: [field(11, 'CustomerName', '客户名称'), field(12, 'contact_mobile', '手机号码'), field(13, 'level', '客户级别')],
    total: 3,
  });
  // The server keeps the last choice set, as api/field/set and api/field/my do.
  let shown = '11,13';
  mockedApi.fetch.mockImplementation(async () => ({ show: shown }) as never);
  mockedApi.command.mockImplementation(async (_url: string, data?: unknown) => {
    shown = String((data as { ids: string }).ids);
    return { result: 'success', msg: '设置成功' };
  });
});

describe('per-user column choice', () => {
  it('shows the columns the user chose (api/field/my) and the columns outside the form', async () => {
    renderWithProviders(<CustomerList />);
    await waitFor(() => expect(header()).toEqual(['客户名称', '客户级别', '负责人']));
    expect(mockedApi.list).toHaveBeenCalledWith('api/field/list', { formid: 'customer' }, { silent: true });
    expect(mockedApi.fetch).toHaveBeenCalledWith('api/field/my', { formid: 'customer' }, { silent: true });
  });

  it('saves a new choice on the server (api/field/set) and shows the column', async () => {
    renderWithProviders(<CustomerList />);
    await waitFor(() => expect(header()).toEqual(['客户名称', '客户级别', '负责人']));
    fireEvent.click(screen.getByRole('button', { name: /列设置/ }));
    const mobile = await screen.findByRole('checkbox', { name: '手机号码' });
    expect(mobile).not.toBeChecked();
    expect(screen.queryByRole('checkbox', { name: '负责人' })).toBeNull();
    fireEvent.click(mobile);
    await waitFor(() => expect(mockedApi.command).toHaveBeenCalledWith('api/field/set', { formid: 'customer', ids: '11,12,13' }, { silent: true }));
    await waitFor(() => expect(header()).toEqual(['客户名称', '手机号码', '客户级别', '负责人']));

    fireEvent.click(screen.getByRole('checkbox', { name: '客户名称' }));
    await waitFor(() => expect(mockedApi.command).toHaveBeenLastCalledWith('api/field/set', { formid: 'customer', ids: '12,13' }, { silent: true }));
    await waitFor(() => expect(header()).toEqual(['手机号码', '客户级别', '负责人']));
  });

  it('keeps every column when the form has no fields for the list', async () => {
    mockedApi.list.mockRejectedValue(new Error('表单不存在'));
    renderWithProviders(<CustomerList />);
    await waitFor(() => expect(mockedApi.list).toHaveBeenCalled());
    expect(header()).toEqual(['客户名称', '手机号码', '客户级别', '负责人']);
    expect(screen.queryByRole('button', { name: /列设置/ })).toBeNull();
  });
});
