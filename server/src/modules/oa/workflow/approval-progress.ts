/**
 * Moving an approval instance along (the run-time core under submit-approval.ts, decide-step.ts,
 * return-to-earlier-node.ts and the other commands): applying the engine's plan (opening steps,
 * copies, log, the end of the instance), the caller's open step and closing it.
 *
 * Every command is one transaction that locks the instance first and changes a step only while it
 * is still open (a conditional update), so a double click or two 或签 approvers racing end in
 * exactly one decision; the other caller gets 该审批已被处理. Steps, instance and business record
 * change together.
 */
import { CC_MAX } from '@portal/shared-contract';
import type { AppContext } from '../../../app-context';
import type { DbTx } from '../../../db/database';
import { badRequest, forbidden, HttpError } from '../../../http/errors';
import { notifyApprovalWaiting } from '../../notification/approval-waiting';
import { notify } from '../../notification/notify';
import { resolveApprovers, type Org } from './approver-resolution';
import type { InstanceState, Plan, PlanEnv } from './engine';
import type { FlowNode, WorlFlowJson } from './flow-graph';
import { deadline } from './working-time';
import {
  followStatus,
  INSTANCE_STATUS,
  loadOrg,
  loadVersion,
  lockInstance,
  MSG_ALREADY_HANDLED,
  MSG_APPROVAL_NOT_FOUND,
  parseData,
  STEP_STATUS,
  type InstanceRow,
} from './workflow-store';

/** At most this many people copied by one person (the cc list's limit, from the wire contract). */
export { CC_MAX };
export const TEXT_MAX = 300;

export const conflict = () => new HttpError(409, MSG_ALREADY_HANDLED);

export function assertText(ext: string, label = '审批意见'): void {
  if ([...ext].length > TEXT_MAX) throw badRequest(`${label}不能超过${TEXT_MAX}个字符`);
}

export async function assertEmployed(tx: DbTx, ids: number[], label: string): Promise<void> {
  if (ids.length === 0) return;
  const rows = await tx.selectFrom('users').select(['id', 'quit_status']).where('id', 'in', ids).execute();
  if (rows.length !== ids.length) throw badRequest(`${label}不存在`);
  if (rows.some((r) => r.quit_status !== 0)) throw badRequest(`${label}已离职，请重新选择`);
}

export type Engine = { ctx: AppContext; tx: DbTx; now: Date; flow: WorlFlowJson; org: Org };

export async function log(
  e: Engine,
  instanceId: number,
  entry: { stepId?: number | null; nodeId?: string; nodeName?: string; userId: number | null; action: string; ext?: string; type?: number; files?: string },
): Promise<void> {
  await e.tx
    .insertInto('wf_logs')
    .values({
      instance_id: instanceId,
      step_id: entry.stepId ?? null,
      node_id: entry.nodeId ?? '',
      node_name: entry.nodeName ?? '',
      user_id: entry.userId,
      action: entry.action,
      type: entry.type ?? 1,
      ext: [...(entry.ext ?? '')].slice(0, 600).join(''),
      files: entry.files ?? '[]',
      created_at: e.now.toISOString(),
    })
    .execute();
}

/** Copies the instance to `userIds` (once each) and tells them. */
export async function addCc(e: Engine, inst: InstanceRow, userIds: number[], fromUserId: number | null, nodeId: string): Promise<void> {
  const existing = new Set((await e.tx.selectFrom('wf_cc').select('user_id').where('instance_id', '=', inst.id).execute()).map((r) => r.user_id));
  const fresh = userIds.filter((u) => !existing.has(u) && e.org.users.get(u)?.employed);
  if (fresh.length === 0) return;
  await e.tx
    .insertInto('wf_cc')
    .values(fresh.map((u) => ({ instance_id: inst.id, user_id: u, from_user_id: fromUserId, node_id: nodeId, read_at: '', created_at: e.now.toISOString() })))
    .execute();
  await log(e, inst.id, { userId: fromUserId, nodeId, action: 'cc', ext: `抄送给 ${await names(e.tx, fresh)}` });
  await notify(e.ctx, { userIds: fresh, cont: `抄送给你一个审批：${inst.title}`, kind: 'approval', modelType: 'approval', modelId: inst.id }, e.tx);
}

export async function names(tx: DbTx, ids: number[]): Promise<string> {
  if (ids.length === 0) return '';
  const rows = await tx.selectFrom('users').select(['id', 'nick_name']).where('id', 'in', ids).execute();
  return ids.map((id) => rows.find((r) => r.id === id)?.nick_name ?? String(id)).join('、');
}

/** Approvers who approved earlier nodes of this round, and those of `justBefore` (for the duplicate rule). */
export async function approvedSets(tx: DbTx, inst: InstanceRow, justBefore: string | null): Promise<{ before: Set<number>; last: Set<number> }> {
  const rows = await tx
    .selectFrom('wf_steps')
    .select(['user_id', 'node_id', 'node_kind'])
    .where('instance_id', '=', inst.id)
    .where('round', '=', inst.round)
    .where('outcome', '=', 'approved')
    .execute();
  const decided = rows.filter((r) => r.node_kind !== 'start');
  return { before: new Set(decided.map((r) => r.user_id)), last: new Set(decided.filter((r) => r.node_id === justBefore).map((r) => r.user_id)) };
}

export function planEnv(e: Engine, inst: InstanceRow, state: InstanceState, sets: { before: Set<number>; last: Set<number> }): PlanEnv {
  const data = parseData(inst.form_data);
  return {
    flow: e.flow,
    data,
    submitterId: inst.submitter_id,
    resolve: (node: FlowNode) =>
      resolveApprovers(
        node.config,
        {
          submitterId: inst.submitter_id,
          data,
          chosen: state.chosen,
          nodeId: node.id,
          approvedBefore: sets.before,
          approvedJustBefore: sets.last,
          duplicateRule: e.flow.settings?.duplicateRule ?? 'none',
        },
        e.org,
      ),
  };
}

/** Applies a plan: opens steps (依次: only the first active), copies, logs, and ends the instance when it says so. */
export async function applyPlan(e: Engine, inst: InstanceRow, plan: Plan): Promise<InstanceRow> {
  for (const log_ of plan.logs) await log(e, inst.id, { userId: null, nodeId: log_.nodeId, nodeName: log_.nodeName, action: 'auto', ext: log_.ext });
  for (const cc of plan.cc) await addCc(e, inst, cc.userIds, null, cc.nodeId);
  const waiting: number[] = [];
  for (const open of plan.open) {
    const t = open.node.config.timeout;
    const due = t ? deadline(e.now, t.hours, t.workingDays, e.flow.settings?.holidays ?? []).toISOString() : '';
    await e.tx
      .insertInto('wf_steps')
      .values(
        open.userIds.map((userId, i) => ({
          instance_id: inst.id,
          node_id: open.node.id,
          step_name: open.node.name,
          node_kind: open.node.config.kind,
          user_id: userId,
          status: STEP_STATUS.pending,
          outcome: '',
          mode: open.mode,
          seq: i,
          active: open.mode === 'seq' && i > 0 ? 0 : 1,
          round: inst.round,
          comment: '',
          forwarded_from: null,
          received_at: '',
          due_at: due,
          reminded_at: '',
          decided_at: '',
          created_at: e.now.toISOString(),
        })),
      )
      .execute();
    waiting.push(...(open.mode === 'seq' ? open.userIds.slice(0, 1) : open.userIds));
  }
  let status: number = inst.status;
  if (plan.outcome === 'passed') status = INSTANCE_STATUS.passed;
  else if (plan.outcome === 'refused') status = INSTANCE_STATUS.refused;
  else if (plan.open.some((o) => o.node.config.kind === 'start')) status = INSTANCE_STATUS.waiting;
  else status = INSTANCE_STATUS.reviewing;
  const finished = status === INSTANCE_STATUS.passed || status === INSTANCE_STATUS.refused;
  if (finished) await closeOpenSteps(e, inst.id);
  await e.tx
    .updateTable('wf_instances')
    .set({ status, state: JSON.stringify(plan.state), updated_at: e.now.toISOString(), finished_at: finished ? e.now.toISOString() : '' })
    .where('id', '=', inst.id)
    .execute();
  if (status !== inst.status) await followStatus(e.tx, inst.form_mode, inst.record_id, status, inst.id);
  if (waiting.length > 0) await notifyApprovalWaiting(e.ctx, { userIds: waiting, title: inst.title, taskId: inst.id }, e.tx);
  if (finished) {
    await notify(
      e.ctx,
      {
        userIds: [inst.submitter_id],
        cont: `你的审批「${inst.title}」${status === INSTANCE_STATUS.passed ? '已通过' : '未通过'}`,
        kind: 'approval',
        modelType: 'approval',
        modelId: inst.id,
      },
      e.tx,
    );
  }
  return { ...inst, status, state: JSON.stringify(plan.state) };
}

/** Closes every open step of the instance (handled by another, or the instance moved on). */
export async function closeOpenSteps(e: Engine, instanceId: number, nodeId?: string): Promise<void> {
  let q = e.tx
    .updateTable('wf_steps')
    .set({ status: STEP_STATUS.completed, outcome: 'closed', decided_at: e.now.toISOString() })
    .where('instance_id', '=', instanceId)
    .where('status', '<', 3);
  if (nodeId) q = q.where('node_id', '=', nodeId);
  await q.execute();
}

export async function engineFor(ctx: AppContext, tx: DbTx, inst: InstanceRow): Promise<Engine> {
  return { ctx, tx, now: ctx.clock(), flow: await loadVersion(tx, inst.version_id), org: await loadOrg(tx) };
}

export async function loadStep(tx: DbTx, stepId: number) {
  const step = await tx.selectFrom('wf_steps').selectAll().where('id', '=', stepId).executeTakeFirst();
  if (!step) throw badRequest(MSG_APPROVAL_NOT_FOUND);
  return step;
}

export type StepRow = Awaited<ReturnType<typeof loadStep>>;

/** The caller's open step, with its instance locked; refuses a decided or foreign step. */
export async function openStepOf(ctx: AppContext, tx: DbTx, actorId: number | null, stepId: number): Promise<{ step: StepRow; inst: InstanceRow }> {
  const first = await loadStep(tx, stepId);
  const inst = await lockInstance(ctx, tx, first.instance_id);
  const step = await loadStep(tx, stepId);
  if (actorId !== null && step.user_id !== actorId) throw forbidden('这不是你的审批');
  if (step.status >= 3 || step.active !== 1 || (inst.status !== INSTANCE_STATUS.reviewing && inst.status !== INSTANCE_STATUS.waiting)) throw conflict();
  return { step, inst };
}

/** Marks the step decided, only if it is still open: exactly one decision per step. */
export async function closeStep(e: Engine, step: StepRow, status: number, outcome: string, ext: string): Promise<void> {
  const res = await e.tx
    .updateTable('wf_steps')
    .set({
      status,
      outcome,
      comment: [...ext].slice(0, TEXT_MAX).join(''),
      decided_at: e.now.toISOString(),
      received_at: step.received_at || e.now.toISOString(),
    })
    .where('id', '=', step.id)
    .where('status', '<', 3)
    .where('active', '=', 1)
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) !== 1) throw conflict();
}
