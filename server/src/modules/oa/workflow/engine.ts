import type { Resolution } from './approver-resolution';
import { findNode, isDecisionNode, matchingJoin, nextNodes, type ApproveMode, type FlowNode, type WorlFlowJson } from './flow-graph';

/**
 * The engine's planner: given the flow, the instance state and the nodes being entered, it walks
 * through the nodes that need nobody (conditions, parallel splits and joins, cc nodes, automatic
 * passes) and says which steps to open, whom to copy, what to log and whether the instance ended.
 * Pure; the service applies the plan in one transaction.
 */
export type InstanceState = {
  /** Parallel joins of the current round: branches expected and arrived. */
  joins: Record<string, { expect: number; arrived: number }>;
  /** The node that returned the record, while it is back upstream (for resume-at-returner). */
  returnedFrom?: string;
  /** Approvers the submitter picked at submission, by node id. */
  chosen: Record<string, number[]>;
};

export const emptyState = (): InstanceState => ({ joins: {}, chosen: {} });

export type OpenStep = { node: FlowNode; userIds: number[]; mode: ApproveMode; note?: string };
export type AutoLog = { nodeId: string; nodeName: string; action: 'auto'; ext: string };

export type Plan = {
  open: OpenStep[];
  cc: { nodeId: string; userIds: number[] }[];
  logs: AutoLog[];
  outcome: 'running' | 'passed' | 'refused';
  state: InstanceState;
};

export type PlanEnv = {
  flow: WorlFlowJson;
  data: Record<string, unknown>;
  submitterId: number;
  /** Approvers of a decision node, after the special cases. */
  resolve: (node: FlowNode) => Resolution;
};

/** Enters `nodeIds` and everything that follows without a person deciding. */
export function enterNodes(nodeIds: readonly string[], state: InstanceState, env: PlanEnv): Plan {
  const plan: Plan = { open: [], cc: [], logs: [], outcome: 'running', state: { ...state, joins: { ...state.joins } } };
  const queue = [...nodeIds];
  let guard = 0;
  while (queue.length > 0 && plan.outcome === 'running') {
    if (++guard > 1000) throw new Error('workflow planner did not terminate');
    const id = queue.shift()!;
    const node = findNode(env.flow, id);
    if (!node) continue;
    const kind = node.config.kind;
    const next = () => queue.push(...nextNodes(env.flow, id, env.data));
    if (kind === 'end') {
      plan.outcome = 'passed';
    } else if (kind === 'start') {
      // Entered again only by a return to the submitter: they resubmit (重新提交).
      plan.open.push({ node, userIds: [env.submitterId], mode: 'or' });
    } else if (kind === 'cc') {
      plan.cc.push({ nodeId: id, userIds: node.config.cc ?? [] });
      next();
    } else if (kind === 'condition') {
      next();
    } else if (kind === 'parallel') {
      const join = matchingJoin(env.flow, id);
      const targets = nextNodes(env.flow, id, env.data);
      if (join) plan.state.joins[join] = { expect: targets.length, arrived: 0 };
      queue.push(...targets);
    } else if (kind === 'join') {
      const j = plan.state.joins[id] ?? { expect: 1, arrived: 0 };
      const arrived = { expect: j.expect, arrived: j.arrived + 1 };
      plan.state.joins[id] = arrived;
      if (arrived.arrived >= arrived.expect) {
        delete plan.state.joins[id];
        next();
      }
    } else if (isDecisionNode(kind)) {
      const r = env.resolve(node);
      if (r.kind === 'users') {
        plan.open.push({ node, userIds: r.userIds, mode: kind === 'handler' ? 'or' : (node.config.mode ?? 'or'), note: r.note });
        if (r.note) plan.logs.push({ nodeId: id, nodeName: node.name, action: 'auto', ext: r.note });
      } else {
        plan.logs.push({ nodeId: id, nodeName: node.name, action: 'auto', ext: r.reason });
        if (r.kind === 'pass') next();
        else plan.outcome = 'refused';
      }
    }
  }
  return plan;
}

/** The nodes that follow a decided node: straight back to the returning node when the flow resumes there. */
export function afterNode(nodeId: string, state: InstanceState, env: PlanEnv, resumeAtReturner: boolean): { nodeIds: string[]; state: InstanceState } {
  const { returnedFrom, ...rest } = state;
  if (resumeAtReturner && returnedFrom && returnedFrom !== nodeId) return { nodeIds: [returnedFrom], state: rest };
  return { nodeIds: nextNodes(env.flow, nodeId, env.data), state: rest };
}
