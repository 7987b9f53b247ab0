import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from '@portal/shared-ui/test/render-with-providers';
import { api, emptyPermissionTree, useSessionStore } from '@portal/shared-core';
import StaffListPage from './staff-list-page';
import { GeneratedPasswords } from '../components/generated-passwords';

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

beforeEach(() => {
  // The form drawer's pickers (departments, roles) load in the background: left pending, never sent.
  jest.spyOn(api, 'post').mockReturnValue(new Promise(() => undefined));
  jest.spyOn(api, 'fetch').mockReturnValue(new Promise(() => undefined));
});
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

const button = (text: string) => screen.getByText(text, { selector: 'button span' }).closest('button') as HTMLElement;

it('更多 → 批量导入 opens the import wizard with 下载模板, with the 新建员工 right only', async () => {
  loginWith(['user', 'user:create']);
  jest.spyOn(api, 'list').mockResolvedValue({ rows: [row(7, '李娜')], total: 1 });
  const view = renderWithProviders(<StaffListPage routePath="/system/user" />);
  expect(await screen.findByText('李娜')).toBeInTheDocument();
  fireEvent.click(button('更多'));
  fireEvent.click(await screen.findByText('批量导入'));
  expect(await screen.findByText('批量导入员工')).toBeInTheDocument();
  expect(screen.getByText('第一行为表头；单次最多导入1000行，文件不超过5MB')).toBeInTheDocument();
  expect(screen.getByText('下载模板', { selector: 'button span' })).toBeInTheDocument();
  view.unmount();

  loginWith(['user', 'user:edit']);
  renderWithProviders(<StaffListPage routePath="/system/user" />);
  expect(await screen.findByText('李娜')).toBeInTheDocument();
  expect(screen.queryByText('更多', { selector: 'button span' })).toBeNull();
});

it('shows the generated initial passwords once, with 复制全部', () => {
  const result = {
    total: 2,
    imported: 2,
    rejected: 0,
    skipped: 0,
    passwords: [{ row: 3, username: 'imp.member', nickName: '导入组员', password: 'Xy7kPq2mNa' }],
  };
  renderWithProviders(<GeneratedPasswords result={result} />);
  expect(screen.getByText('系统为 1 名员工生成了初始密码，一次性显示，请妥善保存')).toBeInTheDocument();
  expect(screen.getByText('Xy7kPq2mNa')).toBeInTheDocument();
  expect(screen.getByText('imp.member')).toBeInTheDocument();
  expect(screen.getByText('复制全部')).toBeInTheDocument();
});

it('shows nothing when every password was given in the file', () => {
  renderWithProviders(<GeneratedPasswords result={{ total: 1, imported: 1, rejected: 0, skipped: 0, passwords: [] }} />);
  expect(screen.queryByText(/一次性显示/)).toBeNull();
});
