/** 评论 and 抄送 from the approval panel. */
import type { AppContext } from '../../../app-context';
import { transact } from '../../../db/transact';
import { badRequest, forbidden } from '../../../http/errors';
import type { Actor } from '../../auth/session/actor';
import { linkApprovalFiles } from './approval-files';
import { lockInstance } from './workflow-store';
import { CC_MAX, assertText, assertEmployed, log, addCc, engineFor } from './approval-progress';
import { assertCanView } from './approval.policy';

/** 评论: anyone who may see the instance; ≤300 characters. */
export async function comment(ctx: AppContext, actor: Actor, taskId: number, ext: string, files: string, cc: number[]): Promise<void> {
  assertText(ext, '评论内容');
  if (!ext.trim()) throw badRequest('评论内容不能为空');
  await transact(ctx, async (tx) => {
    const inst = await lockInstance(ctx, tx, taskId);
    const e = await engineFor(ctx, tx, inst);
    await log(e, inst.id, { userId: actor.userId, action: 'comment', ext, files });
    await linkApprovalFiles(tx, actor, inst.id, files);
    if (cc.length) {
      await assertEmployed(tx, cc, '抄送人');
      await addCc(e, inst, cc, actor.userId, '');
    }
  });
}

/** 抄送 from the panel (an approver or the submitter adds people). */
export async function addCcByUser(ctx: AppContext, actor: Actor, taskId: number, cc: number[]): Promise<void> {
  if (cc.length === 0) throw badRequest('请选择抄送人');
  await transact(ctx, async (tx) => {
    const inst = await lockInstance(ctx, tx, taskId);
    const role = await assertCanView(tx, actor, inst);
    if (role !== 'submitter' && role !== 'approver') throw forbidden('只有发起人和审批人可以抄送');
    const count = await tx
      .selectFrom('wf_cc')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('instance_id', '=', inst.id)
      .where('from_user_id', '=', actor.userId)
      .executeTakeFirstOrThrow();
    if (Number(count.n) + cc.length > CC_MAX) throw badRequest(`抄送人最多${CC_MAX}个`);
    await assertEmployed(tx, cc, '抄送人');
    await addCc(await engineFor(ctx, tx, inst), inst, cc, actor.userId, '');
  });
}

/** The instance a comment is on: `taskId`, or the instance of the first of `stepIds`. */
export async function commentedTask(ctx: AppContext, taskId: number | undefined, stepIds: number[] | undefined): Promise<number> {
  let id = taskId;
  if (!id && stepIds?.length) id = (await ctx.db.selectFrom('wf_steps').select('instance_id').where('id', '=', stepIds[0]).executeTakeFirst())?.instance_id;
  if (!id) throw badRequest('请选择审批');
  return id;
}
