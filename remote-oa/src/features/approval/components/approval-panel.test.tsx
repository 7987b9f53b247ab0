import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '@portal/shared-ui/test/render-with-providers';
import { api } from '@portal/shared-core';
import type { ApprovalDetail } from '@portal/shared-contract';
import { ApprovalActions } from './approval-actions';
import { ApprovalPanelContent } from './approval-panel';
import { nodeStates } from './flow-diagram';

jest.mock('@portal/shared-core', () => ({
  ...jest.requireActual('@portal/shared-core'),
  api: { list: jest.fn(), fetch: jest.fn(), command: jest.fn(), post: jest.fn(), get: jest.fn() },
}));
const mockedApi = jest.mocked(api);

const FORM = {
  mode: 'leave',
  title: '请假申请',
  cols: 2,
  items: [{ json: { type: 'input', field: 'reason', title: '请假事由' } }, { json: { type: 'number', field: 'days', title: '请假天数' } }],
  api_add: '',
  api_edit: '',
  api_detail: '',
};

function detail(over: Partial<ApprovalDetail> = {}): ApprovalDetail {
  return {
    task: {
      id: 9,
      title: '李娜的请假申请（2天）',
      flowId: 2,
      flowName: '请假申请',
      modelId: 4,
      modelType: 'leave',
      Status: 1,
      statusText: '审核中',
      UserName: '李娜',
      Header: '',
      AddTime: '2026-11-20 10:00',
      round: 1,
    },
    WorlFlowJson: {
      nodes: [
        { id: 's', name: '发起人', top: 0, left: 0, config: { kind: 'start' } },
        { id: 'm', name: '直接上级', top: 80, left: 0, config: { kind: 'approver' } },
        { id: 'e', name: '结束', top: 160, left: 0, config: { kind: 'end' } },
      ],
      lines: [
        { from: 's', to: 'm' },
        { from: 'm', to: 'e' },
      ],
    },
    data: { reason: '家中有事', days: '2' },
    steps: [
      {
        id: 5,
        NodeID: 'm',
        StepName: '直接上级',
        UserName: '张伟',
        Status: 1,
        outcome: '',
        comment: '',
        active: 1,
        round: 1,
        receivedAt: '2026-11-20 11:00',
        decidedAt: '',
      },
    ],
    logs: [{ id: 1, UserName: '李娜', Header: '', name: '发起人', status: '提交', action: 'submit', Ext: '提交审批', AddTime: '2026-11-20 10:00', files: [] }],
    reads: [
      { id: 5, userid: 2, nickname: '张伟', header: '', is_read: 'True', readtime: '2026-11-20 11:00', kind: '审批人' },
      { id: 1, userid: 3, nickname: '赵强', header: '', is_read: 'False', readtime: '', kind: '抄送人' },
    ],
    myStep: { id: 5, Status: 1, NodeID: 'm', type: 'other', writeField: {}, returnTargets: [{ NodeID: 's', StepName: '发起人', UserName: '李娜' }] },
    role: 'approver',
    canRevoke: false,
    canUrge: false,
    startNodeId: 's',
    ...over,
  };
}

function serve(d: ApprovalDetail) {
  mockedApi.fetch.mockImplementation(async (url: string) => (url === 'api/WorkFlow/detail' ? d : FORM) as never);
  mockedApi.command.mockResolvedValue({ result: 'success', msg: '审批成功', data: { Status: 3, recordStatus: 2, taskId: 9 } });
}

const buttonText = (text: string, container: HTMLElement = document.body) =>
  within(container).queryByText((c, el) => el?.tagName === 'SPAN' && el.parentElement?.tagName === 'BUTTON' && c.replace(/\s/g, '') === text);

// antd builds each component's styles on its first render (about a second here): done once, so
// each test below measures only its own behaviour.
beforeAll(() => {
  renderWithProviders(<ApprovalActions detail={detail()} onDone={() => undefined} />).unmount();
});

beforeEach(() => jest.clearAllMocks());

test('an approver approves with a comment; the returned Status is handed back', async () => {
  serve(detail());
  const onDone = jest.fn();
  renderWithProviders(<ApprovalActions detail={detail()} onDone={onDone} />);
  fireEvent.change(screen.getByPlaceholderText('审批意见 / 评论'), { target: { value: '同意休假' } });
  fireEvent.click(buttonText('同意')!.closest('button')!);
  await waitFor(() => expect(mockedApi.command).toHaveBeenCalledWith('api/WorkFlow/Approved', { ids: '5', ext: '同意休假', cc: undefined }));
  await waitFor(() => expect(onDone).toHaveBeenCalledWith(3));
});

test('退回 offers the passed nodes and 不通过; the chosen node is sent as node_id', async () => {
  serve(detail());
  renderWithProviders(<ApprovalActions detail={detail()} onDone={() => undefined} />);
  fireEvent.click(buttonText('退回')!.closest('button')!);
  const dialog = document.querySelector('[aria-label="退回"]') as HTMLElement;
  fireEvent.click(within(dialog).getByText('发起人（李娜）'));
  fireEvent.click(buttonText('确定', dialog)!.closest('button')!);
  await waitFor(() => expect(mockedApi.command).toHaveBeenCalledWith('api/WorkFlow/Refused', { ids: '5', ext: '', node_id: 's' }));
});

test('退回 starts on the previous node, not on 不通过: a hurried 退回 → 确定 returns one step (#31 item 10)', async () => {
  const targets = [
    { NodeID: 's', StepName: '发起人', UserName: '李娜' },
    { NodeID: 'a', StepName: '部门经理', UserName: '张伟' },
  ];
  const d = detail();
  const withTargets = { ...d, myStep: { ...d.myStep!, returnTargets: targets } };
  serve(withTargets);
  renderWithProviders(<ApprovalActions detail={withTargets} onDone={() => undefined} />);
  fireEvent.click(buttonText('退回')!.closest('button')!);
  const dialog = document.querySelector('[aria-label="退回"]') as HTMLElement;
  fireEvent.click(buttonText('确定', dialog)!.closest('button')!);
  await waitFor(() => expect(mockedApi.command).toHaveBeenCalledWith('api/WorkFlow/Refused', { ids: '5', ext: '', node_id: 'a' }));
});

test('on a start-type node the button reads 重新提交 and 退回 is hidden; without an open step there are no decision buttons', () => {
  const start = detail({
    myStep: { id: 6, Status: 1, NodeID: 's', type: 'start', writeField: {}, returnTargets: [] },
    role: 'submitter',
    canRevoke: true,
    canUrge: false,
  });
  const { unmount } = renderWithProviders(<ApprovalActions detail={start} onDone={() => undefined} />);
  expect(buttonText('重新提交')).not.toBeNull();
  expect(buttonText('退回')).toBeNull();
  expect(buttonText('撤回')).not.toBeNull();
  unmount();
  renderWithProviders(<ApprovalActions detail={detail({ myStep: null, role: 'cc' })} onDone={() => undefined} />);
  expect(buttonText('同意')).toBeNull();
  expect(buttonText('评论')).not.toBeNull();
});

test('node states: completed nodes of the current round, current handlers of open steps', () => {
  const states = nodeStates([
    { id: 1, NodeID: 'm', StepName: '', UserName: '张伟', Status: 3, outcome: 'approved', comment: '', active: 1, round: 2, receivedAt: '', decidedAt: '' },
    { id: 2, NodeID: 'f', StepName: '', UserName: '王芳', Status: 1, outcome: '', comment: '', active: 1, round: 2, receivedAt: '', decidedAt: '' },
    { id: 3, NodeID: 'f', StepName: '', UserName: '杨丽', Status: 3, outcome: 'approved', comment: '', active: 1, round: 1, receivedAt: '', decidedAt: '' },
  ]);
  expect(states.get('m')).toEqual({ completed: true, handlers: [] });
  expect(states.get('f')).toEqual({ completed: false, handlers: ['王芳'] });
});

test('node states: a passed instance shows its whole path green, a node decided again after a return counts', () => {
  const step = (id: number, NodeID: string, round: number, Status: number, outcome: string) => ({
    id,
    NodeID,
    StepName: '',
    UserName: 'u',
    Status,
    outcome,
    comment: '',
    active: 1,
    round,
    receivedAt: '',
    decidedAt: '',
  });
  const node = (id: string, kind: 'start' | 'approver' | 'condition' | 'end') => ({ id, name: id, config: { kind } });
  const flow = {
    nodes: [node('s', 'start'), node('m', 'approver'), node('c', 'condition'), node('f', 'approver'), node('x', 'approver'), node('e', 'end')],
    lines: [
      { from: 's', to: 'm' },
      { from: 'm', to: 'c' },
      { from: 'c', to: 'f' },
      { from: 'c', to: 'x' },
      { from: 'f', to: 'e' },
      { from: 'x', to: 'e' },
    ],
  } as unknown as Parameters<typeof nodeStates>[1];
  const steps = [step(1, 'm', 1, 3, 'approved'), step(2, 'f', 1, 3, 'returned'), step(3, 'm', 2, 3, 'approved'), step(4, 'f', 2, 3, 'approved')];
  const states = nodeStates(steps, flow, true);
  expect(['s', 'm', 'c', 'f', 'e'].map((id) => states.get(id)?.completed)).toEqual([true, true, true, true, true]);
  expect(states.get('x')?.completed ?? false).toBe(false);
  expect(nodeStates(steps.slice(0, 2), flow, false).get('f')?.completed).toBe(false);
});

test('the panel shows the record, the diagram with current handlers, the log and the read receipts', async () => {
  serve(detail());
  renderWithProviders(<ApprovalPanelContent detail={detail()} />);
  expect(screen.getByText('当前处理：张伟')).toBeInTheDocument();
  expect(screen.getByText('已查阅 2026-11-20 11:00')).toBeInTheDocument();
  expect(screen.getByText('未查阅')).toBeInTheDocument();
  expect(screen.getByText('提交审批')).toBeInTheDocument();
  expect(await screen.findByText('家中有事')).toBeInTheDocument();
});
