import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from '@portal/shared-ui/test/render-with-providers';
import { MemoryRouter, Route, Routes, useParams } from 'react-router-dom';
import { api, emptyPermissionTree, useSessionStore } from '@portal/shared-core';
import { FormDesigner } from './features/form-designer/components/form-designer';
import CustomFormViewPage from './custom-form-view-page';
import { UNKNOWN_VIEW_TEXT } from './lib/form-paths';

const definition = {
  title: '示例',
  cols: 1,
  items: [{ json: JSON.stringify({ type: 'input', field: 'subject', title: '标题', required: true }) }],
  api_add: 'api/module/add',
  api_edit: 'api/module/Edit',
  api_detail: 'api/module/detail',
};

/** The shell hands pages their route params; here react-router does. */
function RoutedPage() {
  const params = useParams();
  return <CustomFormViewPage routePath="/system/customForm/view/:module/:type/:id" params={params} />;
}

function renderAt(path: string, extra?: { path: string; text: string }) {
  renderWithProviders(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/system/customForm/view/:module/:type/:id" element={<RoutedPage />} />
        {extra ? <Route path={extra.path} element={<p>{extra.text}</p>} /> : null}
      </Routes>
    </MemoryRouter>,
  );
}

afterEach(() => jest.restoreAllMocks());

// The designer's antd components build their styles on first render in a file: pay that here, once.
beforeAll(() => {
  renderWithProviders(<FormDesigner kind="custom" id={0} canSave initialPreview={false} />).unmount();
});

describe('CustomFormViewPage', () => {
  it('add: saves a new record through api/module/add and then shows its detail', async () => {
    const fetch = jest.spyOn(api, 'fetch').mockImplementation(async (url) => (url === 'api/module/detail' ? { subject: '第一条' } : definition));
    const command = jest.spyOn(api, 'command').mockResolvedValue({ result: 'success', msg: '保存成功', data: { id: 41 } });
    renderAt('/system/customForm/view/fieldDemo/add/0');
    fireEvent.change(await screen.findByLabelText('标题'), { target: { value: '第一条' } });
    expect(screen.getByRole('button', { name: '保存并继续录入' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(command).toHaveBeenCalled());
    expect(command.mock.calls[0][0]).toBe('api/module/add');
    expect(await screen.findByText('记录详情')).toBeInTheDocument();
    expect(await screen.findByText('第一条')).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledWith('api/module/detail', { id: '41', module: 'fieldDemo' });
  });

  it('edit: loads the record, without 保存并继续录入', async () => {
    jest.spyOn(api, 'fetch').mockImplementation(async (url) => (url === 'api/module/detail' ? { subject: '旧标题' } : definition));
    renderAt('/system/customForm/view/fieldDemo/edit/41');
    await waitFor(() => expect(screen.getByLabelText('标题')).toHaveValue('旧标题'));
    expect(screen.queryByRole('button', { name: '保存并继续录入' })).not.toBeInTheDocument();
  });

  it('shows an unknown view type as such', () => {
    renderAt('/system/customForm/view/fieldDemo/print/41');
    expect(screen.getByText(UNKNOWN_VIEW_TEXT)).toBeInTheDocument();
  });

  it('design: a new form (id 0) saves through api/form/add and then moves to its own design page', async () => {
    useSessionStore
      .getState()
      .login(
        { LoginToken: 'k', UserID: 1, NickName: '管理员', header: '', ShopID: 1 },
        { ...emptyPermissionTree(), system: ['customForm', 'customForm:create'] },
      );
    const command = jest.spyOn(api, 'command').mockResolvedValue({ result: 'success', msg: '保存成功', data: { id: 77 } });
    // A stand-in for the new form's own page (a static route wins over the page's pattern).
    renderAt('/system/customForm/view/new/design/0', { path: '/system/customForm/view/visit/design/77', text: '已转到表单77' });
    expect(screen.getByText('新建表单')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('表单标识'), { target: { value: 'visit' } });
    await act(async () => {
      fireEvent.click(screen.getByText('保 存'));
    });
    expect(command.mock.calls[0][0]).toBe('api/form/add');
    expect(await screen.findByText('已转到表单77')).toBeInTheDocument();
    useSessionStore.getState().logout();
  });

  it('design: a stored form opens from api/form/detail; without the edit right it cannot be saved', async () => {
    const fetch = jest.spyOn(api, 'fetch').mockResolvedValue({
      id: 77,
      mode: 'visit',
      title: '拜访',
      category: '',
      cols: 2,
      labelwidth: 100,
      labelposition: 'right',
      labelbg: '',
      is_workflow: 0,
      is_builtin: 0,
      api_add: 'api/module/add',
      api_edit: 'api/module/Edit',
      api_detail: 'api/module/detail',
      items: [],
    });
    renderAt('/system/customForm/view/visit/design/77');
    expect(await screen.findByText('设计表单：拜访')).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledWith('api/form/detail', { id: 77 });
    expect(screen.getByText('保 存').closest('button')).toBeDisabled();
  });

  it('design: an id that is not a number is an unknown view', () => {
    renderAt('/system/customForm/view/visit/design/x1');
    expect(screen.getByText(UNKNOWN_VIEW_TEXT)).toBeInTheDocument();
  });
});
