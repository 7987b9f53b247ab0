import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from '../../test/render-with-providers';
import { api } from '@portal/shared-core';
import { PicturePicker, shortPictureName } from './picture-picker';

jest.mock('@portal/shared-core', () => ({
  ...jest.requireActual('@portal/shared-core'),
  api: { list: jest.fn(), fetch: jest.fn(), command: jest.fn(), post: jest.fn(), get: jest.fn() },
}));

const mockedApi = jest.mocked(api);

const album = [
  { id: 1, url: '/files/a.png', filename: '二〇二六年产品发布会现场照片.png', userid: 7, size: 120, format: 'png' },
  { id: 2, url: '/files/b.png', filename: 'logo.png', userid: 7, size: 20, format: 'png' },
];

async function openAlbum(onSelect = jest.fn()) {
  renderWithProviders(<PicturePicker open max={3} onSelect={onSelect} onClose={jest.fn()} />);
  await act(async () => {
    fireEvent.click(screen.getByText('相册选择'));
  });
  await screen.findByText('logo.png');
  return onSelect;
}

beforeEach(() => {
  jest.clearAllMocks();
  mockedApi.list.mockResolvedValue({ rows: album, total: 2 });
  mockedApi.command.mockResolvedValue({ result: 'success', msg: '删除成功' });
});

describe('PicturePicker', () => {
  it('cuts names over 12 characters to 12 plus two dots', () => {
    expect(shortPictureName('abcdefghijklmnop.png')).toBe('abcdefghijkl..');
    expect(shortPictureName('abcdefghijkl')).toBe('abcdefghijkl');
  });

  it('shows the album (page 1, 20 rows) in 4 columns with short names', async () => {
    await openAlbum();
    expect(mockedApi.list).toHaveBeenCalledWith('api/album/index', { page: 1, rows: 20 });
    expect(screen.getByText('二〇二六年产品发布会现场..')).toBeInTheDocument();
    const grid = screen.getByText('logo.png').closest('[role="button"]')?.parentElement as HTMLElement;
    expect(grid.style.gridTemplateColumns).toBe('repeat(4, 1fr)');
  });

  it('returns the chosen album pictures on 确定', async () => {
    const onSelect = await openAlbum();
    fireEvent.click(screen.getByText('logo.png'));
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    expect(onSelect).toHaveBeenCalledWith([{ id: 2, url: '/files/b.png', filename: 'logo.png' }]);
  });

  it('deletes the chosen album pictures after the confirmation', async () => {
    await openAlbum();
    fireEvent.click(screen.getByText('logo.png'));
    fireEvent.click(screen.getByRole('button', { name: '删除' }));
    expect(await screen.findByText('确定要删除吗？')).toBeInTheDocument();
    // Popconfirm's own OK button (antd's default locale in tests).
    fireEvent.click(await screen.findByRole('button', { name: 'OK' }));
    await waitFor(() => expect(mockedApi.command).toHaveBeenCalledWith('api/album/delete', { id: 2 }, { silent: true }));
    expect(await screen.findByText('删除成功')).toBeInTheDocument();
  });
});
