import { screen } from '@testing-library/react';
import { renderWithProviders } from '@portal/shared-ui/test/render-with-providers';
import { MemoryRouter } from 'react-router-dom';
import { api } from '@portal/shared-core';
import CustomFormListPage from './custom-form-list-page';

const forms = [
  { id: 1, mode: 'customer', title: '客户', category: '客户管理', cols: 2, api_add: 'api/customer/CustomerAddEndit', fieldCount: 9, is_workflow: 0 },
  { id: 13, mode: 'fieldDemo', title: '自定义表单示例', category: '系统示例', cols: 2, api_add: 'api/module/add', fieldCount: 30, is_workflow: 0 },
];

afterEach(() => jest.restoreAllMocks());

describe('CustomFormListPage', () => {
  it('lists the forms from api/form/index with 预览 for each and 新建记录 for generic-record forms', async () => {
    const list = jest.spyOn(api, 'list').mockResolvedValue({ rows: forms, total: 2 });
    renderWithProviders(
      <MemoryRouter>
        <CustomFormListPage routePath="/system/customForm" />
      </MemoryRouter>,
    );
    expect(await screen.findByText('自定义表单示例')).toBeInTheDocument();
    expect(list).toHaveBeenCalledWith('api/form/index', { page: 1, rows: 10, key: '' }, { silent: true });
    expect(screen.getAllByText('预览')).toHaveLength(2);
    const links = screen.getAllByRole('link', { name: '新建记录' });
    expect(links).toHaveLength(1);
    expect(links[0]).toHaveAttribute('href', '/system/customForm/view/fieldDemo/add/0');
  });
});
