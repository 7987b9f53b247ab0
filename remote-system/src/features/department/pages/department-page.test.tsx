import { screen } from '@testing-library/react';
import { renderWithProviders } from '@portal/shared-ui/test/render-with-providers';
import { api, emptyPermissionTree, useSessionStore } from '@portal/shared-core';
import DepartmentPage from './department-page';

const node = (id: number, Name: string, attributes: number, userCount: number, children: unknown[] = []) => ({
  id,
  ID: id,
  Name,
  text: Name,
  attributes,
  userCount,
  headUserId: 0,
  parent: 0,
  children,
});

afterEach(() => jest.restoreAllMocks());

it('shows the department tree with types and headcounts, and only the actions the user holds', async () => {
  useSessionStore
    .getState()
    .login({ LoginToken: 'k', UserID: 1, NickName: '管理员', header: '', ShopID: 1 }, { ...emptyPermissionTree(), system: ['branch', 'branch:edit'] });
  jest.spyOn(api, 'post').mockResolvedValue([node(1, '华信科技有限公司', 1, 3, [node(2, '销售一部', 2, 3)])]);
  renderWithProviders(<DepartmentPage routePath="/system/branch" />);
  expect(await screen.findByText('销售一部')).toBeInTheDocument();
  expect(screen.getByText('部门')).toBeInTheDocument();
  expect(screen.getAllByText('编辑')).toHaveLength(2);
  expect(screen.queryByText('新建部门')).not.toBeInTheDocument();
  expect(screen.queryByText('删除')).not.toBeInTheDocument();
});
