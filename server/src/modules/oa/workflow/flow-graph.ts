/**
 * The flow definition (spec §3: nodes id/name/ico/top/left/bgcolor/viewOnly, lines
 * from/to/label/connector/anchors/paintStyle, stored as WorlFlowJson) with the engine's node config,
 * and the pure graph logic: validation on save and routing at run time. No database here.
 */

import type { ConditionRule, FlowLine, FlowNode, NodeKind, WorlFlowJson } from '@portal/shared-contract';

// The definition's types are the wire contract's (the designer saves and the API answers the same shape).
export type {
  ApproveMode,
  ApproverRule,
  ConditionOp,
  ConditionRule,
  DuplicateRule,
  EmptyRule,
  FieldRight,
  FlowLine,
  FlowNode,
  FlowSettings,
  NodeConfig,
  NodeKind,
  SelfRule,
  TimeoutAction,
  WorlFlowJson,
} from '@portal/shared-contract';

export const NODE_KINDS: readonly NodeKind[] = ['start', 'approver', 'handler', 'cc', 'condition', 'parallel', 'join', 'end'];

export type GraphProblem = { msg: string; nodeId?: string };

const APPROVER_KINDS: readonly NodeKind[] = ['approver', 'handler'];
export const isDecisionNode = (kind: NodeKind): boolean => APPROVER_KINDS.includes(kind);

function outgoing(flow: WorlFlowJson): Map<string, FlowLine[]> {
  const out = new Map<string, FlowLine[]>(flow.nodes.map((n) => [n.id, []]));
  for (const l of flow.lines) out.get(l.from)?.push(l);
  return out;
}

function incoming(flow: WorlFlowJson): Map<string, FlowLine[]> {
  const inc = new Map<string, FlowLine[]>(flow.nodes.map((n) => [n.id, []]));
  for (const l of flow.lines) inc.get(l.to)?.push(l);
  return inc;
}

const nameOf = (n: FlowNode) => n.name || n.id;

/**
 * The join a parallel split's branches meet at: the first join on every path from the split
 * (nested splits skip past their own join). Null when the branches do not all meet at one join.
 */
export function matchingJoin(flow: WorlFlowJson, splitId: string): string | null {
  const out = outgoing(flow);
  const kind = new Map(flow.nodes.map((n) => [n.id, n.config.kind]));
  const memo = new Map<string, Set<string | null>>();
  // The joins a path starting at `id` may first meet (null: it ends without a join).
  const firstJoins = (id: string, seen: Set<string>): Set<string | null> => {
    const cached = memo.get(id);
    if (cached) return cached;
    if (seen.has(id)) return new Set([null]);
    const k = kind.get(id);
    let result: Set<string | null>;
    if (k === 'join') result = new Set([id]);
    else if (k === 'end' || k === undefined) result = new Set([null]);
    else if (k === 'parallel') {
      const inner = matchingJoin(flow, id);
      result = inner ? firstJoinsAfter(inner, new Set([...seen, id])) : new Set([null]);
    } else {
      result = new Set();
      for (const l of out.get(id) ?? []) for (const j of firstJoins(l.to, new Set([...seen, id]))) result.add(j);
    }
    memo.set(id, result);
    return result;
  };
  const firstJoinsAfter = (joinId: string, seen: Set<string>): Set<string | null> => {
    const result = new Set<string | null>();
    for (const l of out.get(joinId) ?? []) for (const j of firstJoins(l.to, seen)) result.add(j);
    return result;
  };
  const all = new Set<string | null>();
  for (const l of out.get(splitId) ?? []) for (const j of firstJoins(l.to, new Set([splitId]))) all.add(j);
  if (all.size !== 1) return null;
  const [only] = [...all];
  return only ?? null;
}

/** Checks a flow before it is saved; returns the first problem, naming the node. */
export function validateFlow(flow: WorlFlowJson): GraphProblem | null {
  if (!Array.isArray(flow.nodes) || flow.nodes.length === 0) return { msg: '流程没有任何节点' };
  const ids = new Set<string>();
  for (const n of flow.nodes) {
    if (!n.id) return { msg: '节点缺少编号' };
    if (ids.has(n.id)) return { msg: `节点编号「${n.id}」重复`, nodeId: n.id };
    ids.add(n.id);
    if (!n.config || !NODE_KINDS.includes(n.config.kind)) return { msg: `节点「${nameOf(n)}」的类型不正确`, nodeId: n.id };
  }
  for (const l of flow.lines) {
    if (!ids.has(l.from) || !ids.has(l.to)) return { msg: '连线指向不存在的节点', nodeId: ids.has(l.from) ? l.from : undefined };
    if (l.from === l.to) return { msg: `节点「${nameOf(flow.nodes.find((n) => n.id === l.from)!)}」不能连向自己`, nodeId: l.from };
  }
  const starts = flow.nodes.filter((n) => n.config.kind === 'start');
  if (starts.length !== 1) return { msg: '流程必须有且只有一个开始节点', nodeId: starts[1]?.id };
  const ends = flow.nodes.filter((n) => n.config.kind === 'end');
  if (ends.length === 0) return { msg: '流程至少需要一个结束节点' };
  const out = outgoing(flow);
  const inc = incoming(flow);
  const byId = new Map(flow.nodes.map((n) => [n.id, n]));

  // No cycles (three-colour DFS), reporting a node on the cycle.
  const colour = new Map<string, 0 | 1 | 2>();
  let cycleAt: string | null = null;
  const visit = (id: string): void => {
    if (cycleAt) return;
    colour.set(id, 1);
    for (const l of out.get(id) ?? []) {
      const c = colour.get(l.to) ?? 0;
      if (c === 1) {
        cycleAt = l.to;
        return;
      }
      if (c === 0) visit(l.to);
    }
    colour.set(id, 2);
  };
  for (const n of flow.nodes) if ((colour.get(n.id) ?? 0) === 0) visit(n.id);
  if (cycleAt) return { msg: `流程中存在循环：节点「${nameOf(byId.get(cycleAt)!)}」`, nodeId: cycleAt };

  // Reachable from start.
  const reached = new Set<string>();
  const stack = [starts[0].id];
  while (stack.length) {
    const id = stack.pop()!;
    if (reached.has(id)) continue;
    reached.add(id);
    for (const l of out.get(id) ?? []) stack.push(l.to);
  }
  for (const n of flow.nodes) if (!reached.has(n.id)) return { msg: `节点「${nameOf(n)}」无法从开始节点到达`, nodeId: n.id };

  // Reaches an end.
  const reachesEnd = new Set<string>(ends.map((e) => e.id));
  const back = [...reachesEnd];
  while (back.length) {
    const id = back.pop()!;
    for (const l of inc.get(id) ?? []) {
      if (!reachesEnd.has(l.from)) {
        reachesEnd.add(l.from);
        back.push(l.from);
      }
    }
  }
  for (const n of flow.nodes) if (!reachesEnd.has(n.id)) return { msg: `节点「${nameOf(n)}」无法到达结束节点`, nodeId: n.id };

  for (const n of flow.nodes) {
    const o = out.get(n.id) ?? [];
    const k = n.config.kind;
    if (k === 'start' && (inc.get(n.id) ?? []).length > 0) return { msg: `开始节点「${nameOf(n)}」不能有进入的连线`, nodeId: n.id };
    if (k === 'end' && o.length > 0) return { msg: `结束节点「${nameOf(n)}」不能有出去的连线`, nodeId: n.id };
    if (k !== 'end' && k !== 'condition' && k !== 'parallel' && o.length > 1)
      return { msg: `节点「${nameOf(n)}」只能有一条出去的连线，分支请使用条件或并行节点`, nodeId: n.id };
    if (k === 'condition') {
      if (o.length < 2) return { msg: `条件分支「${nameOf(n)}」至少需要两条连线`, nodeId: n.id };
      const defaults = o.filter((l) => l.condition?.isDefault);
      if (defaults.length !== 1) return { msg: `条件分支「${nameOf(n)}」必须有且只有一条默认条件线`, nodeId: n.id };
      for (const l of o) {
        if (!l.condition?.isDefault && !(l.condition?.rules?.length ?? 0))
          return { msg: `条件分支「${nameOf(n)}」的连线「${l.label || l.to}」没有设置条件`, nodeId: n.id };
      }
    }
    if (k === 'parallel') {
      if (o.length < 2) return { msg: `并行分支「${nameOf(n)}」至少需要两条连线`, nodeId: n.id };
      if (!matchingJoin(flow, n.id)) return { msg: `并行分支「${nameOf(n)}」的各条分支必须汇聚到同一个汇聚节点`, nodeId: n.id };
    }
    if (k === 'join' && (inc.get(n.id) ?? []).length < 2) return { msg: `汇聚节点「${nameOf(n)}」至少需要两条进入的连线`, nodeId: n.id };
    if (isDecisionNode(k)) {
      const rule = n.config.approver;
      if (!rule) return { msg: `审批节点「${nameOf(n)}」未设置审批人`, nodeId: n.id };
      if (rule.type === 'users' && rule.userIds.length === 0) return { msg: `审批节点「${nameOf(n)}」未选择审批人`, nodeId: n.id };
      if ((rule.type === 'superior' || rule.type === 'superiors') && !(rule.level >= 1 && rule.level <= 10))
        return { msg: `审批节点「${nameOf(n)}」的上级层级必须在1到10之间`, nodeId: n.id };
      if (rule.type === 'superiors' && rule.untilRoleId !== undefined && !(Number.isSafeInteger(rule.untilRoleId) && rule.untilRoleId > 0))
        return { msg: `审批节点「${nameOf(n)}」的终止角色无效`, nodeId: n.id };
      if ((rule.type === 'formUser' || rule.type === 'formBranch') && !rule.field) return { msg: `审批节点「${nameOf(n)}」未选择表单字段`, nodeId: n.id };
    }
    if (k === 'cc' && !(n.config.cc?.length ?? 0)) return { msg: `抄送节点「${nameOf(n)}」未选择抄送人`, nodeId: n.id };
    const t = n.config.timeout;
    if (t && !(t.hours > 0 && t.hours <= 24 * 365)) return { msg: `节点「${nameOf(n)}」的超时时长不正确`, nodeId: n.id };
  }
  // A join must only be met by the branches of one split (else a token would wait forever).
  for (const n of flow.nodes) {
    if (n.config.kind !== 'join') continue;
    const splits = flow.nodes.filter((s) => s.config.kind === 'parallel' && matchingJoin(flow, s.id) === n.id);
    if (splits.length !== 1) return { msg: `汇聚节点「${nameOf(n)}」必须对应一个并行分支`, nodeId: n.id };
  }
  return null;
}

function asNumber(v: unknown): number | null {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))) return Number(v);
  return null;
}

function asText(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

/** True when one rule holds for the form values (numbers compare as numbers, the rest as text). */
export function ruleHolds(rule: ConditionRule, data: Record<string, unknown>): boolean {
  const actual = data[rule.field];
  if (rule.op === 'in') {
    const options = Array.isArray(rule.value) ? rule.value : String(rule.value).split(',');
    return options.map((o) => String(o).trim()).includes(asText(actual).trim());
  }
  const a = asNumber(actual);
  const b = asNumber(rule.value);
  if (a !== null && b !== null) {
    switch (rule.op) {
      case '>':
        return a > b;
      case '>=':
        return a >= b;
      case '<':
        return a < b;
      case '<=':
        return a <= b;
      case '==':
        return a === b;
      case '!=':
        return a !== b;
    }
  }
  if (rule.op === '==') return asText(actual) === asText(rule.value);
  if (rule.op === '!=') return asText(actual) !== asText(rule.value);
  return false;
}

/**
 * The nodes entered after `nodeId` completes: a condition split takes the first line (in drawing
 * order) whose rules all hold, else its default line; a parallel split takes every line; the rest
 * their one line.
 */
export function nextNodes(flow: WorlFlowJson, nodeId: string, data: Record<string, unknown>): string[] {
  const node = flow.nodes.find((n) => n.id === nodeId);
  const lines = flow.lines.filter((l) => l.from === nodeId);
  if (!node) return [];
  if (node.config.kind === 'condition') {
    const hit = lines.find((l) => !l.condition?.isDefault && (l.condition?.rules ?? []).length > 0 && l.condition!.rules.every((r) => ruleHolds(r, data)));
    const chosen = hit ?? lines.find((l) => l.condition?.isDefault);
    return chosen ? [chosen.to] : [];
  }
  return lines.map((l) => l.to);
}

/** Nodes upstream of `nodeId` (every node with a path to it). */
export function ancestors(flow: WorlFlowJson, nodeId: string): Set<string> {
  const inc = incoming(flow);
  const seen = new Set<string>();
  const stack = [nodeId];
  while (stack.length) {
    const id = stack.pop()!;
    for (const l of inc.get(id) ?? []) {
      if (!seen.has(l.from)) {
        seen.add(l.from);
        stack.push(l.from);
      }
    }
  }
  return seen;
}

export function findNode(flow: WorlFlowJson, nodeId: string): FlowNode | undefined {
  return flow.nodes.find((n) => n.id === nodeId);
}

export function startNode(flow: WorlFlowJson): FlowNode {
  const s = flow.nodes.find((n) => n.config.kind === 'start');
  if (!s) throw new Error('flow without a start node');
  return s;
}
