import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render-with-providers';
import { api } from '@portal/shared-core';
import { DuplicateCheckModal } from './duplicate-check-modal';

jest.mock('@portal/shared-core', () => ({
  ...jest.requireActual('@portal/shared-core'),
  api: { list: jest.fn(), fetch: jest.fn(), command: jest.fn(), post: jest.fn(), get: jest.fn() },
}));
const mockedApi = jest.mocked(api);

function renderModal() {
  const onCreate = jest.fn();
  renderWithProviders(<DuplicateCheckModal open url="api/customer/CheckDuplicate" onClose={jest.fn()} onCreate={onCreate} />);
  return onCreate;
}

beforeEach(() => jest.clearAllMocks());

describe('查重', () => {
  it('needs a name, phone, WeChat or QQ', async () => {
    renderModal();
    fireEvent.click(screen.getByRole('button', { name: '查询' }));
    expect(await screen.findByText('请输入客户名称、手机号码、微信或QQ')).toBeInTheDocument();
    expect(mockedApi.list).not.toHaveBeenCalled();
  });

  it('lists existing customers with their owner and created time', async () => {
    mockedApi.list.mockResolvedValue({
      rows: [
        {
          id: 9,
          CustomerName: '上海华信科技',
          contact_name: '',
          contact_mobile: '138****8000',
          UserName: '李四',
          AddTime: '2026-10-01 09:00:00',
          gonghai: 0,
          visible: false,
        },
      ],
      total: 1,
    });
    const onCreate = renderModal();
    fireEvent.change(screen.getByPlaceholderText('手机号码'), { target: { value: ' 13800138000 ' } });
    fireEvent.click(screen.getByRole('button', { name: '查询' }));
    await waitFor(() => expect(mockedApi.list).toHaveBeenCalledWith('api/customer/CheckDuplicate', { name: '', mobile: '13800138000', wechat: '', qq: '' }));
    const row = (await screen.findByText('上海华信科技')).closest('tr') as HTMLElement;
    expect(within(row).getByText('李四')).toBeInTheDocument();
    expect(within(row).getByText('2026-10-01 09:00:00')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '继续新建' })).toBeNull();
    expect(onCreate).not.toHaveBeenCalled();
  });

  it('with no match offers 继续新建', async () => {
    mockedApi.list.mockResolvedValue({ rows: [], total: 0 });
    const onCreate = renderModal();
    fireEvent.change(screen.getByPlaceholderText('微信'), { target: { value: 'wx_new' } });
    fireEvent.click(screen.getByRole('button', { name: '查询' }));
    expect(await screen.findByText('没有找到重复的客户')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '继续新建' }));
    expect(onCreate).toHaveBeenCalled();
  });
});
