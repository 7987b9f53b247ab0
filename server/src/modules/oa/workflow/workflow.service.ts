import type { AppContext } from '../../../app-context';
import type { DbOrTx, DbTx } from '../../../db/database';
import { transact } from '../../../db/transact';
import { badRequest, forbidden, HttpError } from '../../../http/errors';
import type { Actor } from '../../auth/session/actor';
import { notifyApprovalWaiting } from '../../notification/approval-waiting';
import { notify, pushUnreadCount } from '../../notification/notify';
import { hasRight } from '../../system/role/permission-tree';
import { resolveApprovers, type Org } from './approver-resolution';
import { afterNode, enterNodes, type InstanceState, type Plan, type PlanEnv } from './engine';
import { ancestors, findNode, startNode, type FlowNode, type WorlFlowJson } from './flow-graph';
import { decideNode, type Vote } from './node-decision';
import { deadline } from './working-time';
import { keepMaskedFormValues } from '../../system/field-mask/form-value-masks';
import { linkApprovalFiles } from './approval-files';
import {
  followStatus,
  formEditorOf,
  INSTANCE_STATUS,
  loadInstance,
  loadOrg,
  loadVersion,
  lockInstance,
  MSG_ALREADY_HANDLED,
  MSG_APPROVAL_NOT_FOUND,
  parseData,
  parseState,
  STEP_STATUS,
  subordinateIds,
  type InstanceRow,
} from './workflow-store';

/**
 * The approval engine at run time: submission, decisions (approve, return, refuse), forward, cc,
 * comments, withdraw, urge, read receipts, node form edits and timeouts. Every command is one
 * transaction that locks the instance first and changes a step only while it is still open (a
 * conditional update), so a double click or two 或签 approvers racing end in exactly one decision;
 * the other caller gets 该审批已被处理. Steps, instance and business record change together.
 */
export const CC_MAX = 5;
export const TEXT_MAX = 300;
export const URGE_INTERVAL_MS = 30 * 60_000;
export const MSG_URGE_TOO_OFTEN = '30分钟内只能催办一次';

export type Cc = { userid: number; username?: string };

const conflict = () => new HttpError(409, MSG_ALREADY_HANDLED);

function assertText(ext: string, label = '审批意见'): void {
  if ([...ext].length > TEXT_MAX) throw badRequest(`${label}不能超过${TEXT_MAX}个字符`);
}

/** cc as the client sends it: a JSON list of {userid, username} (or ids). At most 5 people. */
export function parseCc(value: unknown): number[] {
  if (value === undefined || value === null) return [];
  let list: unknown = value;
  if (typeof value === 'string') {
    const t = value.trim();
    if (t === '') return [];
    try {
      list = JSON.parse(t);
    } catch {
      list = t.split(',');
    }
  }
  if (!Array.isArray(list)) list = [list];
  const ids: number[] = [];
  for (const item of list as unknown[]) {
    const raw = item && typeof item === 'object' ? ((item as Record<string, unknown>).userid ?? (item as Record<string, unknown>).UserID ?? (item as Record<string, unknown>).id) : item;
    const id = Number(raw);
    if (!Number.isSafeInteger(id) || id <= 0) throw badRequest('抄送人格式不正确');
    if (!ids.includes(id)) ids.push(id);
  }
  if (ids.length > CC_MAX) throw badRequest(`抄送人最多${CC_MAX}个`);
  return ids;
}

async function assertEmployed(tx: DbTx, ids: number[], label: string): Promise<void> {
  if (ids.length === 0) return;
  const rows = await tx.selectFrom('users').select(['id', 'quit_status']).where('id', 'in', ids).execute();
  if (rows.length !== ids.length) throw badRequest(`${label}不存在`);
  if (rows.some((r) => r.quit_status !== 0)) throw badRequest(`${label}已离职，请重新选择`);
}

type Engine = { ctx: AppContext; tx: DbTx; now: Date; flow: WorlFlowJson; org: Org };

async function log(e: Engine, instanceId: number, entry: { stepId?: number | null; nodeId?: string; nodeName?: string; userId: number | null; action: string; ext?: string; type?: number; files?: string }): Promise<void> {
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
async function addCc(e: Engine, inst: InstanceRow, userIds: number[], fromUserId: number | null, nodeId: string): Promise<void> {
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

async function names(tx: DbTx, ids: number[]): Promise<string> {
  if (ids.length === 0) return '';
  const rows = await tx.selectFrom('users').select(['id', 'nick_name']).where('id', 'in', ids).execute();
  return ids.map((id) => rows.find((r) => r.id === id)?.nick_name ?? String(id)).join('、');
}

/** Approvers who approved earlier nodes of this round, and those of `justBefore` (for the duplicate rule). */
async function approvedSets(tx: DbTx, inst: InstanceRow, justBefore: string | null): Promise<{ before: Set<number>; last: Set<number> }> {
  const rows = await tx.selectFrom('wf_steps').select(['user_id', 'node_id', 'node_kind']).where('instance_id', '=', inst.id).where('round', '=', inst.round).where('outcome', '=', 'approved').execute();
  const decided = rows.filter((r) => r.node_kind !== 'start');
  return { before: new Set(decided.map((r) => r.user_id)), last: new Set(decided.filter((r) => r.node_id === justBefore).map((r) => r.user_id)) };
}

function planEnv(e: Engine, inst: InstanceRow, state: InstanceState, sets: { before: Set<number>; last: Set<number> }): PlanEnv {
  const data = parseData(inst.form_data);
  return {
    flow: e.flow,
    data,
    submitterId: inst.submitter_id,
    resolve: (node: FlowNode) =>
      resolveApprovers(
        node.config,
        { submitterId: inst.submitter_id, data, chosen: state.chosen, nodeId: node.id, approvedBefore: sets.before, approvedJustBefore: sets.last, duplicateRule: e.flow.settings?.duplicateRule ?? 'none' },
        e.org,
      ),
  };
}

/** Applies a plan: opens steps (依次: only the first active), copies, logs, and ends the instance when it says so. */
async function applyPlan(e: Engine, inst: InstanceRow, plan: Plan): Promise<InstanceRow> {
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
    await notify(e.ctx, { userIds: [inst.submitter_id], cont: `你的审批「${inst.title}」${status === INSTANCE_STATUS.passed ? '已通过' : '未通过'}`, kind: 'approval', modelType: 'approval', modelId: inst.id }, e.tx);
  }
  return { ...inst, status, state: JSON.stringify(plan.state) };
}

/** Closes every open step of the instance (handled by another, or the instance moved on). */
async function closeOpenSteps(e: Engine, instanceId: number, nodeId?: string): Promise<void> {
  let q = e.tx.updateTable('wf_steps').set({ status: STEP_STATUS.completed, outcome: 'closed', decided_at: e.now.toISOString() }).where('instance_id', '=', instanceId).where('status', '<', 3);
  if (nodeId) q = q.where('node_id', '=', nodeId);
  await q.execute();
}

async function engineFor(ctx: AppContext, tx: DbTx, inst: InstanceRow): Promise<Engine> {
  return { ctx, tx, now: ctx.clock(), flow: await loadVersion(tx, inst.version_id), org: await loadOrg(tx) };
}

// ---------------------------------------------------------------- submission

export type SubmitInput = {
  flowId: number;
  formMode: string;
  recordId: number;
  title: string;
  data: Record<string, unknown>;
  cc: number[];
  /** Submitter-chosen approvers, by node id. */
  chosen?: Record<string, number[]>;
};

/** The enabled flow bound to a form (the newest when several are). */
export async function flowForForm(tx: DbTx, formMode: string, flowId?: number): Promise<{ id: number; version_id: number; name: string }> {
  let q = tx.selectFrom('wf_flows').select(['id', 'version_id', 'name']).where('form_mode', '=', formMode).where('status', '=', 1);
  if (flowId) q = q.where('id', '=', flowId);
  const flow = await q.orderBy('id', 'desc').executeTakeFirst();
  if (!flow || flow.version_id === null) throw badRequest('该表单没有启用的审批流程');
  return { id: flow.id, version_id: flow.version_id, name: flow.name };
}

/**
 * Starts an instance of the flow's current version inside the caller's transaction (the business
 * record is written in the same one) and returns it.
 */
export async function submitInstance(ctx: AppContext, tx: DbTx, actor: Actor, input: SubmitInput): Promise<InstanceRow> {
  if (input.cc.length > CC_MAX) throw badRequest(`抄送人最多${CC_MAX}个`);
  await assertEmployed(tx, input.cc, '抄送人');
  const flowRow = await flowForForm(tx, input.formMode, input.flowId || undefined);
  const flow = await loadVersion(tx, flowRow.version_id!);
  const chosen = input.chosen ?? {};
  for (const n of flow.nodes) {
    if (n.config.approver?.type === 'chosen' && !(chosen[n.id]?.length)) throw badRequest(`请选择「${n.name}」的审批人`);
  }
  for (const ids of Object.values(chosen)) await assertEmployed(tx, ids, '审批人');
  const now = ctx.clock().toISOString();
  const state: InstanceState = { joins: {}, chosen };
  const { id } = await tx
    .insertInto('wf_instances')
    .values({
      flow_id: flowRow.id,
      version_id: flowRow.version_id!,
      title: [...input.title].slice(0, 150).join(''),
      form_mode: input.formMode,
      record_id: input.recordId,
      submitter_id: actor.userId,
      branch_id: actor.branchId,
      status: INSTANCE_STATUS.reviewing,
      round: 1,
      state: JSON.stringify(state),
      form_data: JSON.stringify(input.data),
      last_urged_at: '',
      created_at: now,
      updated_at: now,
      finished_at: '',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await linkApprovalFiles(tx, actor, id, JSON.stringify(input.data));
  const inst = await loadInstance(tx, id);
  const e: Engine = { ctx, tx, now: ctx.clock(), flow, org: await loadOrg(tx) };
  const start = startNode(flow);
  await log(e, id, { userId: actor.userId, nodeId: start.id, nodeName: start.name, action: 'submit', ext: '提交审批' });
  if (input.cc.length) await addCc(e, inst, input.cc, actor.userId, start.id);
  const env = planEnv(e, inst, state, { before: new Set(), last: new Set() });
  const plan = enterNodes(afterNode(start.id, state, env, false).nodeIds, state, env);
  // status -1: the business record follows whatever status the plan leaves the instance in.
  return applyPlan(e, { ...inst, status: -1 }, plan);
}

// ---------------------------------------------------------------- decisions

export type DecideInput = {
  stepId: number;
  action: 'approve' | 'return' | 'refuse';
  ext: string;
  /** Return target (a node passed in this instance). */
  nodeId?: string;
  cc?: number[];
  files?: string;
};

type StepRow = Awaited<ReturnType<typeof loadStep>>;

async function loadStep(tx: DbTx, stepId: number) {
  const step = await tx.selectFrom('wf_steps').selectAll().where('id', '=', stepId).executeTakeFirst();
  if (!step) throw badRequest(MSG_APPROVAL_NOT_FOUND);
  return step;
}

/** The caller's open step, with its instance locked; refuses a decided or foreign step. */
async function openStepOf(ctx: AppContext, tx: DbTx, actorId: number | null, stepId: number): Promise<{ step: StepRow; inst: InstanceRow }> {
  const first = await loadStep(tx, stepId);
  const inst = await lockInstance(ctx, tx, first.instance_id);
  const step = await loadStep(tx, stepId);
  if (actorId !== null && step.user_id !== actorId) throw forbidden('这不是你的审批');
  if (step.status >= 3 || step.active !== 1 || (inst.status !== INSTANCE_STATUS.reviewing && inst.status !== INSTANCE_STATUS.waiting)) throw conflict();
  return { step, inst };
}

/** Marks the step decided, only if it is still open: exactly one decision per step. */
async function closeStep(e: Engine, step: StepRow, status: number, outcome: string, ext: string): Promise<void> {
  const res = await e.tx
    .updateTable('wf_steps')
    .set({ status, outcome, comment: [...ext].slice(0, TEXT_MAX).join(''), decided_at: e.now.toISOString(), received_at: step.received_at || e.now.toISOString() })
    .where('id', '=', step.id)
    .where('status', '<', 3)
    .where('active', '=', 1)
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) !== 1) throw conflict();
}

/** Nodes a step may return to: passed in this instance, upstream of the step's node, plus the start (the submitter). */
export async function passedNodes(tx: DbOrTx, inst: InstanceRow, flow: WorlFlowJson, fromNodeId: string): Promise<{ NodeID: string; StepName: string; UserName: string }[]> {
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

/** Core of a decision on an open step (also used by timeouts with `byUserId` null = the system). */
async function decideLocked(e: Engine, inst: InstanceRow, step: StepRow, input: DecideInput, byUserId: number | null): Promise<InstanceRow> {
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
    const target = input.nodeId ?? '';
    const allowed = await passedNodes(e.tx, inst, e.flow, step.node_id);
    if (!allowed.some((a) => a.NodeID === target)) throw badRequest('只能退回到已经审批通过的节点');
    await closeStep(e, step, STEP_STATUS.notPassed, 'returned', input.ext);
    await closeOpenSteps(e, inst.id);
    const targetNode = findNode(e.flow, target)!;
    await log(e, inst.id, { stepId: step.id, nodeId: step.node_id, nodeName: step.step_name, userId: byUserId, action: 'return', ext: `退回到「${targetNode.name}」${input.ext ? `：${input.ext}` : ''}`, files: input.files });
    const next: InstanceRow = { ...inst, round: inst.round + 1 };
    await e.tx.updateTable('wf_instances').set({ round: next.round }).where('id', '=', inst.id).execute();
    const nextState: InstanceState = { ...state, joins: {}, returnedFrom: step.node_id };
    const sets = await approvedSets(e.tx, next, null);
    const env = planEnv(e, next, nextState, sets);
    const plan = enterNodes([target], nextState, env);
    await notify(e.ctx, { userIds: [inst.submitter_id], cont: `你的审批「${inst.title}」被退回到「${targetNode.name}」${input.ext ? `：${input.ext}` : ''}`, kind: 'approval', modelType: 'approval', modelId: inst.id }, e.tx);
    return applyPlan(e, next, plan);
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

export type DecisionResult = { Status: number; recordStatus: number; taskId: number };

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
      const already = await tx.selectFrom('wf_steps').select('id').where('instance_id', '=', inst.id).where('node_id', '=', step.node_id).where('round', '=', inst.round).where('user_id', '=', toUserId).where('status', '<', 3).executeTakeFirst();
      if (already) throw badRequest('该同事已是此节点的审批人');
      const res = await tx
        .updateTable('wf_steps')
        .set({ user_id: toUserId, forwarded_from: actor.userId, status: STEP_STATUS.pending, received_at: '' })
        .where('id', '=', step.id)
        .where('status', '<', 3)
        .executeTakeFirst();
      if (Number(res.numUpdatedRows) !== 1) throw conflict();
      const e = await engineFor(ctx, tx, inst);
      await log(e, inst.id, { stepId: step.id, nodeId: step.node_id, nodeName: step.step_name, userId: actor.userId, action: 'forward', ext: `转交给 ${target.nick_name}${ext ? `：${ext}` : ''}` });
      await notifyApprovalWaiting(ctx, { userIds: [toUserId], title: inst.title, taskId: inst.id }, tx);
      return { Status: STEP_STATUS.pending, recordStatus: inst.status, taskId: inst.id };
    });
  }
  return result;
}

// ---------------------------------------------------------------- visibility

/** Who may open an instance: its submitter, its approvers and cc recipients, holders of 全部审批, and superiors via 下属审批. */
export async function assertCanView(tx: DbOrTx, actor: Actor, inst: InstanceRow): Promise<'submitter' | 'approver' | 'cc' | 'admin' | 'superior'> {
  if (inst.submitter_id === actor.userId) return 'submitter';
  const step = await tx.selectFrom('wf_steps').select('id').where('instance_id', '=', inst.id).where('user_id', '=', actor.userId).executeTakeFirst();
  if (step) return 'approver';
  const cc = await tx.selectFrom('wf_cc').select('id').where('instance_id', '=', inst.id).where('user_id', '=', actor.userId).executeTakeFirst();
  if (cc) return 'cc';
  if (hasRight(actor.rights, 'oa', 'approval/all')) return 'admin';
  if (hasRight(actor.rights, 'oa', 'approval/sub')) {
    if ((await subordinateIds(tx, actor.userId)).includes(inst.submitter_id)) return 'superior';
  }
  throw forbidden('没有权限查看此审批');
}

/** 评论: anyone who may see the instance; ≤300 characters. */
export async function comment(ctx: AppContext, actor: Actor, taskId: number, ext: string, files: string, cc: number[]): Promise<void> {
  assertText(ext, '评论内容');
  if (!ext.trim()) throw badRequest('评论内容不能为空');
  await transact(ctx, async (tx) => {
    const inst = await lockInstance(ctx, tx, taskId);
    await assertCanView(tx, actor, inst);
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
    const count = await tx.selectFrom('wf_cc').select((eb) => eb.fn.countAll<number>().as('n')).where('instance_id', '=', inst.id).where('from_user_id', '=', actor.userId).executeTakeFirstOrThrow();
    if (Number(count.n) + cc.length > CC_MAX) throw badRequest(`抄送人最多${CC_MAX}个`);
    await assertEmployed(tx, cc, '抄送人');
    await addCc(await engineFor(ctx, tx, inst), inst, cc, actor.userId, '');
  });
}

/** 撤回 by the submitter while the instance runs; with the flow setting, only before anyone decided. */
export async function revoke(ctx: AppContext, actor: Actor, taskId: number): Promise<number> {
  return transact(ctx, async (tx) => {
    const inst = await lockInstance(ctx, tx, taskId);
    if (inst.submitter_id !== actor.userId) throw forbidden('只有发起人可以撤回');
    if (inst.status !== INSTANCE_STATUS.reviewing && inst.status !== INSTANCE_STATUS.waiting) throw badRequest('审批已结束，不能撤回');
    const e = await engineFor(ctx, tx, inst);
    if (e.flow.settings?.revokeBeforeDecisionOnly) {
      const decided = await tx.selectFrom('wf_steps').select('id').where('instance_id', '=', inst.id).where('node_kind', '!=', 'start').where('outcome', 'in', ['approved', 'refused', 'returned']).executeTakeFirst();
      if (decided) throw badRequest('已有审批人处理，不能撤回');
    }
    await closeOpenSteps(e, inst.id);
    await tx.updateTable('wf_instances').set({ status: INSTANCE_STATUS.withdrawn, updated_at: e.now.toISOString(), finished_at: e.now.toISOString() }).where('id', '=', inst.id).execute();
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

/** 接收: the approver's first open sets Status 1 and the read time (read receipt). Returns the step's Status. */
export async function receive(ctx: AppContext, actor: Actor, stepIds: number[]): Promise<number> {
  const now = ctx.clock().toISOString();
  let status = 0;
  for (const id of stepIds) {
    const step = await ctx.db.selectFrom('wf_steps').select(['id', 'user_id', 'status']).where('id', '=', id).executeTakeFirst();
    if (!step) throw badRequest(MSG_APPROVAL_NOT_FOUND);
    if (step.user_id !== actor.userId) throw forbidden('这不是你的审批');
    await ctx.db.updateTable('wf_steps').set({ status: STEP_STATUS.received, received_at: now }).where('id', '=', id).where('status', '=', STEP_STATUS.pending).execute();
    status = step.status === STEP_STATUS.pending ? STEP_STATUS.received : step.status;
  }
  return status;
}

/** Marks the cc copy read, and the caller's pending steps received, when the instance is opened. */
export async function markOpened(ctx: AppContext, actor: Actor, taskId: number, submitterId?: number): Promise<void> {
  const now = ctx.clock().toISOString();
  const [cc, steps] = await Promise.all([
    ctx.db.updateTable('wf_cc').set({ read_at: now }).where('instance_id', '=', taskId).where('user_id', '=', actor.userId).where('read_at', '=', '').executeTakeFirst(),
    ctx.db.updateTable('wf_steps').set({ status: STEP_STATUS.received, received_at: now }).where('instance_id', '=', taskId).where('user_id', '=', actor.userId).where('status', '=', STEP_STATUS.pending).where('active', '=', 1).executeTakeFirst(),
  ]);
  // A first read changes the submitter's read receipts (已查阅): their open tabs refetch the panel.
  const changed = Number(cc.numUpdatedRows) + Number(steps.numUpdatedRows) > 0;
  if (changed && submitterId !== undefined && submitterId !== actor.userId) await pushUnreadCount(ctx, submitterId).catch(() => undefined);
}

/** Saves the node form: only fields the step's node makes editable (writeField 'edit'); logged as a form-edit log (type 2). */
export async function editFormField(ctx: AppContext, actor: Actor, stepId: number, data: Record<string, unknown>): Promise<void> {
  await transact(ctx, async (tx) => {
    const { step, inst } = await openStepOf(ctx, tx, actor.userId, stepId);
    data = await keepMaskedFormValues(tx, actor, inst.form_mode, parseData(inst.form_data), data);
    const e = await engineFor(ctx, tx, inst);
    const node = findNode(e.flow, step.node_id);
    const writable = Object.entries(node?.config.writeField ?? {}).filter(([, r]) => r === 'edit').map(([f]) => f);
    if (writable.length === 0) throw badRequest('当前节点没有可编辑的字段');
    const keys = Object.keys(data);
    const foreign = keys.filter((k) => !writable.includes(k));
    if (foreign.length) throw badRequest(`字段「${foreign[0]}」在当前节点不可编辑`);
    for (const k of keys) {
      const v = data[k];
      if (typeof v === 'string' && [...v].length > 2000) throw badRequest(`字段「${k}」内容过长`);
      if (v !== null && typeof v === 'object' && JSON.stringify(v).length > 20000) throw badRequest(`字段「${k}」内容过长`);
    }
    const before = parseData(inst.form_data);
    const changed = keys.filter((k) => JSON.stringify(before[k]) !== JSON.stringify(data[k]));
    if (changed.length === 0) return;
    let merged: Record<string, unknown> = { ...before, ...data };
    let title: string | undefined;
    const businessForm = formEditorOf(inst.form_mode);
    if (businessForm) {
      // A business record (报销 …) validates and takes the edit itself; the instance keeps its result.
      ({ data: merged, title } = await businessForm(tx, inst.record_id, merged, e.now.toISOString()));
    } else {
      const rec = await tx.selectFrom('module_records').select(['id', 'data']).where('id', '=', inst.record_id).executeTakeFirst();
      if (rec) await tx.updateTable('module_records').set({ data: JSON.stringify({ ...parseData(rec.data), ...data }), updated_at: e.now.toISOString() }).where('id', '=', rec.id).execute();
    }
    await tx.updateTable('wf_instances').set({ form_data: JSON.stringify(merged), ...(title ? { title } : {}), updated_at: e.now.toISOString() }).where('id', '=', inst.id).execute();
    await linkApprovalFiles(tx, actor, inst.id, JSON.stringify(data));
    await log(e, inst.id, { stepId, nodeId: step.node_id, nodeName: step.step_name, userId: actor.userId, action: 'formedit', type: 2, ext: `修改了 ${changed.join('、')}` });
  });
}

// ---------------------------------------------------------------- timeouts

/**
 * The timeout job: open steps past their deadline are reminded (and the deadline moves on, so
 * reminders repeat), approved or refused automatically, as their node says; each action is logged.
 */
export async function runTimeouts(ctx: AppContext, limit = 100): Promise<number> {
  const now = ctx.clock().toISOString();
  const due = await ctx.db.selectFrom('wf_steps').select(['id', 'instance_id']).where('status', '<', 3).where('active', '=', 1).where('due_at', '!=', '').where('due_at', '<=', now).orderBy('due_at').limit(limit).execute();
  let handled = 0;
  for (const d of due) {
    try {
      await transact(ctx, async (tx) => {
        const inst = await lockInstance(ctx, tx, d.instance_id);
        const step = await loadStep(tx, d.id);
        if (step.status >= 3 || step.due_at === '' || step.due_at > now) return;
        const e = await engineFor(ctx, tx, inst);
        const node = findNode(e.flow, step.node_id);
        const t = node?.config.timeout;
        if (!t) {
          await tx.updateTable('wf_steps').set({ due_at: '' }).where('id', '=', step.id).execute();
          return;
        }
        if (t.action === 'remind') {
          const next = deadline(e.now, t.hours, t.workingDays, e.flow.settings?.holidays ?? []).toISOString();
          await tx.updateTable('wf_steps').set({ due_at: next, reminded_at: now }).where('id', '=', step.id).execute();
          await log(e, inst.id, { stepId: step.id, nodeId: step.node_id, nodeName: step.step_name, userId: null, action: 'timeout', ext: '审批已超时，系统提醒' });
          await notify(ctx, { userIds: [step.user_id], cont: `审批「${inst.title}」已超时，请尽快处理`, kind: 'approval', modelType: 'approval', modelId: inst.id }, tx);
        } else {
          await log(e, inst.id, { stepId: step.id, nodeId: step.node_id, nodeName: step.step_name, userId: null, action: 'timeout', ext: t.action === 'pass' ? '审批超时，自动通过' : '审批超时，自动拒绝' });
          await decideLocked(e, inst, step, { stepId: step.id, action: t.action === 'pass' ? 'approve' : 'refuse', ext: t.action === 'pass' ? '超时自动通过' : '超时自动拒绝' }, null);
        }
        handled++;
      });
    } catch (err) {
      if (!(err instanceof HttpError)) ctx.log.error({ err }, 'workflow timeout failed');
    }
  }
  return handled;
}

/** Runs the timeout job every minute until the app closes. */
export function startTimeoutJob(app: { addHook(name: 'onClose', fn: () => Promise<void>): unknown }, ctx: AppContext): void {
  const timer = setInterval(() => {
    runTimeouts(ctx).catch((err: unknown) => ctx.log.error({ err }, 'workflow timeouts failed'));
  }, 60_000);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
