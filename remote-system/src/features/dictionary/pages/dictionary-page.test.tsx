import { screen } from '@testing-library/react';
import { renderWithProviders } from '@portal/shared-ui/test/render-with-providers';
import { api, emptyPermissionTree, useSessionStore } from '@portal/shared-core';
import DictionaryPage from './dictionary-page';

afterEach(() => jest.restoreAllMocks());

it('lists the types and the first type’s values with colour and state; no delete for a built-in type', async () => {
  useSessionStore
    .getState()
    .login(
      { LoginToken: 'k', UserID: 1, NickName: '管理员', header: '', ShopID: 1 },
      { ...emptyPermissionTree(), system: ['status', 'status:create', 'status:edit', 'status:delete'] },
    );
  jest
    .spyOn(api, 'get')
    .mockResolvedValue({ result: 'success', msg: '', data: [{ code: 'kehu_level', name: '客户级别', sortOrder: 1, builtIn: 1, valueCount: 2 }] });
  const list = jest.spyOn(api, 'list').mockResolvedValue({
    rows: [
      { id: 1, typeCode: 'kehu_level', label: 'A', value: 'A', colour: 'red', sortOrder: 0, enabled: 1 },
      { id: 2, typeCode: 'kehu_level', label: 'D', value: 'D', colour: '', sortOrder: 3, enabled: 0 },
    ],
    total: 2,
  });
  renderWithProviders(<DictionaryPage routePath="/system/status" />);
  expect(await screen.findByText('客户级别（kehu_level）')).toBeInTheDocument();
  expect(await screen.findByText('停用')).toBeInTheDocument();
  expect(list).toHaveBeenCalledWith('api/status/Json', { page: 1, rows: 20, types: 'kehu_level', key: '' }, { silent: true });
  expect(screen.getByRole('button', { name: '新建字典值' })).toBeInTheDocument();
  expect(screen.queryByText('删除类型')).not.toBeInTheDocument();
});
