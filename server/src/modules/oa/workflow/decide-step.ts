/** 同意 / 退回 / 不通过 on an open step, and the node's outcome (会签, 或签, 依次) that follows. */
import type { DecisionResult } from '@portal/shared-contract';
import type { AppContext } from '../../../app-context';
import { transact } from '../../../db/transact';
import { badRequest } from '../../../http/errors';
import type { Actor } from '../../auth/session/actor';
import { notifyApprovalWaiting } from '../../notification/approval-waiting';
import { afterNode, enterNodes } from './engine';
import { findNode } from './flow-graph';
import { decideNode, type Vote } from './node-decision';
import { linkApprovalFiles } from './approval-files';
import { parseState, STEP_STATUS, type InstanceRow } from './workflow-store';
import {
  assertText,
  assertEmployed,
  type Engine,
  log,
  addCc,
  approvedSets,
  planEnv,
  applyPlan,
  closeOpenSteps,
  engineFor,
  type StepRow,
  openStepOf,
  closeStep,
} from './approval-progress';
import { returnToEarlierNode } from './return-to-earlier-node';

export type DecideInput = {
  stepId: number;
  action: 'approve' | 'return' | 'refuse';
  ext: string;
  /** Return target (a node passed in this instance). */
  nodeId?: string;
  cc?: number[];
  files?: string;
};

/** Core of a decision on an open step (also used by timeouts with `byUserId` null = the system). */
export async function decideLocked(e: Engine, inst: InstanceRow, step: StepRow, input: DecideInput, byUserId: number | null): Promise<InstanceRow> {
  assertText(input.ext);
  const node = findNode(e.flow, step.node_id);
  if (!node) throw badRequest('流程节点不存在');
  const isStart = node.config.kind === 'start';
  const state = parseState(inst.state);
  const resume = e.flow.settings?.resumeAtReturner === true;
  if (input.cc?.length) {
    await assertEmployed(e.tx, input.cc, '抄送人');
    await addCc(e, inst, input.cc, byUserId ?? step.user_id, step.node_id);
  }

  if (input.action === 'return') {
    if (isStart) throw badRequest('发起节点不能退回');
    return returnToEarlierNode(e, inst, step, input, byUserId, state);
  }

  const approve = input.action === 'approve';
  if (!approve && isStart) throw badRequest('发起节点不能拒绝，请撤回');
  await closeStep(e, step, approve ? STEP_STATUS.completed : STEP_STATUS.notPassed, approve ? 'approved' : 'refused', input.ext);
  await log(e, inst.id, {
    stepId: step.id,
    nodeId: step.node_id,
    nodeName: step.step_name,
    userId: byUserId,
    action: isStart ? 'resubmit' : approve ? 'approve' : 'refuse',
    ext: input.ext || (isStart ? '重新提交' : approve ? '同意' : '不同意'),
    files: input.files,
  });
  const nodeSteps = await e.tx
    .selectFrom('wf_steps')
    .select(['id', 'outcome', 'seq', 'active', 'status', 'user_id'])
    .where('instance_id', '=', inst.id)
    .where('node_id', '=', step.node_id)
    .where('round', '=', inst.round)
    .where('outcome', '!=', 'closed')
    .orderBy('seq')
    .execute();
  const votes: Vote[] = nodeSteps.map((s) => (s.outcome === 'approved' ? 'approved' : s.outcome === 'refused' ? 'refused' : 'open'));
  const decision = decideNode(step.mode === 'and' || step.mode === 'seq' ? step.mode : 'or', votes, node.config.rejectQuorum ?? 1);

  if (decision === 'open') {
    if (step.mode === 'seq') {
      const nextStep = nodeSteps.find((s) => s.active === 0 && s.status < 3);
      if (nextStep) {
        await e.tx.updateTable('wf_steps').set({ active: 1, created_at: e.now.toISOString() }).where('id', '=', nextStep.id).execute();
        await notifyApprovalWaiting(e.ctx, { userIds: [nextStep.user_id], title: inst.title, taskId: inst.id }, e.tx);
      }
    }
    await e.tx.updateTable('wf_instances').set({ updated_at: e.now.toISOString() }).where('id', '=', inst.id).execute();
    return inst;
  }
  await closeOpenSteps(e, inst.id, step.node_id);
  if (decision === 'refused') {
    const refusedState = { ...state, joins: {} };
    return applyPlan(e, inst, { open: [], cc: [], logs: [], outcome: 'refused', state: refusedState });
  }
  const sets = await approvedSets(e.tx, inst, step.node_id);
  const env = planEnv(e, inst, state, sets);
  const { nodeIds, state: nextState } = afterNode(step.node_id, state, env, resume);
  const plan = enterNodes(nodeIds, nextState, env);
  return applyPlan(e, inst, plan);
}

export type { DecisionResult };

/** 同意 / 退回 / 不通过 on each of `stepIds` (the spec's `ids`); each is its own transaction. */
export async function decide(ctx: AppContext, actor: Actor, stepIds: number[], input: Omit<DecideInput, 'stepId'>): Promise<DecisionResult> {
  let result: DecisionResult = { Status: 0, recordStatus: 0, taskId: 0 };
  for (const stepId of stepIds) {
    result = await transact(ctx, async (tx) => {
      const { step, inst } = await openStepOf(ctx, tx, actor.userId, stepId);
      const e = await engineFor(ctx, tx, inst);
      await linkApprovalFiles(tx, actor, inst.id, input.files);
      const after = await decideLocked(e, inst, step, { ...input, stepId }, actor.userId);
      const final = await tx.selectFrom('wf_steps').select('status').where('id', '=', stepId).executeTakeFirstOrThrow();
      return { Status: final.status, recordStatus: after.status, taskId: inst.id };
    });
  }
  return result;
}
