import {
  resolveApprovers,
  resolveRule,
  REASON_DUPLICATE,
  REASON_EMPTY_PASS,
  REASON_EMPTY_REJECT,
  REASON_SELF_SKIP,
  type Org,
  type RulesInput,
} from './approver-resolution';
import { afterNode, emptyState, enterNodes, type PlanEnv } from './engine';
import { nextNodes, validateFlow, type FlowLine, type FlowNode, type NodeConfig, type WorlFlowJson } from './flow-graph';
import { decideNode } from './node-decision';
import { deadline } from './working-time';

const node = (id: string, config: NodeConfig, name = id): FlowNode => ({ id, name, ico: '', top: 0, left: 0, config });
const line = (from: string, to: string, condition?: FlowLine['condition']): FlowLine => ({ from, to, label: '', ...(condition ? { condition } : {}) });

/** 开始 → 经理 → 金额>5000? → 财务 → 结束 (else straight to 结束). */
function expenseFlow(): WorlFlowJson {
  return {
    nodes: [
      node('s', { kind: 'start' }, '开始'),
      node('m', { kind: 'approver', approver: { type: 'head' } }, '部门经理'),
      node('c', { kind: 'condition' }, '金额判断'),
      node('f', { kind: 'approver', approver: { type: 'users', userIds: [5] } }, '财务'),
      node('e', { kind: 'end' }, '结束'),
    ],
    lines: [
      line('s', 'm'),
      line('m', 'c'),
      line('c', 'f', { rules: [{ field: 'Money', op: '>', value: 5000 }] }),
      line('c', 'e', { rules: [], isDefault: true }),
      line('f', 'e'),
    ],
  };
}

// Org: 1 admin (heads company), 2 manager heads branch 10, 3 rep in 10 (superior 2), 4 departed, 5 finance head of 20.
function org(): Org {
  const u = (id: number, branchId: number | null, roleId: number, superiorId: number | null, employed = true) =>
    [id, { id, branchId, roleId, superiorId, employed }] as const;
  return {
    users: new Map([u(1, 1, 1, null), u(2, 10, 2, 1), u(3, 10, 3, 2), u(4, 10, 3, 2, false), u(5, 20, 4, 1), u(6, 10, 3, 2)]),
    branches: new Map([
      [1, { id: 1, parentId: null, headUserId: 1 }],
      [10, { id: 10, parentId: 1, headUserId: 2 }],
      [20, { id: 20, parentId: 1, headUserId: 5 }],
    ]),
    admins: [1],
  };
}

const input = (over: Partial<RulesInput> = {}): RulesInput => ({
  submitterId: 3,
  data: {},
  chosen: {},
  nodeId: 'n',
  approvedBefore: new Set(),
  approvedJustBefore: new Set(),
  duplicateRule: 'none',
  ...over,
});

describe('graph validation', () => {
  test('a well-formed flow passes', () => {
    expect(validateFlow(expenseFlow())).toBeNull();
  });
  test('exactly one start', () => {
    const f = expenseFlow();
    f.nodes.push(node('s2', { kind: 'start' }, '开始2'));
    f.lines.push(line('s2', 'm'));
    expect(validateFlow(f)?.msg).toBe('流程必须有且只有一个开始节点');
  });
  test('a cycle is refused naming a node on it', () => {
    const f = expenseFlow();
    f.lines.push(line('f', 'm'));
    f.lines = f.lines.filter((l) => !(l.from === 'f' && l.to === 'e'));
    expect(validateFlow(f)?.msg).toMatch(/流程中存在循环/);
  });
  test('an unreachable node and a node that never ends are named', () => {
    const f = expenseFlow();
    f.nodes.push(node('x', { kind: 'approver', approver: { type: 'head' } }, '孤立节点'));
    expect(validateFlow(f)).toEqual({ msg: '节点「孤立节点」无法从开始节点到达', nodeId: 'x' });
    const g = expenseFlow();
    g.nodes.push(node('y', { kind: 'approver', approver: { type: 'head' } }, '死胡同'));
    g.lines = g.lines.map((l) => (l.from === 'f' ? line('f', 'y') : l));
    expect(validateFlow(g)).toEqual({ msg: '节点「财务」无法到达结束节点', nodeId: 'f' });
  });
  test('a condition split needs one default line', () => {
    const f = expenseFlow();
    f.lines = f.lines.map((l) => (l.from === 'c' && l.to === 'e' ? line('c', 'e', { rules: [{ field: 'Money', op: '<=', value: 5000 }] }) : l));
    expect(validateFlow(f)).toEqual({ msg: '条件分支「金额判断」必须有且只有一条默认条件线', nodeId: 'c' });
  });
  test('parallel branches must join again', () => {
    const f: WorlFlowJson = {
      nodes: [
        node('s', { kind: 'start' }),
        node('p', { kind: 'parallel' }, '并行'),
        node('a', { kind: 'approver', approver: { type: 'users', userIds: [2] } }),
        node('b', { kind: 'approver', approver: { type: 'users', userIds: [5] } }),
        node('j', { kind: 'join' }, '汇聚'),
        node('e', { kind: 'end' }),
      ],
      lines: [line('s', 'p'), line('p', 'a'), line('p', 'b'), line('a', 'j'), line('b', 'j'), line('j', 'e')],
    };
    expect(validateFlow(f)).toBeNull();
    const broken = { ...f, lines: [line('s', 'p'), line('p', 'a'), line('p', 'b'), line('a', 'j'), line('b', 'e'), line('j', 'e')] };
    expect(validateFlow(broken)?.nodeId).toBe('p');
  });
  test('an approver node without approvers is named', () => {
    const f = expenseFlow();
    f.nodes[3] = node('f', { kind: 'approver' }, '财务');
    expect(validateFlow(f)).toEqual({ msg: '审批节点「财务」未设置审批人', nodeId: 'f' });
  });
});

describe('routing', () => {
  test('condition lines on form fields, else the default line', () => {
    expect(nextNodes(expenseFlow(), 'c', { Money: '6000' })).toEqual(['f']);
    expect(nextNodes(expenseFlow(), 'c', { Money: 5000 })).toEqual(['e']);
    const f = expenseFlow();
    f.lines[2] = line('c', 'f', {
      rules: [
        { field: 'type', op: 'in', value: ['2', '3'] },
        { field: 'branchId', op: '==', value: 10 },
      ],
    });
    expect(nextNodes(f, 'c', { type: '2', branchId: '10' })).toEqual(['f']);
    expect(nextNodes(f, 'c', { type: '1', branchId: '10' })).toEqual(['e']);
  });
});

describe('approver resolution', () => {
  const o = org();
  test('users (departed removed), role, head, N-th superior, continuous superiors, form user/department, chosen, submitter', () => {
    const base = { submitterId: 3, data: { u: '6', b: 20 }, chosen: { n: [5] }, nodeId: 'n' };
    expect(resolveRule({ type: 'users', userIds: [4, 5, 5] }, base, o)).toEqual([5]);
    expect(resolveRule({ type: 'role', roleId: 3 }, base, o)).toEqual([3, 6]);
    expect(resolveRule({ type: 'head' }, base, o)).toEqual([2]);
    expect(resolveRule({ type: 'head' }, { ...base, submitterId: 2 }, o)).toEqual([1]);
    expect(resolveRule({ type: 'superior', level: 2 }, base, o)).toEqual([1]);
    expect(resolveRule({ type: 'superior', level: 3 }, base, o)).toEqual([]);
    expect(resolveRule({ type: 'superiors', level: 5 }, base, o)).toEqual([2, 1]);
    expect(resolveRule({ type: 'formUser', field: 'u' }, base, o)).toEqual([6]);
    expect(resolveRule({ type: 'formBranch', field: 'b' }, base, o)).toEqual([5]);
    expect(resolveRule({ type: 'chosen' }, base, o)).toEqual([5]);
    expect(resolveRule({ type: 'submitter' }, base, o)).toEqual([3]);
  });
  test('continuous superiors up to a role: up to and including the first superior holding it, within the level cap', () => {
    const base = { submitterId: 3, data: {}, chosen: {}, nodeId: 'n' };
    // 3 → 2 (role 2) → 1 (role 1)
    expect(resolveRule({ type: 'superiors', level: 10, untilRoleId: 2 }, base, o)).toEqual([2]);
    expect(resolveRule({ type: 'superiors', level: 10, untilRoleId: 1 }, base, o)).toEqual([2, 1]);
    // Nobody above holds the role: every superior up to the cap.
    expect(resolveRule({ type: 'superiors', level: 10, untilRoleId: 4 }, base, o)).toEqual([2, 1]);
    expect(resolveRule({ type: 'superiors', level: 1, untilRoleId: 1 }, base, o)).toEqual([2]);
    // The role's holder departed: dropped like any departed approver, the chain still stops there.
    const gone = org();
    gone.users.set(2, { ...gone.users.get(2)!, employed: false });
    expect(resolveRule({ type: 'superiors', level: 10, untilRoleId: 2 }, base, gone)).toEqual([]);
  });
  test('empty approver: auto pass, auto reject, named users, administrators', () => {
    const none: NodeConfig = { kind: 'approver', approver: { type: 'users', userIds: [4] } };
    expect(resolveApprovers({ ...none, emptyRule: 'pass' }, input(), o)).toEqual({ kind: 'pass', reason: REASON_EMPTY_PASS });
    expect(resolveApprovers({ ...none, emptyRule: 'reject' }, input(), o)).toEqual({ kind: 'reject', reason: REASON_EMPTY_REJECT });
    expect(resolveApprovers({ ...none, emptyRule: 'users', emptyUserIds: [5] }, input(), o)).toMatchObject({ kind: 'users', userIds: [5] });
    expect(resolveApprovers(none, input(), o)).toMatchObject({ kind: 'users', userIds: [1] });
  });
  test('approver = submitter: approve own, skip, hand to the department head', () => {
    const self: NodeConfig = { kind: 'approver', approver: { type: 'users', userIds: [3] } };
    expect(resolveApprovers(self, input(), o)).toEqual({ kind: 'users', userIds: [3] });
    expect(resolveApprovers({ ...self, selfRule: 'skip' }, input(), o)).toEqual({ kind: 'pass', reason: REASON_SELF_SKIP });
    expect(resolveApprovers({ ...self, selfRule: 'head' }, input(), o)).toEqual({ kind: 'users', userIds: [2] });
  });
  test('same person on several nodes: approve once, only consecutive', () => {
    const cfg: NodeConfig = { kind: 'approver', approver: { type: 'users', userIds: [2] } };
    expect(resolveApprovers(cfg, input({ duplicateRule: 'once', approvedBefore: new Set([2]) }), o)).toEqual({ kind: 'pass', reason: REASON_DUPLICATE });
    expect(resolveApprovers(cfg, input({ duplicateRule: 'consecutive', approvedBefore: new Set([2]) }), o)).toEqual({ kind: 'users', userIds: [2] });
    expect(resolveApprovers(cfg, input({ duplicateRule: 'consecutive', approvedJustBefore: new Set([2]) }), o).kind).toBe('pass');
    expect(resolveApprovers(cfg, input({ duplicateRule: 'none', approvedBefore: new Set([2]) }), o).kind).toBe('users');
    const and: NodeConfig = { kind: 'approver', mode: 'and', approver: { type: 'users', userIds: [2, 5] } };
    expect(resolveApprovers(and, input({ duplicateRule: 'once', approvedBefore: new Set([2]) }), o)).toEqual({ kind: 'users', userIds: [5] });
  });
});

describe('multi-approver modes', () => {
  test('或签: the first decision decides', () => {
    expect(decideNode('or', ['open', 'open'])).toBe('open');
    expect(decideNode('or', ['approved', 'open'])).toBe('passed');
    expect(decideNode('or', ['open', 'refused'])).toBe('refused');
  });
  test('会签: all must pass; one refusal refuses, unless a reject quorum is set', () => {
    expect(decideNode('and', ['approved', 'open'])).toBe('open');
    expect(decideNode('and', ['approved', 'approved'])).toBe('passed');
    expect(decideNode('and', ['refused', 'open', 'open'])).toBe('refused');
    expect(decideNode('and', ['refused', 'open', 'open'], 2)).toBe('open');
    expect(decideNode('and', ['refused', 'approved', 'approved'], 2)).toBe('passed');
    expect(decideNode('and', ['refused', 'refused', 'open'], 2)).toBe('refused');
  });
  test('依次: each in turn; one refusal refuses', () => {
    expect(decideNode('seq', ['approved', 'open'])).toBe('open');
    expect(decideNode('seq', ['approved', 'approved'])).toBe('passed');
    expect(decideNode('seq', ['approved', 'refused'])).toBe('refused');
  });
});

describe('planner', () => {
  const env = (flow: WorlFlowJson, data: Record<string, unknown> = {}): PlanEnv => ({
    flow,
    data,
    submitterId: 3,
    resolve: (n) => resolveApprovers(n.config, input({ nodeId: n.id, data }), org()),
  });
  test('submission opens the manager step; after it, amount > 5000 goes to finance, else ends', () => {
    const flow = expenseFlow();
    const first = enterNodes(['m'], emptyState(), env(flow));
    expect(first.open.map((o) => [o.node.id, o.userIds])).toEqual([['m', [2]]]);
    const big = enterNodes(afterNode('m', first.state, env(flow, { Money: 6000 }), false).nodeIds, first.state, env(flow, { Money: 6000 }));
    expect(big.open.map((o) => [o.node.id, o.userIds])).toEqual([['f', [5]]]);
    const small = enterNodes(afterNode('m', first.state, env(flow, { Money: 100 }), false).nodeIds, first.state, env(flow, { Money: 100 }));
    expect(small.outcome).toBe('passed');
  });
  test('cc nodes copy and continue; automatic passes are logged with the reason', () => {
    const flow: WorlFlowJson = {
      nodes: [
        node('s', { kind: 'start' }),
        node('cc', { kind: 'cc', cc: [6] }),
        node('a', { kind: 'approver', emptyRule: 'pass', approver: { type: 'users', userIds: [4] } }, '审批'),
        node('e', { kind: 'end' }),
      ],
      lines: [line('s', 'cc'), line('cc', 'a'), line('a', 'e')],
    };
    const plan = enterNodes(['cc'], emptyState(), env(flow));
    expect(plan.cc).toEqual([{ nodeId: 'cc', userIds: [6] }]);
    expect(plan.logs).toEqual([{ nodeId: 'a', nodeName: '审批', action: 'auto', ext: REASON_EMPTY_PASS }]);
    expect(plan.outcome).toBe('passed');
  });
  test('parallel branches wait at the join for each other', () => {
    const flow: WorlFlowJson = {
      nodes: [
        node('s', { kind: 'start' }),
        node('p', { kind: 'parallel' }),
        node('a', { kind: 'approver', approver: { type: 'users', userIds: [2] } }),
        node('b', { kind: 'approver', approver: { type: 'users', userIds: [5] } }),
        node('j', { kind: 'join' }),
        node('z', { kind: 'approver', approver: { type: 'users', userIds: [1] } }),
        node('e', { kind: 'end' }),
      ],
      lines: [line('s', 'p'), line('p', 'a'), line('p', 'b'), line('a', 'j'), line('b', 'j'), line('j', 'z'), line('z', 'e')],
    };
    const start = enterNodes(['p'], emptyState(), env(flow));
    expect(start.open.map((o) => o.node.id)).toEqual(['a', 'b']);
    const afterA = enterNodes(['j'], start.state, env(flow));
    expect(afterA.open).toEqual([]);
    const afterB = enterNodes(['j'], afterA.state, env(flow));
    expect(afterB.open.map((o) => o.node.id)).toEqual(['z']);
  });
  test('return and resume: with resume-at-returner the resubmission goes straight back to the returning node', () => {
    const flow = expenseFlow();
    const state = { ...emptyState(), returnedFrom: 'f' };
    expect(afterNode('s', state, env(flow, { Money: 6000 }), true)).toEqual({ nodeIds: ['f'], state: emptyState() });
    expect(afterNode('s', state, env(flow, { Money: 6000 }), false)).toEqual({ nodeIds: ['m'], state: emptyState() });
    // Returned to the start: the submitter gets a 重新提交 step.
    expect(enterNodes(['s'], emptyState(), env(flow)).open.map((o) => [o.node.id, o.userIds])).toEqual([['s', [3]]]);
  });
});

describe('timeouts', () => {
  test('wall-clock hours', () => {
    expect(deadline(new Date('2026-11-20T02:00:00Z'), 24).toISOString()).toBe('2026-11-21T02:00:00.000Z');
  });
  test('working days skip the weekend and holidays (Shanghai calendar)', () => {
    // Friday 2026-11-20 10:00 Shanghai + 24 working hours → Monday 10:00 Shanghai.
    expect(deadline(new Date('2026-11-20T02:00:00Z'), 24, true).toISOString()).toBe('2026-11-23T02:00:00.000Z');
    expect(deadline(new Date('2026-11-20T02:00:00Z'), 24, true, ['2026-11-23']).toISOString()).toBe('2026-11-24T02:00:00.000Z');
  });
});
