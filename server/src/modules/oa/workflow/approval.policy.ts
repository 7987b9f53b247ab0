/**
 * Who may reach an approval (record policies, http/record-policy.ts):
 * - an instance (`taskid`): its submitter, its approvers and cc recipients, holders of 全部审批, and
 *   superiors of the submitter through 下属审批 (`approvalRole`);
 * - a step (`ids` of 同意 / 驳回 / 转交 / 接收, `stepid`): its approver alone. The decision re-reads the
 *   step under the instance's lock, since 转交 can hand it to someone else meanwhile.
 */
import type { ApprovalRole } from '@portal/shared-contract';
import type { DbOrTx } from '../../../db/database';
import { forbidden, notFound } from '../../../http/errors';
import { defineRecordPolicy } from '../../../http/record-policy';
import type { Actor } from '../../auth/session/actor';
import { hasRight } from '../../system/role/permission-tree';
import { loadInstance, MSG_APPROVAL_NOT_FOUND, subordinateIds, type InstanceRow } from './workflow-store';

export type { ApprovalRole };

/** The actor's part in the instance, or undefined when they may not open it. */
export async function approvalRole(db: DbOrTx, actor: Actor, inst: Pick<InstanceRow, 'id' | 'submitter_id'>): Promise<ApprovalRole | undefined> {
  if (inst.submitter_id === actor.userId) return 'submitter';
  const step = await db.selectFrom('wf_steps').select('id').where('instance_id', '=', inst.id).where('user_id', '=', actor.userId).executeTakeFirst();
  if (step) return 'approver';
  const cc = await db.selectFrom('wf_cc').select('id').where('instance_id', '=', inst.id).where('user_id', '=', actor.userId).executeTakeFirst();
  if (cc) return 'cc';
  if (hasRight(actor.rights, 'oa', 'approval/all')) return 'admin';
  if (hasRight(actor.rights, 'oa', 'approval/sub') && (await subordinateIds(db, actor.userId)).includes(inst.submitter_id)) return 'superior';
  return undefined;
}

/** The actor's part in the instance; 403 没有权限查看此审批 when they have none. */
export async function assertCanView(db: DbOrTx, actor: Actor, inst: Pick<InstanceRow, 'id' | 'submitter_id'>): Promise<ApprovalRole> {
  const role = await approvalRole(db, actor, inst);
  if (!role) throw forbidden('没有权限查看此审批');
  return role;
}

export async function canOpenApproval(db: DbOrTx, actor: Actor, instanceId: number): Promise<boolean> {
  const inst = await db.selectFrom('wf_instances').select(['id', 'submitter_id']).where('id', '=', instanceId).executeTakeFirst();
  return inst !== undefined && (await approvalRole(db, actor, inst)) !== undefined;
}

export const approvalRead = defineRecordPolicy({
  name: 'approval:read',
  summary: '审批：限发起人、审批人、抄送人、全部审批的持有人，以及下属审批的上级',
  labels: ['审批'],
  check: async (ctx, actor, ids) => {
    for (const id of ids) await assertCanView(ctx.db, actor, await loadInstance(ctx.db, id));
  },
});

export const approvalStep = defineRecordPolicy({
  name: 'approval:step',
  summary: '审批步骤：限该步骤的审批人',
  labels: ['审批步骤'],
  check: async (ctx, actor, ids) => {
    const steps = await ctx.db.selectFrom('wf_steps').select(['id', 'user_id']).where('id', 'in', ids).execute();
    if (steps.length !== ids.length) throw notFound(MSG_APPROVAL_NOT_FOUND);
    if (steps.some((s) => s.user_id !== actor.userId)) throw forbidden('这不是你的审批');
  },
});

export const approvalStepRead = defineRecordPolicy({
  name: 'approval:step-read',
  summary: '审批步骤：能查看该审批的人（发起人、审批人、抄送人、全部审批、下属审批的上级）',
  labels: ['审批步骤'],
  check: async (ctx, actor, ids) => {
    const steps = await ctx.db.selectFrom('wf_steps').select(['id', 'instance_id']).where('id', 'in', ids).execute();
    if (steps.length !== ids.length) throw notFound(MSG_APPROVAL_NOT_FOUND);
    for (const instanceId of new Set(steps.map((s) => s.instance_id))) await assertCanView(ctx.db, actor, await loadInstance(ctx.db, instanceId));
  },
});
