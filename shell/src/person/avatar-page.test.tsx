import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from '@portal/shared-ui/test/render-with-providers';
import { api, emptyPermissionTree, useSessionStore } from '@portal/shared-core';
import { AvatarPage } from './avatar-page';

afterEach(() => jest.restoreAllMocks());

it('lists the avatar history and goes back to an earlier one', async () => {
  useSessionStore.getState().login({ LoginToken: 'k', UserID: 7, NickName: '李娜', header: '/files/b.png', ShopID: 1 }, emptyPermissionTree());
  jest.spyOn(api, 'list').mockResolvedValue({
    rows: [
      { id: 2, url: '/files/b.png', addTime: '2026-11-23 10:00:00', current: true },
      { id: 1, url: '/files/a.png', addTime: '2026-11-20 10:00:00', current: false },
    ],
    total: 2,
  });
  jest.spyOn(api, 'fetch').mockResolvedValue({});
  const command = jest.spyOn(api, 'command').mockResolvedValue({ result: 'success', msg: '头像已更新' });
  renderWithProviders(<AvatarPage />);
  expect(await screen.findByText('当前使用')).toBeInTheDocument();
  fireEvent.click(screen.getByText('使用'));
  await waitFor(() => expect(command).toHaveBeenCalledWith('api/user/setHeaderLOG', { url: '/files/a.png' }));
  await waitFor(() => expect(useSessionStore.getState().user?.header).toBe('/files/a.png'));
});
