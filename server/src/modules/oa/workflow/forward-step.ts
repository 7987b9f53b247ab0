/** 转交: handing one's open step to a colleague. */
import type { AppContext } from '../../../app-context';
import { transact } from '../../../db/transact';
import { badRequest } from '../../../http/errors';
import type { Actor } from '../../auth/session/actor';
import { notifyApprovalWaiting } from '../../notification/approval-waiting';
import { STEP_STATUS } from './workflow-store';
import { conflict, assertText, log, engineFor, openStepOf } from './approval-progress';
import type { DecisionResult } from './decide-step';
import { userIdsOfValue } from './approver-resolution';

/** 转交: the step's assignee changes to one employed colleague (not oneself); the original stays in the log. */
export async function forward(ctx: AppContext, actor: Actor, stepIds: number[], toUserId: number, ext: string): Promise<DecisionResult> {
  assertText(ext);
  if (toUserId === actor.userId) throw badRequest('不能转交给自己');
  let result: DecisionResult = { Status: 0, recordStatus: 0, taskId: 0 };
  for (const stepId of stepIds) {
    result = await transact(ctx, async (tx) => {
      const { step, inst } = await openStepOf(ctx, tx, actor.userId, stepId);
      if (step.node_kind === 'start') throw badRequest('发起节点不能转交');
      const target = await tx.selectFrom('users').select(['id', 'nick_name', 'quit_status']).where('id', '=', toUserId).executeTakeFirst();
      if (!target) throw badRequest('转交人不存在');
      if (target.quit_status !== 0) throw badRequest('转交人已离职，请重新选择');
      const already = await tx
        .selectFrom('wf_steps')
        .select('id')
        .where('instance_id', '=', inst.id)
        .where('node_id', '=', step.node_id)
        .where('round', '=', inst.round)
        .where('user_id', '=', toUserId)
        .where('status', '<', 3)
        .executeTakeFirst();
      if (already) throw badRequest('该同事已是此节点的审批人');
      const res = await tx
        .updateTable('wf_steps')
        .set({ user_id: toUserId, forwarded_from: actor.userId, status: STEP_STATUS.pending, received_at: '' })
        .where('id', '=', step.id)
        .where('status', '<', 3)
        .executeTakeFirst();
      if (Number(res.numUpdatedRows) !== 1) throw conflict();
      const e = await engineFor(ctx, tx, inst);
      await log(e, inst.id, {
        stepId: step.id,
        nodeId: step.node_id,
        nodeName: step.step_name,
        userId: actor.userId,
        action: 'forward',
        ext: `转交给 ${target.nick_name}${ext ? `：${ext}` : ''}`,
      });
      await notifyApprovalWaiting(ctx, { userIds: [toUserId], title: inst.title, taskId: inst.id }, tx);
      return { Status: STEP_STATUS.pending, recordStatus: inst.status, taskId: inst.id };
    });
  }
  return result;
}

/** The colleague a step is forwarded to, as the client sends them: exactly one. */
export function forwardTarget(value: unknown): number {
  const [to, more] = userIdsOfValue(value);
  if (!to) throw badRequest('请选择转交人');
  if (more) throw badRequest('只能转交给一个人');
  return to;
}
