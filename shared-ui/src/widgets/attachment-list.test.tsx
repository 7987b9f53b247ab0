import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '../../test/render-with-providers';
import { api, ApiError, useSessionStore } from '@portal/shared-core';
import { AttachmentList } from './attachment-list';

jest.mock('@portal/shared-core', () => ({
  ...jest.requireActual('@portal/shared-core'),
  api: { list: jest.fn(), fetch: jest.fn(), command: jest.fn(), post: jest.fn(), get: jest.fn() },
}));

const mockedApi = jest.mocked(api);

const files = [
  { id: 1, FileName: '我的报价.pdf', url: '/files/1.pdf', format: 'pdf', size: 1536, userid: 7, username: '张三', addTime: '2026-11-05 10:00' },
  { id: 2, FileName: '别人的合同.docx', url: '/files/2.docx', format: 'docx', size: 300, userid: 8, username: '李四', addTime: '2026-11-05 11:00' },
];

function renderList() {
  renderWithProviders(<AttachmentList query={{ code: 'c1', picType: 1, modelId: 5 }} />);
}

const rowOf = (name: string) => screen.getByText(name).closest('tr') as HTMLElement;

beforeEach(() => {
  jest.clearAllMocks();
  useSessionStore.setState({ user: { UserID: 7, NickName: '张三', header: '', ShopID: 1 }, token: 't' });
  mockedApi.list.mockResolvedValue({ rows: files, total: 2 });
  mockedApi.command.mockResolvedValue({ result: 'success', msg: '删除成功' });
});

describe('AttachmentList', () => {
  it('lists name, size (Kb/Mb), format, uploader and time, with delete only on my uploads', async () => {
    renderList();
    await screen.findByText('我的报价.pdf');
    expect(mockedApi.list).toHaveBeenCalledWith('api/file/list', { code: 'c1', picType: 1, modelId: 5 }, { silent: true });
    expect(within(rowOf('我的报价.pdf')).getByText('1.5Mb')).toBeInTheDocument();
    expect(within(rowOf('别人的合同.docx')).getByText('300Kb')).toBeInTheDocument();
    expect(within(rowOf('我的报价.pdf')).getByText('删除')).toBeInTheDocument();
    expect(within(rowOf('别人的合同.docx')).queryByText('删除')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /新建附件/ })).toBeInTheDocument();
  });

  it('asks 确定删除此文件吗? and counts 文件不存在 as deleted', async () => {
    mockedApi.command.mockRejectedValue(new ApiError('server', '文件不存在', { reply: { result: 'error', msg: '文件不存在' } }));
    renderList();
    await screen.findByText('我的报价.pdf');
    fireEvent.click(within(rowOf('我的报价.pdf')).getByText('删除'));
    expect(await screen.findByText('确定删除此文件吗?')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(mockedApi.command).toHaveBeenCalledWith('api/file/DeleteFile', { id: 1 }, { silent: true }));
    expect(await screen.findByText('删除成功')).toBeInTheDocument();
    await waitFor(() => expect(mockedApi.list).toHaveBeenCalledTimes(2));
  });

  it('shows 响应失败 when the list cannot be loaded', async () => {
    mockedApi.list.mockRejectedValue(new ApiError('network', '网络请求失败，请稍候再试'));
    renderList();
    expect(await screen.findByText('响应失败')).toBeInTheDocument();
  });
});
