import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from '@portal/shared-ui/test/render-with-providers';
import { api, emptyPermissionTree, useSessionStore } from '@portal/shared-core';
import StaffListPage from './staff-list-page';

const row = (id: number, NickName: string, QuitStatus = 0) => ({
  id,
  UserID: id,
  UserName: `u${id}`,
  NickName,
  Header: '',
  mobile: '13800138000',
  email: '',
  jobTitle: '销售代表',
  BranchID: 3,
  BranchName: '销售一部',
  roleId: 3,
  rolename: '销售',
  superiorId: 2,
  superiorName: '张伟',
  QuitStatus,
  callEnabled: 1,
  AddTime: '2026-11-20 10:00:00',
});

function loginWith(system: string[]) {
  useSessionStore.getState().login({ LoginToken: 'k', UserID: 1, NickName: '管理员', header: '', ShopID: 1 }, { ...emptyPermissionTree(), system });
}

afterEach(() => jest.restoreAllMocks());

it('lists 在职 staff 20 a page and switches to 离职', async () => {
  loginWith(['user', 'user:create', 'user:edit']);
  const list = jest.spyOn(api, 'list').mockResolvedValue({ rows: [row(7, '李娜'), row(8, '赵强')], total: 2 });
  renderWithProviders(<StaffListPage routePath="/system/user" />);
  expect(await screen.findByText('李娜')).toBeInTheDocument();
  expect(list).toHaveBeenCalledWith('api/user/index', { page: 1, rows: 20, key: '', BranchID: 0, QuitStatus: 0 }, { silent: true });
  expect(screen.getByText('新建员工')).toBeInTheDocument();
  fireEvent.click(screen.getByText('离职'));
  await waitFor(() => expect(list).toHaveBeenLastCalledWith('api/user/index', expect.objectContaining({ QuitStatus: 1 }), { silent: true }));
});

it('hides 新建员工 without the create right', async () => {
  loginWith(['user']);
  jest.spyOn(api, 'list').mockResolvedValue({ rows: [row(7, '李娜')], total: 1 });
  renderWithProviders(<StaffListPage routePath="/system/user" />);
  expect(await screen.findByText('李娜')).toBeInTheDocument();
  expect(screen.queryByText('新建员工')).not.toBeInTheDocument();
});
