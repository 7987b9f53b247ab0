import type { ApprovalNodeConfig, EnabledFlow, FlowDetail, FlowDirectory, FlowOption, FlowRow, FormApprovalFlow } from '@portal/shared-contract';
import type { AppContext } from '../../../app-context';
import type { DbOrTx } from '../../../db/database';
import { transact } from '../../../db/transact';
import type { ListReply } from '../../../http/envelope';
import { badRequest, notFound } from '../../../http/errors';
import { formatShanghai } from '../../../lib/time';
import type { Actor } from '../../auth/session/actor';
import { containsLike } from '../../shared/contains-search';
import { NODE_KINDS, validateFlow, type ApproverRule, type FlowLine, type FlowNode, type FlowSettings, type NodeConfig, type WorlFlowJson } from './flow-graph';
import { loadVersion } from './workflow-store';

/**
 * Flow definitions (api/flow/*): a flow is bound to a form (a work form or 费用报销) and holds
 * immutable versions of its WorlFlowJson. Saving validates the graph and refuses it naming the node;
 * a changed graph becomes a new version, and running instances keep the version they started on.
 */
export type FlowInput = { name: string; category: string; formMode: string; beizhu: string; json: unknown };

/** Thrown with the faulty node's id so the designer can mark it. */
export class FlowProblem extends Error {
  constructor(
    message: string,
    readonly nodeId?: string,
  ) {
    super(message);
  }
}

const num = (v: unknown, fallback = 0): number =>
  typeof v === 'number' && Number.isFinite(v) ? v : typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v)) ? Number(v) : fallback;
const ids = (v: unknown): number[] =>
  Array.isArray(v)
    ? v
        .map((x) => num(typeof x === 'object' && x ? ((x as Record<string, unknown>).userid ?? (x as Record<string, unknown>).id) : x))
        .filter((n) => Number.isSafeInteger(n) && n > 0)
    : [];
const str = (v: unknown, max = 100): string => (typeof v === 'string' ? v.slice(0, max) : typeof v === 'number' ? String(v) : '');
const obj = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {});

function approverOf(v: unknown): ApproverRule | undefined {
  const a = obj(v);
  switch (a.type) {
    case 'users':
      return { type: 'users', userIds: ids(a.userIds) };
    case 'role':
      return { type: 'role', roleId: num(a.roleId) };
    case 'head':
    case 'chosen':
    case 'submitter':
      return { type: a.type };
    case 'superior':
      return { type: a.type, level: num(a.level, 1) };
    case 'superiors':
      return {
        type: a.type,
        level: num(a.level, 1),
        ...(a.untilRoleId !== undefined && a.untilRoleId !== null && a.untilRoleId !== '' ? { untilRoleId: num(a.untilRoleId, -1) } : {}),
      };
    case 'formUser':
    case 'formBranch':
      return { type: a.type, field: str(a.field, 50) };
    default:
      return undefined;
  }
}

function configOf(v: unknown): NodeConfig {
  const c = obj(v);
  const kind = NODE_KINDS.find((k) => k === c.kind) ?? ('' as NodeConfig['kind']);
  const out: NodeConfig = { kind };
  const approver = approverOf(c.approver);
  if (approver) out.approver = approver;
  if (c.mode === 'or' || c.mode === 'and' || c.mode === 'seq') out.mode = c.mode;
  if (c.rejectQuorum !== undefined) out.rejectQuorum = Math.max(1, Math.floor(num(c.rejectQuorum, 1)));
  if (c.emptyRule === 'pass' || c.emptyRule === 'reject' || c.emptyRule === 'users' || c.emptyRule === 'admin') out.emptyRule = c.emptyRule;
  if (c.emptyUserIds !== undefined) out.emptyUserIds = ids(c.emptyUserIds);
  if (c.selfRule === 'self' || c.selfRule === 'skip' || c.selfRule === 'head') out.selfRule = c.selfRule;
  const wf = obj(c.writeField);
  const writeField: NodeConfig['writeField'] = {};
  for (const [k, r] of Object.entries(wf)) if (r === 'edit' || r === 'read' || r === 'hidden') writeField[k.slice(0, 50)] = r;
  if (Object.keys(writeField).length) out.writeField = writeField;
  const t = obj(c.timeout);
  if (c.timeout && (t.action === 'remind' || t.action === 'pass' || t.action === 'reject'))
    out.timeout = { hours: num(t.hours), workingDays: t.workingDays === true, action: t.action };
  if (c.cc !== undefined) out.cc = ids(c.cc).slice(0, 20);
  return out;
}

/** Reads a WorlFlowJson (a JSON string or an object) keeping only the known shapes. */
export function parseFlowJson(value: unknown): WorlFlowJson {
  let v = value;
  if (typeof v === 'string') {
    try {
      v = JSON.parse(v);
    } catch {
      throw badRequest('流程图格式不正确');
    }
  }
  const o = obj(v);
  const nodesIn = Array.isArray(o.nodes) ? o.nodes : Array.isArray(o.nodeList) ? o.nodeList : null;
  const linesIn = Array.isArray(o.lines) ? o.lines : Array.isArray(o.lineList) ? o.lineList : [];
  if (!nodesIn) throw badRequest('流程图格式不正确');
  if (nodesIn.length > 200 || linesIn.length > 400) throw badRequest('流程图节点过多');
  const nodes: FlowNode[] = nodesIn.map((raw) => {
    const n = obj(raw);
    return {
      id: str(n.id, 50),
      name: str(n.name, 50),
      ico: str(n.ico, 50),
      top: typeof n.top === 'number' || typeof n.top === 'string' ? n.top : 0,
      left: typeof n.left === 'number' || typeof n.left === 'string' ? n.left : 0,
      bgcolor: str(n.bgcolor, 30),
      viewOnly: n.viewOnly === true,
      config: configOf(n.config ?? { kind: n.type }),
    };
  });
  const lines: FlowLine[] = linesIn.map((raw) => {
    const l = obj(raw);
    const line: FlowLine = { from: str(l.from, 50), to: str(l.to, 50), label: str(l.label, 50) };
    if (l.connector !== undefined) line.connector = l.connector;
    if (l.anchors !== undefined) line.anchors = l.anchors;
    if (l.paintStyle !== undefined) line.paintStyle = l.paintStyle;
    const c = obj(l.condition);
    if (l.condition) {
      const rules = (Array.isArray(c.rules) ? c.rules : []).map((r) => {
        const rr = obj(r);
        const op = (['>', '>=', '<', '<=', '==', '!=', 'in'] as const).find((x) => x === rr.op) ?? '==';
        const value = Array.isArray(rr.value) ? rr.value.map((x) => str(x)) : typeof rr.value === 'number' ? rr.value : str(rr.value);
        return { field: str(rr.field, 50), op, value };
      });
      line.condition = { rules, ...(c.isDefault === true ? { isDefault: true } : {}) };
    }
    return line;
  });
  const s = obj(o.settings);
  const settings: FlowSettings = {
    duplicateRule: s.duplicateRule === 'once' || s.duplicateRule === 'consecutive' ? s.duplicateRule : 'none',
    resumeAtReturner: s.resumeAtReturner === true,
    revokeBeforeDecisionOnly: s.revokeBeforeDecisionOnly === true,
    holidays: (Array.isArray(s.holidays) ? s.holidays : [])
      .map((h) => str(h, 10))
      .filter((h) => /^\d{4}-\d{2}-\d{2}$/.test(h))
      .slice(0, 100),
  };
  return { nodes, lines, settings };
}

function checkGraph(flow: WorlFlowJson): void {
  const problem = validateFlow(flow);
  if (problem) throw new FlowProblem(problem.msg, problem.nodeId);
}

async function assertWorkflowForm(db: DbOrTx, formMode: string): Promise<string> {
  const form = await db.selectFrom('forms').select(['mode', 'title', 'is_workflow']).where('mode', '=', formMode).executeTakeFirst();
  if (!form) throw badRequest('绑定的表单不存在');
  if (form.is_workflow !== 1) throw badRequest('该表单不是审批表单');
  return form.title;
}

export async function addFlow(ctx: AppContext, actor: Actor, input: FlowInput): Promise<number> {
  const flow = parseFlowJson(input.json);
  checkGraph(flow);
  const now = ctx.clock().toISOString();
  return transact(ctx, async (tx) => {
    await assertWorkflowForm(tx, input.formMode);
    const { id } = await tx
      .insertInto('wf_flows')
      .values({
        name: input.name,
        category: input.category,
        form_mode: input.formMode,
        status: 1,
        version_id: null,
        beizhu: input.beizhu,
        created_by: actor.userId,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const v = await tx
      .insertInto('wf_flow_versions')
      .values({ flow_id: id, version: 1, json: JSON.stringify(flow), created_by: actor.userId, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await tx.updateTable('wf_flows').set({ version_id: v.id }).where('id', '=', id).execute();
    return id;
  });
}

/** Saves a flow; a changed graph becomes a new version (running instances keep theirs). Returns the version number. */
export async function editFlow(ctx: AppContext, actor: Actor, id: number, input: Partial<FlowInput>): Promise<number> {
  const now = ctx.clock().toISOString();
  return transact(ctx, async (tx) => {
    const row = await tx.selectFrom('wf_flows').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw notFound('流程不存在');
    if (input.formMode && input.formMode !== row.form_mode) await assertWorkflowForm(tx, input.formMode);
    const current = row.version_id
      ? await tx.selectFrom('wf_flow_versions').select(['id', 'version', 'json']).where('id', '=', row.version_id).executeTakeFirst()
      : undefined;
    let versionId = row.version_id;
    let version = current?.version ?? 0;
    if (input.json !== undefined && input.json !== '') {
      const flow = parseFlowJson(input.json);
      checkGraph(flow);
      const json = JSON.stringify(flow);
      if (json !== current?.json) {
        const last = await tx
          .selectFrom('wf_flow_versions')
          .select((eb) => eb.fn.max('version').as('v'))
          .where('flow_id', '=', id)
          .executeTakeFirst();
        version = Number(last?.v ?? 0) + 1;
        const v = await tx
          .insertInto('wf_flow_versions')
          .values({ flow_id: id, version, json, created_by: actor.userId, created_at: now })
          .returning('id')
          .executeTakeFirstOrThrow();
        versionId = v.id;
      }
    }
    await tx
      .updateTable('wf_flows')
      .set({
        name: input.name || row.name,
        category: input.category ?? row.category,
        form_mode: input.formMode || row.form_mode,
        beizhu: input.beizhu ?? row.beizhu,
        version_id: versionId,
        updated_at: now,
      })
      .where('id', '=', id)
      .execute();
    return version;
  });
}

export async function flowDetail(ctx: AppContext, id: number, versionId?: number): Promise<FlowDetail> {
  const row = await ctx.db
    .selectFrom('wf_flows as f')
    .leftJoin('forms as fm', 'fm.mode', 'f.form_mode')
    .select(['f.id', 'f.name', 'f.category', 'f.form_mode', 'f.status', 'f.version_id', 'f.beizhu', 'f.updated_at', 'fm.title as form_title'])
    .where('f.id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound('流程不存在');
  const versions = await ctx.db
    .selectFrom('wf_flow_versions')
    .select(['id', 'version', 'created_at'])
    .where('flow_id', '=', id)
    .orderBy('version', 'desc')
    .execute();
  const vid = versionId && versions.some((v) => v.id === versionId) ? versionId : row.version_id;
  const json = vid ? await loadVersion(ctx.db, vid) : { nodes: [], lines: [] };
  const used = await ctx.db.selectFrom('wf_instances').select('id').where('flow_id', '=', id).executeTakeFirst();
  return {
    id: row.id,
    name: row.name,
    category: row.category,
    formMode: row.form_mode,
    formTitle: row.form_title ?? '',
    status: row.status,
    beizhu: row.beizhu,
    versionId: vid,
    version: versions.find((v) => v.id === vid)?.version ?? 0,
    versions: versions.map((v) => ({ id: v.id, version: v.version, addTime: formatShanghai(v.created_at).slice(0, 16) })),
    inUse: used !== undefined,
    WorlFlowJson: json,
  };
}

export type FlowListInput = { page: number; rows: number; key: string; status?: number; formMode: string };

export async function listFlows(ctx: AppContext, input: FlowListInput): Promise<ListReply<FlowRow>> {
  const base = () => {
    let q = ctx.db.selectFrom('wf_flows as f');
    if (input.key) q = q.where(containsLike('f.name', input.key));
    if (input.status !== undefined) q = q.where('f.status', '=', input.status);
    if (input.formMode) q = q.where('f.form_mode', '=', input.formMode);
    return q;
  };
  const [{ n }, rows] = await Promise.all([
    base()
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
    base()
      .leftJoin('forms as fm', 'fm.mode', 'f.form_mode')
      .leftJoin('wf_flow_versions as v', 'v.id', 'f.version_id')
      .leftJoin('users as u', 'u.id', 'f.created_by')
      .select(['f.id', 'f.name', 'f.category', 'f.form_mode', 'f.status', 'f.beizhu', 'f.updated_at', 'fm.title as form_title', 'v.version', 'u.nick_name'])
      .orderBy('f.id', 'desc')
      .limit(input.rows)
      .offset((input.page - 1) * input.rows)
      .execute(),
  ]);
  const ids = rows.map((r) => r.id);
  const used = ids.length
    ? await ctx.db
        .selectFrom('wf_instances')
        .select(['flow_id', (eb) => eb.fn.countAll<number>().as('n')])
        .where('flow_id', 'in', ids)
        .groupBy('flow_id')
        .execute()
    : [];
  return {
    rows: rows.map((r) => ({
      id: r.id,
      name: r.name,
      category: r.category,
      formMode: r.form_mode,
      formTitle: r.form_title ?? '',
      status: r.status,
      beizhu: r.beizhu,
      version: r.version ?? 0,
      UserName: r.nick_name ?? '',
      updateTime: formatShanghai(r.updated_at).slice(0, 16),
      instances: Number(used.find((u) => u.flow_id === r.id)?.n ?? 0),
    })),
    total: Number(n),
  };
}

export async function changeFlowStatus(ctx: AppContext, id: number, status: 0 | 1): Promise<void> {
  const res = await ctx.db.updateTable('wf_flows').set({ status, updated_at: ctx.clock().toISOString() }).where('id', '=', id).executeTakeFirst();
  if (Number(res.numUpdatedRows) === 0) throw notFound('流程不存在');
}

/** Copies a flow (its current version) as a new, disabled flow named …(副本). */
export async function copyFlow(ctx: AppContext, actor: Actor, id: number): Promise<number> {
  const d = await flowDetail(ctx, id);
  const newId = await addFlow(ctx, actor, {
    name: `${d.name}(副本)`.slice(0, 50),
    category: d.category,
    formMode: d.formMode,
    beizhu: d.beizhu,
    json: d.WorlFlowJson,
  });
  await changeFlowStatus(ctx, newId, 0);
  return newId;
}

/** Deletes flows nobody has submitted to; a used flow can only be disabled. */
export async function deleteFlows(ctx: AppContext, ids: number[]): Promise<void> {
  await transact(ctx, async (tx) => {
    const used = await tx.selectFrom('wf_instances').select('flow_id').where('flow_id', 'in', ids).executeTakeFirst();
    if (used) throw badRequest('流程已被使用，不能删除，请停用');
    await tx.deleteFrom('wf_flow_versions').where('flow_id', 'in', ids).execute();
    await tx.deleteFrom('wf_flows').where('id', 'in', ids).execute();
  });
}

/** The node config of one node (spec `getNodeConfig {nodeid}`: `type` start or other, and `writeField`). */
export async function nodeConfig(ctx: AppContext, versionId: number, nodeId: string): Promise<ApprovalNodeConfig> {
  const flow = await loadVersion(ctx.db, versionId);
  const node = flow.nodes.find((n) => n.id === nodeId);
  if (!node) throw notFound('流程节点不存在');
  return {
    id: node.id,
    name: node.name,
    type: node.config.kind === 'start' ? 'start' : 'other',
    kind: node.config.kind,
    writeField: node.config.writeField ?? {},
  };
}

/** Enabled flows by category, with their bound form, for 新建流程. */
export async function enabledFlows(ctx: AppContext): Promise<EnabledFlow[]> {
  const rows = await ctx.db
    .selectFrom('wf_flows as f')
    .innerJoin('forms as fm', 'fm.mode', 'f.form_mode')
    .select(['f.id', 'f.name', 'f.category', 'f.form_mode', 'f.beizhu', 'f.version_id', 'fm.id as form_id', 'fm.title as form_title', 'fm.api_add'])
    .where('f.status', '=', 1)
    .orderBy('f.category')
    .orderBy('f.id')
    .execute();
  const out: EnabledFlow[] = [];
  for (const r of rows) {
    const flow = r.version_id ? await loadVersion(ctx.db, r.version_id) : { nodes: [], lines: [] };
    const chosen = flow.nodes.filter((n) => n.config.approver?.type === 'chosen').map((n) => ({ nodeId: n.id, name: n.name }));
    out.push({
      id: r.id,
      name: r.name,
      category: r.category || '其他',
      formMode: r.form_mode,
      formId: r.form_id,
      formTitle: r.form_title,
      apiAdd: r.api_add,
      beizhu: r.beizhu,
      chosenNodes: chosen,
    });
  }
  return out;
}

/** The flow designer's directory: roles and employed staff (choosing approvers, showing chosen members). */
export async function flowDirectory(ctx: AppContext): Promise<FlowDirectory> {
  return {
    roles: await ctx.db.selectFrom('roles').select(['id', 'name']).orderBy('id').execute(),
    users: (await ctx.db.selectFrom('users').select(['id', 'nick_name']).where('quit_status', '=', 0).orderBy('id').execute()).map((u) => ({
      id: u.id,
      name: u.nick_name,
    })),
  };
}

/** Every flow's name and category (the approval lists' flow filter). */
export async function flowOptions(ctx: AppContext): Promise<FlowOption[]> {
  return ctx.db.selectFrom('wf_flows').select(['id', 'name', 'category']).orderBy('id').execute();
}

/** isCC: whether a form (by mode or title) has an enabled flow, and which. */
export async function approvalFlowOfForm(ctx: AppContext, formName: string): Promise<FormApprovalFlow> {
  const flow = await ctx.db
    .selectFrom('wf_flows as f')
    .innerJoin('forms as fm', 'fm.mode', 'f.form_mode')
    .select(['f.id'])
    .where('f.status', '=', 1)
    .where((eb) => eb.or([eb('fm.mode', '=', formName), eb('fm.title', '=', formName)]))
    .executeTakeFirst();
  return { isCC: flow !== undefined, flowId: flow?.id ?? 0 };
}
