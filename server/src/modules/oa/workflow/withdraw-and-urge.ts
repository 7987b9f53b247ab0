/** The submitter's 撤回 (withdraw) and 催办 (urge). */
import type { AppContext } from '../../../app-context';
import { transact } from '../../../db/transact';
import { badRequest, forbidden } from '../../../http/errors';
import type { Actor } from '../../auth/session/actor';
import { notify } from '../../notification/notify';
import { followStatus, INSTANCE_STATUS, lockInstance } from './workflow-store';
import { log, names, closeOpenSteps, engineFor } from './approval-progress';

export const URGE_INTERVAL_MS = 30 * 60_000;
export const MSG_URGE_TOO_OFTEN = '30分钟内只能催办一次';

/** 撤回 by the submitter while the instance runs; with the flow setting, only before anyone decided. */
export async function revoke(ctx: AppContext, actor: Actor, taskId: number): Promise<number> {
  return transact(ctx, async (tx) => {
    const inst = await lockInstance(ctx, tx, taskId);
    if (inst.submitter_id !== actor.userId) throw forbidden('只有发起人可以撤回');
    if (inst.status !== INSTANCE_STATUS.reviewing && inst.status !== INSTANCE_STATUS.waiting) throw badRequest('审批已结束，不能撤回');
    const e = await engineFor(ctx, tx, inst);
    if (e.flow.settings?.revokeBeforeDecisionOnly) {
      const decided = await tx
        .selectFrom('wf_steps')
        .select('id')
        .where('instance_id', '=', inst.id)
        .where('node_kind', '!=', 'start')
        .where('outcome', 'in', ['approved', 'refused', 'returned'])
        .executeTakeFirst();
      if (decided) throw badRequest('已有审批人处理，不能撤回');
    }
    await closeOpenSteps(e, inst.id);
    await tx
      .updateTable('wf_instances')
      .set({ status: INSTANCE_STATUS.withdrawn, updated_at: e.now.toISOString(), finished_at: e.now.toISOString() })
      .where('id', '=', inst.id)
      .execute();
    await followStatus(tx, inst.form_mode, inst.record_id, INSTANCE_STATUS.withdrawn, inst.id);
    await log(e, inst.id, { userId: actor.userId, action: 'revoke', ext: '发起人撤回' });
    return INSTANCE_STATUS.withdrawn;
  });
}

/** 催办: the submitter nudges the current approvers, once per 30 minutes per instance (a conditional update), logged. */
export async function urge(ctx: AppContext, actor: Actor, taskId: number): Promise<number> {
  return transact(ctx, async (tx) => {
    const inst = await lockInstance(ctx, tx, taskId);
    if (inst.submitter_id !== actor.userId) throw forbidden('只有发起人可以催办');
    if (inst.status !== INSTANCE_STATUS.reviewing) throw badRequest('审批不在进行中，无需催办');
    const now = ctx.clock();
    const since = new Date(now.getTime() - URGE_INTERVAL_MS).toISOString();
    const res = await tx
      .updateTable('wf_instances')
      .set({ last_urged_at: now.toISOString() })
      .where('id', '=', inst.id)
      .where((eb) => eb.or([eb('last_urged_at', '=', ''), eb('last_urged_at', '<=', since)]))
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) !== 1) throw badRequest(MSG_URGE_TOO_OFTEN);
    const open = await tx.selectFrom('wf_steps').select('user_id').where('instance_id', '=', inst.id).where('status', '<', 3).where('active', '=', 1).execute();
    const userIds = [...new Set(open.map((s) => s.user_id))];
    const e = await engineFor(ctx, tx, inst);
    await log(e, inst.id, { userId: actor.userId, action: 'urge', ext: `催办 ${await names(tx, userIds)}` });
    await notify(ctx, { userIds, cont: `${actor.nickName} 催你审批：${inst.title}`, kind: 'approval', modelType: 'approval', modelId: inst.id }, tx);
    return userIds.length;
  });
}
