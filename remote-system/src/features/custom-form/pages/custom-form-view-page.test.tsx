import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from '@portal/shared-ui/test/render-with-providers';
import { MemoryRouter, Route, Routes, useParams } from 'react-router-dom';
import { api } from '@portal/shared-core';
import CustomFormViewPage, { UNKNOWN_VIEW_TEXT } from './custom-form-view-page';

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

function renderAt(path: string) {
  renderWithProviders(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/system/customForm/view/:module/:type/:id" element={<RoutedPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

afterEach(() => jest.restoreAllMocks());


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
});
