import { screen } from '@testing-library/react';
import { renderWithProviders } from '@portal/shared-ui/test/render-with-providers';
import { api, emptyPermissionTree, useSessionStore } from '@portal/shared-core';
import BasicSettingsPage from './basic-settings-page';

const settings = {
  companyName: '华信科技',
  companyLogo: '',
  poolNoFollowupDays: 30,
  poolNoDealDays: 90,
  poolWarningDays: 3,
  claimLimitPerDay: 10,
  reclaimWaitDays: 7,
  ownershipCap: 200,
  capCountsDealt: false,
  passwordMinLength: 6,
  passwordClasses: 1,
  loginFailLimit: 5,
  sessionHours: 12,
  uploadMaxMb: 20,
  uploadLimitMb: 20,
  numbering: { customer: { prefix: 'KH', withDate: true, digits: 4 } },
  numberKinds: [{ key: 'customer', name: '客户编号' }],
};

afterEach(() => jest.restoreAllMocks());

it('shows the stored settings read-only without basic:edit', async () => {
  useSessionStore.getState().login({ LoginToken: 'k', UserID: 1, NickName: '管理员', header: '', ShopID: 1 }, { ...emptyPermissionTree(), system: ['basic'] });
  jest.spyOn(api, 'fetch').mockResolvedValue(settings);
  jest.spyOn(api, 'list').mockResolvedValue({ rows: [], total: 0 });
  renderWithProviders(<BasicSettingsPage routePath="/system/basic" />);
  expect(await screen.findByDisplayValue('华信科技')).toBeDisabled();
  expect(screen.getByText('示例：KH202611240001')).toBeInTheDocument();
  expect(screen.queryByText('保存')).not.toBeInTheDocument();
  expect(screen.getByText('暂无修改记录')).toBeInTheDocument();
  expect(screen.getByText('暂无打印模板')).toBeInTheDocument();
  expect(screen.queryByText('新建模板')).not.toBeInTheDocument();
});
