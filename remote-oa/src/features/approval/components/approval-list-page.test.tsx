import { screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { renderWithProviders } from '@portal/shared-ui/test/render-with-providers';
import { api } from '@portal/shared-core';
import type { ApprovalRow } from '@portal/shared-contract';
import { ApprovalListPage } from './approval-list-page';

jest.mock('@portal/shared-core', () => ({
  ...jest.requireActual('@portal/shared-core'),
  api: { list: jest.fn(), fetch: jest.fn(), command: jest.fn(), post: jest.fn(), get: jest.fn() },
}));
const mockedApi = jest.mocked(api);

const row = (id: number, recordStatus: number, taskName: string): ApprovalRow => ({
  id,
  TaskID: id + 100,
  Status: 0,
  NodeID: 'manager',
  ProcsID: 1,
  ProcessID: 1,
  modelId: 1,
  modelType: 'baoxiao',
  taskName,
  StepName: '部门经理',
  flowName: '费用报销',
  UserName: '李娜',
  Header: '',
  AddTime: '2026-11-20 10:00',
  recordStatus,
  recordStatusText: '',
  handlers: '张伟',
  decidedAt: '',
});

// antd builds each component's styles on its first render: done once, so the test measures its own behaviour.
beforeAll(() => {
  mockedApi.list.mockResolvedValue({ rows: [], total: 0 });
  mockedApi.fetch.mockResolvedValue([]);
  renderWithProviders(
    <MemoryRouter>
      <ApprovalListPage kind="todo" />
    </MemoryRouter>,
  ).unmount();
});

test('rows carry their status tag; ?taskid= in the URL opens the approval panel', async () => {
  mockedApi.list.mockResolvedValue({ rows: [row(1, 1, '客户招待'), row(2, 0, '季度培训费')], total: 2 });
  mockedApi.fetch.mockImplementation(
    async (url: string) => (url === 'api/flow/options' ? [{ id: 1, name: '费用报销', category: '财务' }] : new Promise(() => undefined)) as never,
  );
  renderWithProviders(
    <MemoryRouter initialEntries={['/oa/approval/todo?taskid=101']}>
      <ApprovalListPage kind="todo" />
    </MemoryRouter>,
  );
  expect(await screen.findByText('客户招待')).toBeInTheDocument();
  expect(screen.getByText('审核中').className).toContain('blue');
  expect(screen.getByText('待审').className).toContain('orange');
  expect(mockedApi.list).toHaveBeenCalledWith('api/WorkFlow/todo', expect.objectContaining({ page: 1 }), { silent: true });
  expect(await screen.findByText('审批', { selector: '.ant-drawer-title' })).toBeInTheDocument();
  expect(mockedApi.fetch).toHaveBeenCalledWith('api/WorkFlow/detail', { taskid: 101 });
});
