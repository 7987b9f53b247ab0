import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '@portal/shared-ui/test/render-with-providers';
import { api } from '@portal/shared-core';
import type { RoleFieldMasks } from '../api/role-api';
import { FieldMaskEditor } from './field-mask-editor';

afterEach(() => jest.restoreAllMocks());

const masks: RoleFieldMasks = {
  roleId: 3,
  roleName: '销售',
  builtIn: 0,
  modules: [
    {
      module: 'customer',
      title: '客户',
      fields: [
        { field: 'contact_mobile', title: '手机号码' },
        { field: 'address', title: '地址' },
      ],
      rules: [{ field: 'contact_mobile', mode: 'mask' }],
    },
    { module: 'contact', title: '联系人', fields: [{ field: 'mobile', title: '手机' }], rules: [] },
  ],
};

it('shows each field as 可见 / 脱敏 / 隐藏 and saves the module’s rules', async () => {
  const fetch = jest.spyOn(api, 'fetch').mockResolvedValue(masks);
  const command = jest.spyOn(api, 'command').mockResolvedValue({ result: 'success', msg: '保存成功' });
  renderWithProviders(<FieldMaskEditor roleId={3} onClose={() => undefined} />);
  expect(await screen.findByText('字段权限 - 销售')).toBeInTheDocument();
  expect(fetch).toHaveBeenCalledWith('main/role/fieldMasks', { roleId: 3 });
  // Label and attribute queries: role queries over the drawer's table were the file's slowest step.
  const group = (label: string) => document.querySelector(`[aria-label="${label}"]`) as HTMLElement;
  const mobile = group('手机号码的字段权限');
  expect(within(mobile).getByLabelText('脱敏')).toBeChecked();
  const address = group('地址的字段权限');
  expect(within(address).getByLabelText('可见')).toBeChecked();
  fireEvent.click(within(address).getByLabelText('隐藏'));
  fireEvent.click(screen.getByText(/^保\s*存$/, { selector: 'button span' }));
  await waitFor(() =>
    expect(command).toHaveBeenCalledWith('main/role/saveFieldMasks', {
      roleId: 3,
      module: 'customer',
      rules: JSON.stringify([
        { field: 'contact_mobile', mode: 'mask' },
        { field: 'address', mode: 'hidden' },
      ]),
    }),
  );
});

it('超级管理员 is read-only: no save button', async () => {
  jest.spyOn(api, 'fetch').mockResolvedValue({ ...masks, roleName: '超级管理员', builtIn: 1 });
  renderWithProviders(<FieldMaskEditor roleId={1} onClose={() => undefined} />);
  expect(await screen.findByText('超级管理员始终查看全部字段，不能设置字段权限。')).toBeInTheDocument();
  expect(screen.queryByText(/^保\s*存$/, { selector: 'button span' })).toBeNull();
});

it('客户名称 cannot be hidden: 隐藏 is disabled with the reason beside it, 脱敏 stays available', async () => {
  const withName: RoleFieldMasks = {
    ...masks,
    modules: [
      { ...masks.modules[0], fields: [{ field: 'CustomerName', title: '客户名称', cannotHide: '客户名称不能隐藏，可设为脱敏' }, ...masks.modules[0].fields] },
      masks.modules[1],
    ],
  };
  jest.spyOn(api, 'fetch').mockResolvedValue(withName);
  renderWithProviders(<FieldMaskEditor roleId={3} onClose={() => undefined} />);
  expect(await screen.findByText('客户名称不能隐藏，可设为脱敏')).toBeInTheDocument();
  const row = screen.getByText('客户名称').closest('tr') as HTMLElement;
  expect(row.querySelector('input[value="hidden"]')).toBeDisabled();
  expect(row.querySelector('input[value="mask"]')).not.toBeDisabled();
  const address = screen.getByText('地址').closest('tr') as HTMLElement;
  expect(address.querySelector('input[value="hidden"]')).not.toBeDisabled();
});
