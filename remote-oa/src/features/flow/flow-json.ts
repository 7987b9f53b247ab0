/**
 * The designer's model and the adapter between the stored WorlFlowJson (easy-flow style of the
 * jsPlumb 2.x designers: `connector: ["Bezier", {…}]`, `anchors`, `paintStyle`, positions as "120px")
 * and what @jsplumb/browser-ui 6.x takes (`{type, options}`). Swapping the drawing library changes
 * this file and flow-canvas.tsx only; the stored shape stays the spec's.
 */
import type { FlowLine, FlowNode, NodeKind, WorlFlowJson } from '@portal/shared-contract';

export type JsPlumbConnector = { type: string; options: Record<string, unknown> };

const DEFAULT_CONNECTOR: JsPlumbConnector = { type: 'Bezier', options: { curviness: 50 } };

/** Stored connector (array or string or {type, options}) → jsPlumb 6 spec. */
export function toJsPlumbConnector(stored: unknown): JsPlumbConnector {
  if (Array.isArray(stored) && typeof stored[0] === 'string') return { type: stored[0], options: (stored[1] as Record<string, unknown>) ?? {} };
  if (typeof stored === 'string' && stored) return { type: stored, options: {} };
  if (stored && typeof stored === 'object' && typeof (stored as JsPlumbConnector).type === 'string')
    return { type: (stored as JsPlumbConnector).type, options: (stored as JsPlumbConnector).options ?? {} };
  return DEFAULT_CONNECTOR;
}

/** jsPlumb 6 spec → the stored array form. */
export function fromJsPlumbConnector(spec: JsPlumbConnector): [string, Record<string, unknown>] {
  return [spec.type, spec.options];
}

export const toPx = (v: number): string => `${Math.round(v)}px`;
export const fromPx = (v: number | string | undefined): number => (typeof v === 'number' ? v : Number.parseFloat(String(v ?? '0')) || 0);

export const PALETTE: { kind: NodeKind; name: string; ico: string; bgcolor?: string }[] = [
  { kind: 'start', name: '发起人', ico: 'el-icon-user', bgcolor: '#e6f7ff' },
  { kind: 'approver', name: '审批人', ico: 'el-icon-s-check' },
  { kind: 'handler', name: '办理人', ico: 'el-icon-s-claim' },
  { kind: 'cc', name: '抄送', ico: 'el-icon-message' },
  { kind: 'condition', name: '条件分支', ico: 'el-icon-share' },
  { kind: 'parallel', name: '并行分支', ico: 'el-icon-s-operation' },
  { kind: 'join', name: '汇聚', ico: 'el-icon-connection' },
  { kind: 'end', name: '结束', ico: 'el-icon-circle-check', bgcolor: '#f6ffed' },
];

export const KIND_TEXT: Record<NodeKind, string> = {
  start: '开始',
  approver: '审批',
  handler: '办理',
  cc: '抄送',
  condition: '条件',
  parallel: '并行',
  join: '汇聚',
  end: '结束',
};

/** A new node of `kind` at (left, top), with an id not used yet. */
export function newNode(flow: WorlFlowJson, kind: NodeKind, left: number, top: number): FlowNode {
  const item = PALETTE.find((p) => p.kind === kind) ?? PALETTE[1];
  let n = flow.nodes.length + 1;
  while (flow.nodes.some((x) => x.id === `node${n}`)) n++;
  const config: FlowNode['config'] =
    kind === 'approver' || kind === 'handler'
      ? { kind, approver: { type: 'head' }, mode: 'or', emptyRule: 'admin' }
      : kind === 'cc'
        ? { kind, cc: [] }
        : { kind };
  return { id: `node${n}`, name: item.name, ico: item.ico, left: toPx(left), top: toPx(top), ...(item.bgcolor ? { bgcolor: item.bgcolor } : {}), config };
}

/** Adds a line (not a duplicate, not a loop on one node); lines leaving a condition split get a rule list. */
export function addLine(flow: WorlFlowJson, from: string, to: string): WorlFlowJson {
  if (from === to || flow.lines.some((l) => l.from === from && l.to === to)) return flow;
  const source = flow.nodes.find((n) => n.id === from);
  const line: FlowLine = {
    from,
    to,
    label: '',
    connector: fromJsPlumbConnector(DEFAULT_CONNECTOR),
    anchors: ['Bottom', 'Top'],
    paintStyle: { stroke: '#8c8c8c', strokeWidth: 2 },
  };
  if (source?.config.kind === 'condition') {
    const first = !flow.lines.some((l) => l.from === from);
    line.condition = first ? { rules: [{ field: '', op: '>', value: '' }] } : { rules: [], isDefault: true };
    line.label = first ? '条件' : '其他';
  }
  return { ...flow, lines: [...flow.lines, line] };
}

export function removeNode(flow: WorlFlowJson, id: string): WorlFlowJson {
  return { ...flow, nodes: flow.nodes.filter((n) => n.id !== id), lines: flow.lines.filter((l) => l.from !== id && l.to !== id) };
}

export function moveNode(flow: WorlFlowJson, id: string, left: number, top: number): WorlFlowJson {
  return { ...flow, nodes: flow.nodes.map((n) => (n.id === id ? { ...n, left: toPx(Math.max(0, left)), top: toPx(Math.max(0, top)) } : n)) };
}

export function updateNode(flow: WorlFlowJson, id: string, change: Partial<FlowNode>): WorlFlowJson {
  return { ...flow, nodes: flow.nodes.map((n) => (n.id === id ? { ...n, ...change } : n)) };
}

export const lineKey = (l: Pick<FlowLine, 'from' | 'to'>) => `${l.from}->${l.to}`;

export function updateLine(flow: WorlFlowJson, key: string, change: Partial<FlowLine>): WorlFlowJson {
  return { ...flow, lines: flow.lines.map((l) => (lineKey(l) === key ? { ...l, ...change } : l)) };
}

export function removeLine(flow: WorlFlowJson, key: string): WorlFlowJson {
  return { ...flow, lines: flow.lines.filter((l) => lineKey(l) !== key) };
}

/** The starting point of a new flow: 发起人 → 审批人（部门负责人） → 结束. */
export function starterFlow(): WorlFlowJson {
  let flow: WorlFlowJson = {
    nodes: [],
    lines: [],
    settings: { duplicateRule: 'none', resumeAtReturner: false, revokeBeforeDecisionOnly: false, holidays: [] },
  };
  const s = { ...newNode(flow, 'start', 240, 20) };
  flow = { ...flow, nodes: [s] };
  const a = newNode(flow, 'approver', 240, 140);
  flow = { ...flow, nodes: [...flow.nodes, { ...a, name: '部门负责人' }] };
  const e = newNode(flow, 'end', 240, 260);
  flow = { ...flow, nodes: [...flow.nodes, e] };
  return addLine(addLine(flow, s.id, a.id), a.id, e.id);
}
