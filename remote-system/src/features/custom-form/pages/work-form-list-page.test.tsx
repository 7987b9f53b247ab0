import { act, fireEvent, screen } from '@testing-library/react';
import { renderWithProviders } from '@portal/shared-ui/test/render-with-providers';
import { MemoryRouter } from 'react-router-dom';
import { api, emptyPermissionTree, useSessionStore, type PermissionTree } from '@portal/shared-core';
import WorkFormListPage from './work-form-list-page';

const forms = [{ id: 20, mode: 'leave', title: '请假申请', category: '行政', cols: 2, api_add: 'api/WorkFlow/Approval', fieldCount: 5, is_workflow: 1 }];

function logIn(system: string[]) {
  const permissions: PermissionTree = { ...emptyPermissionTree(), system: ['workForm', ...system] };
  useSessionStore.getState().login({ LoginToken: 'k', UserID: 1, NickName: '管理员', header: '', ShopID: 1 }, permissions);
}

function renderPage() {
  renderWithProviders(
    <MemoryRouter>
      <WorkFormListPage routePath="/system/workForm" />
    </MemoryRouter>,
  );
}

afterEach(() => {
  jest.restoreAllMocks();
  useSessionStore.getState().logout();
});

describe('WorkFormListPage', () => {
  it('offers 新建, 设计 and 删除 to holders of the workForm actions; 删除 posts api/workform/delete', async () => {
    logIn(['workForm:create', 'workForm:edit', 'workForm:delete']);
    jest.spyOn(api, 'list').mockResolvedValue({ rows: forms, total: 1 });
    const command = jest.spyOn(api, 'command').mockResolvedValue({ result: 'success', msg: '删除成功' });
    renderPage();
    expect(await screen.findByText('请假申请')).toBeInTheDocument();
    expect(screen.getByText('新建工作流表单')).toBeInTheDocument();
    expect(screen.getByText('设计').closest('a')).toHaveAttribute('href', '/system/workForm/view/leave/design/20');
    fireEvent.click(screen.getByText('删除'));
    await act(async () => {
      // No zh_CN locale in tests: the confirm's OK button reads OK here (确定 in the portal).
      fireEvent.click(await screen.findByText(/^(OK|确 定)$/));
    });
    expect(command).toHaveBeenCalledWith('api/workform/delete', { id: 20 });
  });

  it('shows only 预览 without the actions', async () => {
    logIn([]);
    jest.spyOn(api, 'list').mockResolvedValue({ rows: forms, total: 1 });
    renderPage();
    expect(await screen.findByText('请假申请')).toBeInTheDocument();
    expect(screen.queryByText('设计')).toBeNull();
    expect(screen.queryByText('删除')).toBeNull();
    expect(screen.queryByText('新建工作流表单')).toBeNull();
  });
});
