import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from '@portal/shared-ui/test/render-with-providers';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { ApiError, emptyPermissionTree, useSessionStore } from '@portal/shared-core';
import { login } from './login-api';
import { LoginPage } from './login-page';

jest.mock('./login-api', () => ({ login: jest.fn(), logout: jest.fn() }));
const mockedLogin = jest.mocked(login);

function renderAt(url: string) {
  const router = createMemoryRouter(
    [
      { path: '/login', element: <LoginPage /> },
      { path: '/', element: <div>首页</div> },
      { path: '/crm/customer/watched', element: <div>我的客户页</div> },
    ],
    { initialEntries: [url] },
  );
  renderWithProviders(<RouterProvider router={router} />);
  return router;
}

function fillAndSubmit(username: string, password: string) {
  fireEvent.change(screen.getByLabelText('用户名'), { target: { value: username } });
  fireEvent.change(screen.getByLabelText('密码'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: /登\s*录/ }));
}

beforeEach(() => {
  useSessionStore.getState().logout();
  mockedLogin.mockReset();
});

it('trims the user name, keeps the session and honours ?redirect=', async () => {
  const model = { ...emptyPermissionTree(), crm: ['customer/watched'] };
  mockedLogin.mockResolvedValue({
    result: 'success',
    msg: '登录成功',
    data: { LoginToken: 'tok', UserID: 1, NickName: '管理员', header: '', ShopID: 1 },
    model,
  });
  const router = renderAt('/login?redirect=%2Fcrm%2Fcustomer%2Fwatched');
  fillAndSubmit('  admin  ', 'admin123');
  expect(await screen.findByText('我的客户页')).toBeInTheDocument();
  expect(mockedLogin).toHaveBeenCalledWith('admin', 'admin123');
  expect(useSessionStore.getState()).toMatchObject({ token: 'tok', user: { NickName: '管理员' }, permissions: model });
  expect(router.state.location.pathname).toBe('/crm/customer/watched');
});

it('ignores a redirect to another site', async () => {
  mockedLogin.mockResolvedValue({
    result: 'success',
    msg: '',
    data: { LoginToken: 't', UserID: 1, NickName: 'a', header: '', ShopID: 1 },
    model: emptyPermissionTree(),
  });
  renderAt('/login?redirect=%2F%2Fevil.example');
  fillAndSubmit('admin', 'x');
  expect(await screen.findByText('首页')).toBeInTheDocument();
});

it('shows the server message when the login fails', async () => {
  mockedLogin.mockRejectedValue(new ApiError('server', '用户名或密码错误', { status: 400 }));
  renderAt('/login');
  fillAndSubmit('admin', 'wrong');
  expect(await screen.findByRole('alert')).toHaveTextContent('用户名或密码错误');
  expect(useSessionStore.getState().token).toBeNull();
});

it('asks for both fields', async () => {
  renderAt('/login');
  fireEvent.click(screen.getByRole('button', { name: /登\s*录/ }));
  expect(await screen.findByText('请输入密码', { selector: '.login-field-error' })).toBeInTheDocument();
  expect(screen.getByText('请输入用户名', { selector: '.login-field-error' })).toBeInTheDocument();
  expect(screen.getByLabelText('用户名')).toHaveAttribute('aria-invalid', 'true');
  await waitFor(() => expect(mockedLogin).not.toHaveBeenCalled());
});

it('asks for a user name that is only spaces', async () => {
  renderAt('/login');
  fillAndSubmit('   ', 'x');
  expect(await screen.findByText('请输入用户名', { selector: '.login-field-error' })).toBeInTheDocument();
  expect(mockedLogin).not.toHaveBeenCalled();
});

it('keeps the button disabled while the login is under way', async () => {
  let finish: (reply: Awaited<ReturnType<typeof login>>) => void = () => undefined;
  mockedLogin.mockReturnValue(new Promise((resolve) => (finish = resolve)));
  renderAt('/login');
  fillAndSubmit('admin', 'admin123');
  const button = screen.getByRole('button', { name: /登\s*录/ });
  expect(button).toBeDisabled();
  fireEvent.click(button);
  finish({ result: 'success', msg: '', data: { LoginToken: 't', UserID: 1, NickName: 'a', header: '', ShopID: 1 }, model: emptyPermissionTree() });
  expect(await screen.findByText('首页')).toBeInTheDocument();
  expect(mockedLogin).toHaveBeenCalledTimes(1);
});

it('sends a logged-in user from /login to the root', async () => {
  useSessionStore.getState().login({ LoginToken: 't', UserID: 1, NickName: 'a', header: '', ShopID: 1 }, emptyPermissionTree());
  renderAt('/login');
  expect(await screen.findByText('首页')).toBeInTheDocument();
});
