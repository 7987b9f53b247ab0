/**
 * 编辑报销单 on a claim returned to its submitter (issue #31: a returned claim's edited line amounts
 * were discarded, 5600 → 4600 saved as 5600): the form opens the claim's lines with their 内容 and
 * their 金额 in boxes of their own, and an edited 金额 is what is sent; a total its lines do not add
 * up to is refused in the form, in the server's words, before anything is sent.
 */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from '@portal/shared-ui/test/render-with-providers';
import { api } from '@portal/shared-core';
import type { ApprovalDetail } from '@portal/shared-contract';
import { ApprovalActions } from './approval-actions';

jest.mock('@portal/shared-core', () => ({
  ...jest.requireActual('@portal/shared-core'),
  api: { list: jest.fn(), fetch: jest.fn(), command: jest.fn(), post: jest.fn(), get: jest.fn() },
}));
const mockedApi = jest.mocked(api);

/** The 费用报销 form as the server serves it (builtin-forms.ts). */
const EXPENSE_FORM = {
  mode: 'baoxiao',
  title: '费用报销',
  cols: 2,
  items: [
    {
      json: {
        type: 'radio',
        field: 'type',
        title: '报销类型',
        required: true,
        options: [
          { label: '个人', value: '1' },
          { label: '部门', value: '2' },
          { label: '项目', value: '3' },
        ],
      },
    },
    {
      json: {
        type: 'input',
        field: 'project',
        title: '项目名称',
        max: 100,
        linkage: [
          { when: 'type', values: ['3'], effect: 'show' },
          { when: 'type', values: ['3'], effect: 'require' },
        ],
      },
    },
    { json: { type: 'input', field: 'title', title: '报销事由', required: true, max: 100 } },
    { json: { type: 'number', field: 'Money', title: '报销金额', required: true } },
    { json: { type: 'tablelist', field: 'items', title: '费用明细', column: 2, totalField: 'Money' } },
  ],
  api_add: 'api/baoxiao/add',
  api_edit: 'api/baoxiao/edit',
  api_detail: 'api/baoxiao/Views',
};

/** api/baoxiao/Views of the returned claim. */
const CLAIM = {
  id: 31,
  type: '1',
  title: '季度培训费',
  Money: '5600.00',
  riqi: '2026-11-19',
  branchId: 3,
  branchName: '销售一部',
  project: '',
  beizhu: '',
  items: [{ id: 7, riqi: '2026-11-19', ext: '培训费发票', amount: '5600.00', category: '培训费', note: '培训费发票', pictures: [] }],
  status: 0,
  taskid: 40,
};

const returned: ApprovalDetail = {
  task: {
    id: 40,
    title: '李娜的报销：季度培训费（5600.00元）',
    flowId: 1,
    flowName: '费用报销',
    modelId: 31,
    modelType: 'baoxiao',
    Status: 0,
    statusText: '待审',
    UserName: '李娜',
    Header: '',
    AddTime: '2026-11-20 10:00',
    round: 1,
  },
  WorlFlowJson: { nodes: [], lines: [] },
  data: {},
  steps: [],
  logs: [],
  reads: [],
  myStep: { id: 41, Status: 1, NodeID: 'start', type: 'start', writeField: {}, returnTargets: [] },
  role: 'submitter',
  canRevoke: false,
  canUrge: false,
  startNodeId: 'start',
};

beforeEach(() => {
  jest.clearAllMocks();
  mockedApi.fetch.mockImplementation(async (url: string) => (url === 'api/baoxiao/Views' ? CLAIM : EXPENSE_FORM) as never);
  mockedApi.command.mockResolvedValue({ result: 'success', msg: '保存成功', data: { id: 31, taskid: 40 } });
});

const button = (name: RegExp) => screen.getByRole('button', { name });

test('the edited 金额 of a line is sent (5600 → 4600), its 内容 unchanged', async () => {
  renderWithProviders(<ApprovalActions detail={returned} onDone={() => undefined} />);
  fireEvent.click(button(/编辑报销单/));
  const amount = await screen.findByLabelText('费用明细金额1');
  expect(amount).toHaveValue('5600.00');
  expect(screen.getByLabelText('费用明细内容1')).toHaveValue('培训费发票');
  // A 个人 claim: no 项目名称.
  expect(screen.queryByLabelText('项目名称')).toBeNull();

  fireEvent.change(amount, { target: { value: '4600' } });
  fireEvent.click(button(/^保\s*存$/));
  expect(await screen.findByText('报销金额（5600.00元）与费用明细合计（4600.00元）不一致')).toBeInTheDocument();
  expect(mockedApi.command).not.toHaveBeenCalled();

  fireEvent.change(screen.getByLabelText('报销金额'), { target: { value: '4600' } });
  await act(async () => {
    fireEvent.click(button(/^保\s*存$/));
  });
  await waitFor(() => expect(mockedApi.command).toHaveBeenCalledWith('api/baoxiao/edit', expect.objectContaining({ id: '31', Money: 4600 })));
  const sent = mockedApi.command.mock.calls[0][1] as { items: string };
  expect(JSON.parse(sent.items)).toEqual([expect.objectContaining({ ext: '培训费发票', amount: '4600', category: '培训费' })]);
});

test('a 项目 claim shows 项目名称 and requires it', async () => {
  renderWithProviders(<ApprovalActions detail={returned} onDone={() => undefined} />);
  fireEvent.click(button(/编辑报销单/));
  await screen.findByLabelText('费用明细金额1');
  fireEvent.click(screen.getByLabelText('项目'));
  const project = await screen.findByLabelText('项目名称');
  fireEvent.click(button(/^保\s*存$/));
  expect(await screen.findByText('信息必须填写')).toBeInTheDocument();
  expect(mockedApi.command).not.toHaveBeenCalled();
  fireEvent.change(project, { target: { value: '华东渠道拓展' } });
  await act(async () => {
    fireEvent.click(button(/^保\s*存$/));
  });
  await waitFor(() => expect(mockedApi.command).toHaveBeenCalledWith('api/baoxiao/edit', expect.objectContaining({ type: '3', project: '华东渠道拓展' })));
});
