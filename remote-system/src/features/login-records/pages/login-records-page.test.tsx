import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from '@portal/shared-ui/test/render-with-providers';
import { api } from '@portal/shared-core';
import LoginRecordsPage from './login-records-page';

afterEach(() => jest.restoreAllMocks());

it('lists the records with name, department, browser and result, and filters by result', async () => {
  jest.spyOn(api, 'fetch').mockResolvedValue([]);
  const list = jest.spyOn(api, 'list').mockResolvedValue({
    rows: [
      {
        id: 2,
        UserName: 'sales2',
        NickName: '赵强',
        BranchName: '销售一部',
        Date: '2026-11-24 09:00:00',
        IP: '10.0.0.2',
        Ua: 'Chrome/126',
        browser: 'Chrome 126',
        success: 0,
        result: '失败',
      },
      {
        id: 1,
        UserName: 'sales1',
        NickName: '李娜',
        BranchName: '销售一部',
        Date: '2026-11-24 08:59:00',
        IP: '10.0.0.1',
        Ua: 'Chrome/126',
        browser: 'Chrome 126',
        success: 1,
        result: '成功',
      },
    ],
    total: 2,
  });
  renderWithProviders(<LoginRecordsPage routePath="/system/Loglos" />);
  expect(await screen.findByText('赵强')).toBeInTheDocument();
  expect(screen.getAllByText('Chrome 126')).toHaveLength(2);
  expect(list).toHaveBeenCalledWith('api/user/getloglos', { page: 1, rows: 20, userId: 0, BranchID: 0, start: '', end: '' }, { silent: true });
  fireEvent.mouseDown(screen.getByText('全部结果'));
  fireEvent.click(await screen.findByText('失败', { selector: '.ant-select-item-option-content' }));
  await waitFor(() => expect(list).toHaveBeenLastCalledWith('api/user/getloglos', expect.objectContaining({ success: 0 }), { silent: true }));
});
