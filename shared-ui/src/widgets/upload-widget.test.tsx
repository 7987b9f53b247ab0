import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from '../../test/render-with-providers';
import { useSessionStore } from '@portal/shared-core';
import { readUploadReply, uploadFile } from './upload-transport';
import { UploadWidget } from './upload-widget';

jest.mock('./upload-transport', () => ({ ...jest.requireActual('./upload-transport'), uploadFile: jest.fn() }));

const mockedUpload = jest.mocked(uploadFile);

const uploaded = { id: 9, url: '/files/x.pdf', FileName: '合同.pdf', format: 'pdf', size: 12, userid: 7, username: '张三', addTime: '2026-11-05 10:00' };

function renderWidget(props: Partial<Parameters<typeof UploadWidget>[0]> = {}) {
  const onUploaded = jest.fn();
  renderWithProviders(<UploadWidget params={{ code: 'abc', modelId: 0 }} onUploaded={onUploaded} {...props} />);
  return onUploaded;
}

async function choose(...names: string[]) {
  const input = document.querySelector('input[type="file"]') as HTMLInputElement;
  await act(async () => {
    fireEvent.change(input, { target: { files: names.map((name) => new File(['x'], name, { type: 'application/pdf' })) } });
  });
}

beforeEach(() => {
  jest.clearAllMocks();
  useSessionStore.setState({ user: { UserID: 7, NickName: '张三', header: '', ShopID: 1 }, token: 't' });
  mockedUpload.mockImplementation(async ({ onProgress }) => {
    onProgress?.(50);
    return { ok: true, file: uploaded };
  });
});

describe('UploadWidget', () => {
  it('uploads only on 开始上传, with the upload parameters and the user id', async () => {
    const onUploaded = renderWidget();
    await choose('合同.pdf');
    expect(await screen.findByText('合同.pdf')).toBeInTheDocument();
    expect(mockedUpload).not.toHaveBeenCalled();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /开始上传/ }));
    });
    expect(mockedUpload).toHaveBeenCalledWith(expect.objectContaining({ params: { code: 'abc', modelId: 0, userid: 7 } }));
    expect(mockedUpload.mock.calls[0][0].file.name).toBe('合同.pdf');
    await waitFor(() => expect(onUploaded).toHaveBeenCalledWith(uploaded));
  });

  it('keeps a single file by default: a new choice replaces the waiting one', async () => {
    renderWidget();
    await choose('a.pdf');
    await choose('b.pdf');
    await screen.findByText('b.pdf');
    expect(screen.queryByText('a.pdf')).not.toBeInTheDocument();
  });

  it('asks 确定移除 {name}？ before removing a file', async () => {
    renderWidget({ max: 3 });
    await choose('a.pdf', 'b.pdf');
    await screen.findByText('b.pdf');
    fireEvent.click(screen.getAllByRole('button', { name: '移除' })[0]);
    expect(await screen.findByText('确定移除 a.pdf？')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByText('a.pdf')).not.toBeInTheDocument());
    expect(screen.getByText('b.pdf')).toBeInTheDocument();
  });

  it('shows the reply message when the upload is refused', async () => {
    mockedUpload.mockResolvedValue({ ok: false, message: '文件类型不允许' });
    const onUploaded = renderWidget();
    await choose('a.exe');
    await act(async () => {
      fireEvent.click(await screen.findByRole('button', { name: /开始上传/ }));
    });
    expect((await screen.findAllByText('文件类型不允许')).length).toBeGreaterThan(0);
    expect(onUploaded).not.toHaveBeenCalled();
  });
});

describe('readUploadReply', () => {
  it("counts 'ok' and 'success' as success, else message or msg, else 上传失败", () => {
    expect(readUploadReply('ok').ok).toBe(true);
    expect(readUploadReply({ result: 'success', data: uploaded })).toEqual({ ok: true, file: uploaded });
    expect(readUploadReply({ result: 'ok' }).ok).toBe(true);
    expect(readUploadReply({ result: 'error', msg: '文件过大' })).toEqual({ ok: false, message: '文件过大' });
    expect(readUploadReply({ result: 'error', message: '类型不对', msg: '其他' })).toEqual({ ok: false, message: '类型不对' });
    expect(readUploadReply('<html>')).toEqual({ ok: false, message: '上传失败' });
  });
});
