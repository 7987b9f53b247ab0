/** 进件审核: the intakes waiting for the user's decision (todo=1), each linking to its approval in 待我审批. */
import { screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { renderWithProviders } from '@portal/shared-ui/test/render-with-providers';
import { api, emptyPermissionTree, useSessionStore } from '@portal/shared-core';
import IntakeReviewPage from './intake-review-page';

jest.mock('@portal/shared-core', () => ({
  ...jest.requireActual('@portal/shared-core'),
  api: { list: jest.fn(), fetch: jest.fn(), command: jest.fn(), post: jest.fn(), get: jest.fn() },
}));
const mockedApi = jest.mocked(api);

const ROW = {
  id: 4,
  entrySn: 'JJ202611200007',
  customerId: 9,
  customerName: '上海华信',
  contractId: '',
  contractName: '',
  Money: '800.00',
  riqi: '2026-11-20',
  files: [],
  beizhu: '',
  status: 1,
  statusText: '审核中',
  taskid: 21,
  UserID: 7,
  UserName: '赵强',
  BranchName: '销售一部',
  AddTime: '2026-11-20 10:30',
};

function logIn(crm: string[], oa: string[]) {
  useSessionStore.getState().login({ LoginToken: 't', UserID: 3, NickName: '王芳', header: '', ShopID: 1 }, { ...emptyPermissionTree(), crm, oa });
}

beforeEach(() => {
  jest.clearAllMocks();
  mockedApi.list.mockResolvedValue({ rows: [ROW], total: 1 } as never);
});

it('lists the intakes waiting for the user, with 审批 opening the approval in 待我审批; no 新建进件', async () => {
  logIn(['signorentry/entryshenpi', 'signorentry/entry:create'], ['approval/todo']);
  renderWithProviders(
    <MemoryRouter>
      <IntakeReviewPage routePath="/crm/signorentry/entryshenpi" />
    </MemoryRouter>,
  );
  expect(await screen.findByText('JJ202611200007')).toBeInTheDocument();
  expect(screen.getByText('进件审核')).toBeInTheDocument();
  expect(mockedApi.list).toHaveBeenCalledWith('api/customer/EntryAuditList', { page: 1, rows: 10, key: '', status: '', todo: 1 }, { silent: true });
  expect(screen.getByRole('link')).toHaveAttribute('href', '/oa/approval/todo?taskid=21');
  expect(screen.queryByText('新建进件')).not.toBeInTheDocument();
});

it('without 待我审批 in the OA area there is no link to follow', async () => {
  logIn(['signorentry/entryshenpi'], []);
  renderWithProviders(
    <MemoryRouter>
      <IntakeReviewPage routePath="/crm/signorentry/entryshenpi" />
    </MemoryRouter>,
  );
  expect(await screen.findByText('JJ202611200007')).toBeInTheDocument();
  expect(screen.queryByRole('link')).not.toBeInTheDocument();
});
