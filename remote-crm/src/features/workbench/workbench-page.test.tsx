import { screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from '@portal/shared-ui/test/render-with-providers';
import { MemoryRouter } from 'react-router-dom';
import { api, emptyPermissionTree, useSessionStore } from '@portal/shared-core';
import WorkbenchPage, { greeting } from './workbench-page';

jest.mock('@portal/shared-core', () => ({
  ...jest.requireActual('@portal/shared-core'),
  api: { list: jest.fn(), fetch: jest.fn(), command: jest.fn(), post: jest.fn(), get: jest.fn() },
}));

const mockedApi = jest.mocked(api);

function logIn(crm: string[]) {
  useSessionStore.getState().login({ LoginToken: 't', UserID: 7, NickName: '张三', header: '', ShopID: 1 }, { ...emptyPermissionTree(), crm });
}

function renderWorkbench() {
  renderWithProviders(
    <MemoryRouter>
      <WorkbenchPage routePath="/crm/index" />
    </MemoryRouter>,
  );
}

beforeEach(() => {
  jest.clearAllMocks();
  mockedApi.list.mockResolvedValue({ rows: [], total: 128 });
});

describe('工作台', () => {
  it("greets the user by nickname and shows the real count of the user's customers", async () => {
    logIn(['index', 'customer/watched', 'customer/search']);
    renderWorkbench();
    expect(screen.getByText(/张三/)).toBeInTheDocument();
    expect(await screen.findByText('128')).toBeInTheDocument();
    expect(mockedApi.list).toHaveBeenCalledWith('api/customer/index', { page: 1, rows: 1, scene: 'mine' }, { silent: true });
  });

  it('links only to the pages the user may open', async () => {
    logIn(['index', 'customer/watched']);
    renderWorkbench();
    expect(screen.getByText('我的客户').closest('a')).toHaveAttribute('href', '/crm/customer/watched');
    expect(screen.queryByText('公海客户')).not.toBeInTheDocument();
    await screen.findByText('128');
  });

  it('asks for no customer figure without a customer right', async () => {
    logIn(['index', 'signorentry/sign']);
    renderWorkbench();
    expect(screen.getByText('合同管理')).toBeInTheDocument();
    await waitFor(() => expect(mockedApi.list).not.toHaveBeenCalled());
  });

  it('greets by time of day', () => {
    expect(greeting(9)).toBe('上午好');
    expect(greeting(15)).toBe('下午好');
    expect(greeting(20)).toBe('晚上好');
  });
});
