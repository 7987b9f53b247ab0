/**
 * When a person leaves (离职), the approval steps waiting on them go to their 上级 — or, when the
 * superior has left too, is already on that node or there is none, to the flow's creator, else to an
 * administrator (never to someone already deciding on that node) — each with a log entry saying why, and the new approver is notified. Runs inside the
 * departure's transaction, so the person is never departed with steps still waiting on them.
 */
import type { AppContext } from '../../../app-context';
import type { DbTx } from '../../../db/database';
import { notifyApprovalWaiting } from '../../notification/approval-waiting';
import { loadOrg, STEP_STATUS } from './workflow-store';

export type HandOver = { stepId: number; instanceId: number; toUserId: number };

export async function handOverOpenSteps(ctx: AppContext, tx: DbTx, departedUserId: number, byUserId: number | null): Promise<HandOver[]> {
  const steps = await tx
    .selectFrom('wf_steps as s')
    .innerJoin('wf_instances as i', 'i.id', 's.instance_id')
    .innerJoin('wf_flows as f', 'f.id', 'i.flow_id')
    .select(['s.id', 's.instance_id', 's.node_id', 's.step_name', 's.node_kind', 'i.round', 'i.title', 'f.created_by'])
    .where('s.user_id', '=', departedUserId)
    .where('s.status', '<', STEP_STATUS.completed)
    .where('s.node_kind', '!=', 'start')
    .execute();
  if (steps.length === 0) return [];
  const org = await loadOrg(tx);
  const employed = (id: number | null | undefined): id is number => id != null && id !== departedUserId && org.users.get(id)?.employed === true;
  const names = new Map((await tx.selectFrom('users').select(['id', 'nick_name']).execute()).map((u) => [u.id, u.nick_name]));
  const done: HandOver[] = [];
  for (const step of steps) {
    const onNode = new Set(
      (
        await tx
          .selectFrom('wf_steps')
          .select('user_id')
          .where('instance_id', '=', step.instance_id)
          .where('node_id', '=', step.node_id)
          .where('round', '=', step.round)
          .where('status', '<', STEP_STATUS.completed)
          .execute()
      ).map((s) => s.user_id),
    );
    const candidates = [org.users.get(departedUserId)?.superiorId, step.created_by, ...org.admins];
    const to = candidates.find((id): id is number => employed(id) && !onNode.has(id));
    const reason = `${names.get(departedUserId) ?? ''}已离职`;
    if (to === undefined) {
      // Everyone who could take it is already on this node or gone: the step stays, logged, for an
      // administrator to see in 全部审批.
      await logHandOver(ctx, tx, step, byUserId, `${reason}，无可接手的审批人`);
      continue;
    }
    await tx
      .updateTable('wf_steps')
      .set({ user_id: to, forwarded_from: departedUserId, status: STEP_STATUS.pending, received_at: '' })
      .where('id', '=', step.id)
      .execute();
    await logHandOver(ctx, tx, step, byUserId, `${reason}，转交给 ${names.get(to) ?? ''}`);
    await notifyApprovalWaiting(ctx, { userIds: [to], title: step.title, taskId: step.instance_id }, tx);
    done.push({ stepId: step.id, instanceId: step.instance_id, toUserId: to });
  }
  return done;
}

async function logHandOver(
  ctx: AppContext,
  tx: DbTx,
  step: { id: number; instance_id: number; node_id: string; step_name: string },
  byUserId: number | null,
  ext: string,
): Promise<void> {
  await tx
    .insertInto('wf_logs')
    .values({
      instance_id: step.instance_id,
      step_id: step.id,
      node_id: step.node_id,
      node_name: step.step_name,
      user_id: byUserId,
      action: 'handover',
      type: 1,
      ext,
      files: '',
      created_at: ctx.clock().toISOString(),
    })
    .execute();
}
