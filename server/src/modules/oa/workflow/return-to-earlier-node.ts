/** 退回: the nodes a step may return to, and returning there (a new round from that node). */
import type { ReturnTarget } from '@portal/shared-contract';
import type { AppContext } from '../../../app-context';
import type { DbOrTx } from '../../../db/database';
import type { ListReply } from '../../../http/envelope';
import { badRequest } from '../../../http/errors';
import type { Actor } from '../../auth/session/actor';
import { notify } from '../../notification/notify';
import { enterNodes, type InstanceState } from './engine';
import { ancestors, findNode, startNode, type WorlFlowJson } from './flow-graph';
import { loadInstance, loadVersion, STEP_STATUS, type InstanceRow } from './workflow-store';
import { applyPlan, approvedSets, closeOpenSteps, closeStep, log, planEnv, type Engine, type StepRow } from './approval-progress';
import type { DecideInput } from './decide-step';

/** Nodes a step may return to: passed in this instance, upstream of the step's node, plus the start (the submitter). */
export async function passedNodes(tx: DbOrTx, inst: InstanceRow, flow: WorlFlowJson, fromNodeId: string): Promise<ReturnTarget[]> {
  const upstream = ancestors(flow, fromNodeId);
  const start = startNode(flow);
  const rows = await tx
    .selectFrom('wf_steps as s')
    .leftJoin('users as u', 'u.id', 's.user_id')
    .select(['s.node_id', 's.step_name', 'u.nick_name', 's.id'])
    .where('s.instance_id', '=', inst.id)
    .where('s.outcome', '=', 'approved')
    .orderBy('s.id')
    .execute();
  const submitter = await tx.selectFrom('users').select('nick_name').where('id', '=', inst.submitter_id).executeTakeFirst();
  const out = [{ NodeID: start.id, StepName: start.name || '发起人', UserName: submitter?.nick_name ?? '' }];
  for (const r of rows) {
    if (!upstream.has(r.node_id) || out.some((o) => o.NodeID === r.node_id)) continue;
    out.push({ NodeID: r.node_id, StepName: r.step_name, UserName: r.nick_name ?? '' });
  }
  return out;
}

/**
 * 退回: the step goes back to a node passed in this instance (passedNodes); a new round starts there,
 * and the submitter is told.
 */
export async function returnToEarlierNode(
  e: Engine,
  inst: InstanceRow,
  step: StepRow,
  input: DecideInput,
  byUserId: number | null,
  state: InstanceState,
): Promise<InstanceRow> {
  const target = input.nodeId ?? '';
  const allowed = await passedNodes(e.tx, inst, e.flow, step.node_id);
  if (!allowed.some((a) => a.NodeID === target)) throw badRequest('只能退回到已经审批通过的节点');
  await closeStep(e, step, STEP_STATUS.notPassed, 'returned', input.ext);
  await closeOpenSteps(e, inst.id);
  const targetNode = findNode(e.flow, target)!;
  await log(e, inst.id, {
    stepId: step.id,
    nodeId: step.node_id,
    nodeName: step.step_name,
    userId: byUserId,
    action: 'return',
    ext: `退回到「${targetNode.name}」${input.ext ? `：${input.ext}` : ''}`,
    files: input.files,
  });
  const next: InstanceRow = { ...inst, round: inst.round + 1 };
  await e.tx.updateTable('wf_instances').set({ round: next.round }).where('id', '=', inst.id).execute();
  const nextState: InstanceState = { ...state, joins: {}, returnedFrom: step.node_id };
  const sets = await approvedSets(e.tx, next, null);
  const env = planEnv(e, next, nextState, sets);
  const plan = enterNodes([target], nextState, env);
  await notify(
    e.ctx,
    {
      userIds: [inst.submitter_id],
      cont: `你的审批「${inst.title}」被退回到「${targetNode.name}」${input.ext ? `：${input.ext}` : ''}`,
      kind: 'approval',
      modelType: 'approval',
      modelId: inst.id,
    },
    e.tx,
  );
  return applyPlan(e, next, plan);
}

/** findStepsPassed: where the caller's open step (or `stepId`) may return to; none without an open step. */
export async function returnTargets(ctx: AppContext, actor: Actor, taskId: number, stepId?: number): Promise<ListReply<ReturnTarget>> {
  const inst = await loadInstance(ctx.db, taskId);
  let q = ctx.db.selectFrom('wf_steps').select('node_id').where('instance_id', '=', inst.id).where('user_id', '=', actor.userId).where('status', '<', 3);
  if (stepId) q = q.where('id', '=', stepId);
  const mine = await q.executeTakeFirst();
  if (!mine) return { rows: [], total: 0 };
  const rows = await passedNodes(ctx.db, inst, await loadVersion(ctx.db, inst.version_id), mine.node_id);
  return { rows, total: rows.length };
}
