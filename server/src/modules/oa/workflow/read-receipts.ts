/** Read receipts: 接收 (an approver receives a step) and the first open of an instance (cc copy read). */
import type { AppContext } from '../../../app-context';
import { badRequest, forbidden } from '../../../http/errors';
import type { Actor } from '../../auth/session/actor';
import { pushUnreadCount } from '../../notification/notify';
import { MSG_APPROVAL_NOT_FOUND, STEP_STATUS } from './workflow-store';

/** 接收: the approver's first open sets Status 1 and the read time (read receipt). Returns the step's Status. */
export async function receive(ctx: AppContext, actor: Actor, stepIds: number[]): Promise<number> {
  const now = ctx.clock().toISOString();
  let status = 0;
  for (const id of stepIds) {
    const step = await ctx.db.selectFrom('wf_steps').select(['id', 'user_id', 'status']).where('id', '=', id).executeTakeFirst();
    if (!step) throw badRequest(MSG_APPROVAL_NOT_FOUND);
    if (step.user_id !== actor.userId) throw forbidden('这不是你的审批');
    await ctx.db
      .updateTable('wf_steps')
      .set({ status: STEP_STATUS.received, received_at: now })
      .where('id', '=', id)
      .where('status', '=', STEP_STATUS.pending)
      .execute();
    status = step.status === STEP_STATUS.pending ? STEP_STATUS.received : step.status;
  }
  return status;
}

/** Marks the cc copy read, and the caller's pending steps received, when the instance is opened. */
export async function markOpened(ctx: AppContext, actor: Actor, taskId: number, submitterId?: number): Promise<void> {
  const now = ctx.clock().toISOString();
  const [cc, steps] = await Promise.all([
    ctx.db
      .updateTable('wf_cc')
      .set({ read_at: now })
      .where('instance_id', '=', taskId)
      .where('user_id', '=', actor.userId)
      .where('read_at', '=', '')
      .executeTakeFirst(),
    ctx.db
      .updateTable('wf_steps')
      .set({ status: STEP_STATUS.received, received_at: now })
      .where('instance_id', '=', taskId)
      .where('user_id', '=', actor.userId)
      .where('status', '=', STEP_STATUS.pending)
      .where('active', '=', 1)
      .executeTakeFirst(),
  ]);
  // A first read changes the submitter's read receipts (已查阅): their open tabs refetch the panel.
  const changed = Number(cc.numUpdatedRows) + Number(steps.numUpdatedRows) > 0;
  if (changed && submitterId !== undefined && submitterId !== actor.userId) await pushUnreadCount(ctx, submitterId).catch(() => undefined);
}
