import type {
  ApprovalDetail,
  ApprovalFile,
  ApprovalLogEntry,
  ApprovalNodeConfig,
  ApprovalRow,
  ApprovalStatistics,
  CommentLogRow,
  ReadReceipt,
} from '@portal/shared-contract';
import { sql } from 'kysely';
import type { AppContext } from '../../../app-context';
import type { DbOrTx } from '../../../db/database';
import type { ListReply } from '../../../http/envelope';
import { badRequest } from '../../../http/errors';
import { formatShanghai, parseShanghaiDateTime } from '../../../lib/time';
import type { Actor } from '../../auth/session/actor';
import { hasRight } from '../../system/role/permission-tree';
import { findNode, startNode, type FieldRight } from './flow-graph';
import { assertCanView } from './approval.policy';
import { markOpened } from './read-receipts';
import { passedNodes } from './return-to-earlier-node';
import { containsLike } from '../../shared/contains-search';
import { maskFormValues } from '../../system/field-mask/form-value-masks';
import { INSTANCE_STATUS, INSTANCE_STATUS_TEXT, loadInstance, loadVersion, parseData, subordinateIds } from './workflow-store';
import { nodeConfig } from './flow.service';

/**
 * The approval lists (spec oa routes): 待我审批, 我已审批 (steps of the caller), 我发起的, 抄送我的,
 * 下属审批, 全部审批 (instances), the comment log and statistics, and one instance's detail for the
 * panel. Each list: one count, one narrow indexed page query, then names joined for that page only.
 */
export type ListFilter = { page: number; rows: number; flowId?: number; userid?: number; start?: string; end?: string; status?: number; key?: string };

/** 'YYYY-MM-DD' (Shanghai) → the ISO bounds of that day. */
function dayBound(text: string | undefined, end: boolean): string | null {
  if (!text) return null;
  const iso = parseShanghaiDateTime(`${text.slice(0, 10)} ${end ? '23:59:59' : '00:00:00'}`);
  if (!iso) throw badRequest('日期格式不正确');
  return iso;
}

type Scope =
  | { kind: 'todo' | 'completed'; userId: number }
  | { kind: 'mySubmit'; userId: number }
  | { kind: 'myCc'; userId: number }
  | { kind: 'sub'; userIds: number[] }
  | { kind: 'all' };

function applyInstanceFilters<Q extends { where: (...a: never[]) => Q }>(q: Q, f: ListFilter): Q {
  // Kysely's builder types are too deep to name here: the filters are the same on every list.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  let r: any = q;
  if (f.flowId) r = r.where('i.flow_id', '=', f.flowId);
  if (f.userid) r = r.where('i.submitter_id', '=', f.userid);
  const start = dayBound(f.start, false);
  const end = dayBound(f.end, true);
  if (start) r = r.where('i.created_at', '>=', start);
  if (end) r = r.where('i.created_at', '<=', end);
  if (f.status !== undefined && f.status >= 0) r = r.where('i.status', '=', f.status);
  if (f.key) r = r.where(containsLike('i.title', f.key));
  return r as Q;
}

/** Steps of the caller: open (待我审批) or decided by them (我已审批; steps closed as handled by another are not theirs). */
async function stepList(ctx: AppContext, scope: { kind: 'todo' | 'completed'; userId: number }, f: ListFilter): Promise<ListReply<ApprovalRow>> {
  // The steps alone answer the unfiltered list from one index (no join per row): 待我审批 from
  // wf_steps_todo, 我已审批 from the partial index wf_steps_decided_by (migration 031), whose predicate
  // the literal outcome list below must repeat word for word (SQLite uses a partial index only then).
  // Instance filters become a subquery only when set.
  const filtered = Boolean(f.flowId || f.userid || f.start || f.end || f.key || (f.status !== undefined && f.status >= 0));
  const base = () => {
    let q = ctx.db.selectFrom('wf_steps as s').where('s.user_id', '=', scope.userId);
    q = scope.kind === 'todo' ? q.where('s.status', '<', 3).where('s.active', '=', 1) : q.where(sql<boolean>`s.outcome in ('approved', 'refused', 'returned')`);
    if (filtered) q = q.where('s.instance_id', 'in', applyInstanceFilters(ctx.db.selectFrom('wf_instances as i').select('i.id'), f));
    return q;
  };
  const [{ n }, page] = await Promise.all([
    base()
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
    base()
      .select(['s.id', 's.instance_id', 's.status', 's.node_id', 's.step_name', 's.decided_at'])
      .orderBy('s.id', 'desc')
      .limit(f.rows)
      .offset((f.page - 1) * f.rows)
      .execute(),
  ]);
  const rows = await withInstances(
    ctx.db,
    page.map((p) => ({ id: p.id, taskId: p.instance_id, status: p.status, nodeId: p.node_id, stepName: p.step_name, decidedAt: p.decided_at })),
  );
  return { rows, total: Number(n) };
}

async function instanceList(ctx: AppContext, scope: Exclude<Scope, { kind: 'todo' | 'completed' }>, f: ListFilter): Promise<ListReply<ApprovalRow>> {
  if (scope.kind === 'sub' && scope.userIds.length === 0) return { rows: [], total: 0 };
  const base = () => {
    if (scope.kind === 'myCc') {
      return applyInstanceFilters(
        ctx.db.selectFrom('wf_cc as c').innerJoin('wf_instances as i', 'i.id', 'c.instance_id').where('c.user_id', '=', scope.userId),
        f,
      );
    }
    let q = ctx.db.selectFrom('wf_instances as i');
    if (scope.kind === 'mySubmit') q = q.where('i.submitter_id', '=', scope.userId);
    if (scope.kind === 'sub') q = q.where('i.submitter_id', 'in', scope.userIds);
    return applyInstanceFilters(q, f);
  };
  const [{ n }, page] = await Promise.all([
    base()
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
    base()
      .select(['i.id'])
      .orderBy('i.id', 'desc')
      .limit(f.rows)
      .offset((f.page - 1) * f.rows)
      .execute(),
  ]);
  const rows = await withInstances(
    ctx.db,
    page.map((p) => ({ id: p.id, taskId: p.id, status: -1, nodeId: '', stepName: '', decidedAt: '' })),
  );
  return { rows, total: Number(n) };
}

/** Joins instance, flow, submitter and current handlers for one page of rows. */
async function withInstances(
  db: DbOrTx,
  page: { id: number; taskId: number; status: number; nodeId: string; stepName: string; decidedAt: string }[],
): Promise<ApprovalRow[]> {
  if (page.length === 0) return [];
  const ids = [...new Set(page.map((p) => p.taskId))];
  const [instances, open] = await Promise.all([
    db
      .selectFrom('wf_instances as i')
      .innerJoin('wf_flows as f', 'f.id', 'i.flow_id')
      .leftJoin('users as u', 'u.id', 'i.submitter_id')
      .select(['i.id', 'i.flow_id', 'i.record_id', 'i.form_mode', 'i.title', 'i.status', 'i.created_at', 'f.name as flow_name', 'u.nick_name', 'u.header'])
      .where('i.id', 'in', ids)
      .execute(),
    db
      .selectFrom('wf_steps as s')
      .leftJoin('users as u', 'u.id', 's.user_id')
      .select(['s.instance_id', 's.step_name', 'u.nick_name'])
      .where('s.instance_id', 'in', ids)
      .where('s.status', '<', 3)
      .where('s.active', '=', 1)
      .execute(),
  ]);
  const byId = new Map(instances.map((i) => [i.id, i]));
  return page.map((p) => {
    const i = byId.get(p.taskId);
    const handlers = open.filter((o) => o.instance_id === p.taskId);
    return {
      id: p.id,
      TaskID: p.taskId,
      Status: p.status >= 0 ? p.status : (i?.status ?? 0),
      NodeID: p.nodeId || '',
      ProcsID: i?.flow_id ?? 0,
      ProcessID: i?.flow_id ?? 0,
      modelId: i?.record_id ?? 0,
      modelType: i?.form_mode ?? '',
      taskName: i?.title ?? '',
      StepName: p.stepName || handlers[0]?.step_name || '',
      flowName: i?.flow_name ?? '',
      UserName: i?.nick_name ?? '',
      Header: i?.header ?? '',
      AddTime: formatShanghai(i?.created_at).slice(0, 16),
      recordStatus: i?.status ?? 0,
      recordStatusText: INSTANCE_STATUS_TEXT[i?.status ?? 0] ?? '',
      handlers: [...new Set(handlers.map((h) => h.nick_name ?? ''))].join('、'),
      decidedAt: formatShanghai(p.decidedAt).slice(0, 16),
    };
  });
}

export type ListKind = 'todo' | 'completed' | 'mySubmit' | 'myCc' | 'sub' | 'all';

export async function approvalList(ctx: AppContext, actor: Actor, kind: ListKind, f: ListFilter): Promise<ListReply<ApprovalRow>> {
  switch (kind) {
    case 'todo':
    case 'completed':
      return stepList(ctx, { kind, userId: actor.userId }, f);
    case 'mySubmit':
    case 'myCc':
      return instanceList(ctx, { kind, userId: actor.userId }, f);
    case 'sub':
      return instanceList(ctx, { kind: 'sub', userIds: await subordinateIds(ctx.db, actor.userId) }, f);
    case 'all':
      return instanceList(ctx, { kind: 'all' }, f);
  }
}

const ACTION_TEXT: Record<string, string> = {
  submit: '提交',
  resubmit: '重新提交',
  approve: '同意',
  return: '退回',
  refuse: '不同意',
  forward: '转交',
  comment: '评论',
  cc: '抄送',
  revoke: '撤回',
  urge: '催办',
  auto: '系统自动处理',
  timeout: '超时处理',
  formedit: '修改表单',
};

/** A log's attachments, stored as the routes shaped them (approval-input.ts storedFiles). */
function parseFiles(json: string): ApprovalFile[] {
  try {
    const v: unknown = JSON.parse(json);
    return Array.isArray(v) ? (v as ApprovalFile[]) : [];
  } catch {
    return [];
  }
}

/** The log of one instance (spec "Approval log entry"); `type` 2 = form-edit logs only. */
export async function instanceLogs(db: DbOrTx, taskId: number, type?: number): Promise<ApprovalLogEntry[]> {
  let q = db
    .selectFrom('wf_logs as l')
    .leftJoin('users as u', 'u.id', 'l.user_id')
    .select(['l.id', 'l.action', 'l.ext', 'l.files', 'l.node_name', 'l.created_at', 'l.type', 'u.nick_name', 'u.header'])
    .where('l.instance_id', '=', taskId);
  if (type) q = q.where('l.type', '=', type);
  const rows = await q.orderBy('l.id').execute();
  return rows.map((r) => ({
    id: r.id,
    UserName: r.nick_name ?? '系统',
    Header: r.header ?? '',
    name: r.node_name,
    status: ACTION_TEXT[r.action] ?? r.action,
    action: r.action,
    Ext: r.ext,
    AddTime: formatShanghai(r.created_at).slice(0, 16),
    files: parseFiles(r.files),
  }));
}

/** Read receipts (spec §3): approvers by when they opened their step, cc recipients by when they read the copy. */
export async function readReceipts(db: DbOrTx, taskId: number): Promise<ReadReceipt[]> {
  const [steps, cc] = await Promise.all([
    db
      .selectFrom('wf_steps as s')
      .innerJoin('users as u', 'u.id', 's.user_id')
      .select(['s.id', 's.user_id', 's.received_at', 's.node_kind', 'u.nick_name', 'u.header'])
      .where('s.instance_id', '=', taskId)
      .where('s.node_kind', '!=', 'start')
      .orderBy('s.id')
      .execute(),
    db
      .selectFrom('wf_cc as c')
      .innerJoin('users as u', 'u.id', 'c.user_id')
      .select(['c.id', 'c.user_id', 'c.read_at', 'u.nick_name', 'u.header'])
      .where('c.instance_id', '=', taskId)
      .orderBy('c.id')
      .execute(),
  ]);
  const out: ReadReceipt[] = [];
  for (const s of steps) {
    const prev = out.find((o) => o.userid === s.user_id && o.kind === '审批人');
    if (prev) {
      if (s.received_at && prev.is_read === 'False') Object.assign(prev, { is_read: 'True', readtime: formatShanghai(s.received_at).slice(0, 16) });
      continue;
    }
    out.push({
      id: s.id,
      userid: s.user_id,
      nickname: s.nick_name,
      header: s.header,
      is_read: s.received_at ? 'True' : 'False',
      readtime: formatShanghai(s.received_at).slice(0, 16),
      kind: '审批人',
    });
  }
  for (const c of cc)
    out.push({
      id: c.id,
      userid: c.user_id,
      nickname: c.nick_name,
      header: c.header,
      is_read: c.read_at ? 'True' : 'False',
      readtime: formatShanghai(c.read_at).slice(0, 16),
      kind: '抄送人',
    });
  return out;
}

/** Removes the fields the node hides from the form values. */
function visibleData(data: Record<string, unknown>, rights: Record<string, FieldRight>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(data).filter(([k]) => rights[k] !== 'hidden'));
}

/** Everything the approval panel shows for one instance; opening it marks the caller's copy read and step received. */
export async function approvalDetail(ctx: AppContext, actor: Actor, taskId: number): Promise<ApprovalDetail> {
  const inst = await loadInstance(ctx.db, taskId);
  const role = await assertCanView(ctx.db, actor, inst);
  await markOpened(ctx, actor, taskId, inst.submitter_id);
  const flow = await loadVersion(ctx.db, inst.version_id);
  const [flowRow, submitter, steps, logs, reads, myStepRow] = await Promise.all([
    ctx.db.selectFrom('wf_flows').select(['id', 'name']).where('id', '=', inst.flow_id).executeTakeFirst(),
    ctx.db.selectFrom('users').select(['nick_name', 'header']).where('id', '=', inst.submitter_id).executeTakeFirst(),
    ctx.db
      .selectFrom('wf_steps as s')
      .leftJoin('users as u', 'u.id', 's.user_id')
      .select([
        's.id',
        's.node_id',
        's.step_name',
        's.node_kind',
        's.status',
        's.outcome',
        's.comment',
        's.active',
        's.round',
        's.received_at',
        's.decided_at',
        's.user_id',
        'u.nick_name',
      ])
      .where('s.instance_id', '=', taskId)
      .orderBy('s.id')
      .execute(),
    instanceLogs(ctx.db, taskId),
    readReceipts(ctx.db, taskId),
    ctx.db
      .selectFrom('wf_steps')
      .select(['id', 'node_id', 'status', 'node_kind'])
      .where('instance_id', '=', taskId)
      .where('user_id', '=', actor.userId)
      .where('status', '<', 3)
      .where('active', '=', 1)
      .orderBy('id', 'desc')
      .executeTakeFirst(),
  ]);
  const myNode = myStepRow ? findNode(flow, myStepRow.node_id) : undefined;
  const writeField = myNode?.config.writeField ?? {};
  const running = inst.status === INSTANCE_STATUS.reviewing || inst.status === INSTANCE_STATUS.waiting;
  const data = await maskFormValues(ctx.db, actor, inst.form_mode, parseData(inst.form_data));
  return {
    task: {
      id: inst.id,
      title: inst.title,
      flowId: inst.flow_id,
      flowName: flowRow?.name ?? '',
      modelId: inst.record_id,
      modelType: inst.form_mode,
      Status: inst.status,
      statusText: INSTANCE_STATUS_TEXT[inst.status] ?? '',
      UserName: submitter?.nick_name ?? '',
      Header: submitter?.header ?? '',
      AddTime: formatShanghai(inst.created_at).slice(0, 16),
      round: inst.round,
    },
    WorlFlowJson: flow,
    data: myStepRow ? visibleData(data, writeField) : data,
    steps: steps.map((s) => ({
      id: s.id,
      NodeID: s.node_id,
      StepName: s.step_name,
      UserName: s.nick_name ?? '',
      Status: s.status,
      outcome: s.outcome,
      comment: s.comment,
      active: s.active,
      round: s.round,
      receivedAt: formatShanghai(s.received_at).slice(0, 16),
      decidedAt: formatShanghai(s.decided_at).slice(0, 16),
    })),
    logs,
    reads,
    myStep: myStepRow
      ? {
          id: myStepRow.id,
          Status: Math.max(myStepRow.status, 1),
          NodeID: myStepRow.node_id,
          type: myStepRow.node_kind === 'start' ? 'start' : 'other',
          writeField,
          returnTargets: myStepRow.node_kind === 'start' ? [] : await passedNodes(ctx.db, inst, flow, myStepRow.node_id),
        }
      : null,
    role,
    canRevoke: role === 'submitter' && running,
    canUrge: role === 'submitter' && inst.status === INSTANCE_STATUS.reviewing,
    startNodeId: startNode(flow).id,
  };
}

/** 审批意见 (api/WorkFlowLog/Index): decisions and comments; all of them for 全部审批 holders, else the caller's own and those on their submissions. */
export async function commentLog(ctx: AppContext, actor: Actor, f: ListFilter): Promise<ListReply<CommentLogRow>> {
  const all = hasRight(actor.rights, 'oa', 'approval/all');
  const base = () => {
    let q = ctx.db
      .selectFrom('wf_logs as l')
      .innerJoin('wf_instances as i', 'i.id', 'l.instance_id')
      .where('l.action', 'in', ['approve', 'refuse', 'return', 'comment', 'resubmit']);
    if (!all) q = q.where((eb) => eb.or([eb('l.user_id', '=', actor.userId), eb('i.submitter_id', '=', actor.userId)]));
    return applyInstanceFilters(q, f);
  };
  const [{ n }, page] = await Promise.all([
    base()
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
    base()
      .leftJoin('users as u', 'u.id', 'l.user_id')
      .select(['l.id', 'l.instance_id', 'l.action', 'l.ext', 'l.node_name', 'l.created_at', 'u.nick_name', 'u.header', 'i.title'])
      .orderBy('l.id', 'desc')
      .limit(f.rows)
      .offset((f.page - 1) * f.rows)
      .execute(),
  ]);
  return {
    rows: page.map((r) => ({
      id: r.id,
      TaskID: r.instance_id,
      taskName: r.title,
      UserName: r.nick_name ?? '系统',
      Header: r.header ?? '',
      name: r.node_name,
      status: ACTION_TEXT[r.action] ?? r.action,
      Ext: r.ext,
      AddTime: formatShanghai(r.created_at).slice(0, 16),
    })),
    total: Number(n),
  };
}

/** 审批统计: per flow (submitted, passed, refused, running) and per approver (decided, average and longest hours, overdue open steps). */
export async function approvalStatistics(ctx: AppContext, f: { start?: string; end?: string }): Promise<ApprovalStatistics> {
  const start = dayBound(f.start, false);
  const end = dayBound(f.end, true);
  let byFlowQ = ctx.db
    .selectFrom('wf_instances as i')
    .innerJoin('wf_flows as fl', 'fl.id', 'i.flow_id')
    .select(['fl.id', 'fl.name', 'i.status', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy(['fl.id', 'fl.name', 'i.status']);
  if (start) byFlowQ = byFlowQ.where('i.created_at', '>=', start);
  if (end) byFlowQ = byFlowQ.where('i.created_at', '<=', end);
  let stepsQ = ctx.db
    .selectFrom('wf_steps as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select(['s.user_id', 'u.nick_name', 's.created_at', 's.decided_at', 's.outcome', 's.status', 's.due_at'])
    .where('s.node_kind', '!=', 'start')
    .where('s.outcome', '!=', 'closed');
  if (start) stepsQ = stepsQ.where('s.created_at', '>=', start);
  if (end) stepsQ = stepsQ.where('s.created_at', '<=', end);
  const [byFlow, steps] = await Promise.all([byFlowQ.execute(), stepsQ.limit(200_000).execute()]);
  const flows = new Map<number, { id: number; name: string; submitted: number; passed: number; refused: number; running: number }>();
  for (const r of byFlow) {
    const row = flows.get(r.id) ?? { id: r.id, name: r.name, submitted: 0, passed: 0, refused: 0, running: 0 };
    const n = Number(r.n);
    row.submitted += n;
    if (r.status === INSTANCE_STATUS.passed) row.passed += n;
    else if (r.status === INSTANCE_STATUS.refused) row.refused += n;
    else if (r.status !== INSTANCE_STATUS.withdrawn) row.running += n;
    flows.set(r.id, row);
  }
  const now = ctx.clock().toISOString();
  const people = new Map<
    number,
    { userid: number; name: string; decided: number; approved: number; refused: number; totalHours: number; maxHours: number; open: number; overdue: number }
  >();
  for (const s of steps) {
    const p = people.get(s.user_id) ?? {
      userid: s.user_id,
      name: s.nick_name,
      decided: 0,
      approved: 0,
      refused: 0,
      totalHours: 0,
      maxHours: 0,
      open: 0,
      overdue: 0,
    };
    if (s.status >= 3 && s.decided_at) {
      const hours = Math.max(0, (Date.parse(s.decided_at) - Date.parse(s.created_at)) / 3600_000);
      p.decided++;
      if (s.outcome === 'approved') p.approved++;
      else p.refused++;
      p.totalHours += hours;
      p.maxHours = Math.max(p.maxHours, hours);
    } else if (s.status < 3) {
      p.open++;
      if (s.due_at && s.due_at < now) p.overdue++;
    }
    people.set(s.user_id, p);
  }
  const round1 = (n: number) => Math.round(n * 10) / 10;
  return {
    flows: [...flows.values()].sort((a, b) => b.submitted - a.submitted),
    people: [...people.values()]
      .map((p) => ({
        userid: p.userid,
        name: p.name,
        decided: p.decided,
        approved: p.approved,
        refused: p.refused,
        open: p.open,
        overdue: p.overdue,
        avgHours: p.decided ? round1(p.totalHours / p.decided) : 0,
        maxHours: round1(p.maxHours),
      }))
      .sort((a, b) => b.decided - a.decided),
  };
}

/** WorkFlow/logs: the instance's log, for whoever may see the instance. */
export async function approvalLogs(ctx: AppContext, actor: Actor, taskId: number, type?: number): Promise<ListReply<ApprovalLogEntry>> {
  const rows = await instanceLogs(ctx.db, taskId, type);
  return { rows, total: rows.length };
}

/** WorkFlow/loadRead: the instance's read receipts, for whoever may see the instance. */
export async function readReceiptList(ctx: AppContext, actor: Actor, taskId: number): Promise<ListReply<ReadReceipt>> {
  const rows = await readReceipts(ctx.db, taskId);
  return { rows, total: rows.length };
}

/** WorkFlow/getNodeConfig: a node of the instance's flow version, for whoever may see the instance. */
export async function instanceNodeConfig(ctx: AppContext, actor: Actor, taskId: number, nodeId: string): Promise<ApprovalNodeConfig> {
  const inst = await loadInstance(ctx.db, taskId);
  return nodeConfig(ctx, inst.version_id, nodeId);
}
