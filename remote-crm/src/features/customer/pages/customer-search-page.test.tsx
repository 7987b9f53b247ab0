/** 客户查询 without login: one small render, the reply as the server gives it. */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { renderWithProviders } from '@portal/shared-ui/test/render-with-providers';
import { api } from '@portal/shared-core';
import CustomerSearchPage from './customer-search-page';

jest.mock('@portal/shared-core', () => ({
  ...jest.requireActual('@portal/shared-core'),
  api: { list: jest.fn(), fetch: jest.fn(), command: jest.fn(), post: jest.fn(), get: jest.fn() },
}));
const mockedApi = jest.mocked(api);

it('asks for a full name or phone, then shows exists, masked owner, department and state', async () => {
  mockedApi.fetch.mockResolvedValue({
    rows: [{ exists: true, owner: '李*', department: '销售一部', inPool: false, blacklisted: false, lastFollowup: '2026-11-20' }],
    total: 1,
  } as never);
  renderWithProviders(
    <MemoryRouter>
      <CustomerSearchPage />
    </MemoryRouter>,
  );
  const input = screen.getByLabelText('客户名称或手机号码');
  fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
  expect(await screen.findByText('请输入完整的客户名称或手机号码', { selector: '.ant-alert-message, .ant-alert-title' })).toBeInTheDocument();
  fireEvent.change(input, { target: { value: '上海华信科技有限公司' } });
  fireEvent.click(screen.getByText(/^查\s?询$/, { selector: 'button span' }).closest('button') as HTMLElement);
  await waitFor(() => expect(mockedApi.fetch).toHaveBeenCalledWith('api/customer/GetsearchKh', { key: '上海华信科技有限公司' }, { silent: true }));
  expect(await screen.findByText('李*')).toBeInTheDocument();
  expect(screen.getByText('销售一部')).toBeInTheDocument();
  expect(screen.getByText('已有负责人')).toBeInTheDocument();
  expect(screen.getByText('2026-11-20')).toBeInTheDocument();
});
