/**
 * The flow diagram of the approval panel (spec §4): the instance's flow version drawn read-only,
 * nodes whose step is completed (Status 3) tinted light green, and the current handlers (an open
 * step) listed under their node. Plain React and SVG: the panel needs no editing library.
 */
import { Typography } from 'antd';
import { STEP_STATUS } from '@portal/shared-core';
import type { ApprovalStep, WorlFlowJson } from '@portal/shared-contract';

export const NODE_WIDTH = 132;
export const NODE_HEIGHT = 44;
export const COMPLETED_COLOUR = '#d9f7be';
const CURRENT_COLOUR = '#e6f4ff';

export const px = (v: number | string | undefined): number => (typeof v === 'number' ? v : Number.parseFloat(String(v ?? '0')) || 0);

export type NodeState = { completed: boolean; handlers: string[] };

/**
 * Per node: completed (its latest step, across rounds, passed with Status 3: a node returned to and
 * decided again counts once decided again) and who handles it now (open steps of the current round).
 * Once the instance has passed, the start and end nodes and every condition/parallel node between
 * two completed nodes are completed too, so a passed instance's path shows all green.
 */
export function nodeStates(steps: readonly ApprovalStep[], flow?: WorlFlowJson, passed = false): Map<string, NodeState> {
  const round = Math.max(0, ...steps.map((s) => s.round));
  const out = new Map<string, NodeState>();
  const latest = new Map<string, ApprovalStep>();
  for (const s of steps) {
    const prev = latest.get(s.NodeID);
    if (!prev || s.round > prev.round || (s.round === prev.round && s.Status === STEP_STATUS.completed && s.outcome === 'approved')) latest.set(s.NodeID, s);
  }
  for (const s of steps) {
    const state = out.get(s.NodeID) ?? { completed: false, handlers: [] };
    const last = latest.get(s.NodeID);
    if (last && last.Status === STEP_STATUS.completed && last.outcome === 'approved') state.completed = true;
    if (s.round === round && s.Status < STEP_STATUS.completed && s.active === 1 && !state.handlers.includes(s.UserName)) state.handlers.push(s.UserName);
    out.set(s.NodeID, state);
  }
  if (passed && flow) {
    const done = (id: string) => out.get(id)?.completed === true;
    const mark = (id: string) => out.set(id, { ...(out.get(id) ?? { handlers: [] }), completed: true });
    for (const n of flow.nodes) if (n.config?.kind === 'start' || n.config?.kind === 'end') mark(n.id);
    for (let changed = true; changed;) {
      changed = false;
      for (const n of flow.nodes) {
        if (done(n.id) || n.config?.kind === 'approver' || n.config?.kind === 'handler') continue;
        if (flow.lines.some((l) => l.to === n.id && done(l.from)) && flow.lines.some((l) => l.from === n.id && done(l.to))) {
          mark(n.id);
          changed = true;
        }
      }
    }
  }
  return out;
}

export function FlowDiagram({ flow, steps, passed = false }: { flow: WorlFlowJson; steps: readonly ApprovalStep[]; passed?: boolean }) {
  const states = nodeStates(steps, flow, passed);
  const byId = new Map(flow.nodes.map((n) => [n.id, n]));
  const width = Math.max(400, ...flow.nodes.map((n) => px(n.left) + NODE_WIDTH + 40));
  const height = Math.max(200, ...flow.nodes.map((n) => px(n.top) + NODE_HEIGHT + 48));
  const centre = (id: string) => {
    const n = byId.get(id);
    return { x: px(n?.left) + NODE_WIDTH / 2, y: px(n?.top) + NODE_HEIGHT / 2 };
  };
  return (
    <div style={{ position: 'relative', width, height, overflow: 'auto' }} aria-label="流程图">
      <svg width={width} height={height} style={{ position: 'absolute', inset: 0 }}>
        <defs>
          <marker id="flow-arrow" markerWidth="8" markerHeight="8" refX="6" refY="4" orient="auto">
            <path d="M0,0 L8,4 L0,8 z" fill="#8c8c8c" />
          </marker>
        </defs>
        {flow.lines.map((l) => {
          const a = centre(l.from);
          const b = centre(l.to);
          return (
            <g key={`${l.from}-${l.to}`}>
              <line x1={a.x} y1={a.y + NODE_HEIGHT / 2} x2={b.x} y2={b.y - NODE_HEIGHT / 2} stroke="#8c8c8c" markerEnd="url(#flow-arrow)" />
              {l.label ? (
                <text x={(a.x + b.x) / 2 + 4} y={(a.y + b.y) / 2} fontSize={12} fill="#595959">
                  {l.label}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
      {flow.nodes.map((n) => {
        const st = states.get(n.id);
        const background = st?.completed ? COMPLETED_COLOUR : st?.handlers.length ? CURRENT_COLOUR : n.bgcolor || '#fff';
        return (
          <div
            key={n.id}
            data-node={n.id}
            data-completed={st?.completed ? 'true' : 'false'}
            style={{
              position: 'absolute',
              left: px(n.left),
              top: px(n.top),
              width: NODE_WIDTH,
              minHeight: NODE_HEIGHT,
              border: '1px solid #d9d9d9',
              borderRadius: 6,
              background,
              padding: '4px 8px',
              textAlign: 'center',
              fontSize: 13,
            }}
          >
            <div>{n.name}</div>
            {st?.handlers.length ? (
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                当前处理：{st.handlers.join('、')}
              </Typography.Text>
            ) : null}
          </div>
        );
      })}
    </div>
  );
}
