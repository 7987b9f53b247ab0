/** 提交审批: starting an instance of a form's enabled flow (a business record's, or a work form's). */
import type { CcList } from '@portal/shared-contract';
import type { AppContext } from '../../../app-context';
import type { DbTx } from '../../../db/database';
import { badRequest } from '../../../http/errors';
import type { Actor } from '../../auth/session/actor';
import { afterNode, enterNodes, type InstanceState } from './engine';
import { startNode } from './flow-graph';
import { linkApprovalFiles } from './approval-files';
import { INSTANCE_STATUS, loadInstance, loadOrg, loadVersion, type InstanceRow } from './workflow-store';
import { CC_MAX, assertEmployed, type Engine, log, addCc, planEnv, applyPlan } from './approval-progress';
import { transact } from '../../../db/transact';
import { definitionsOf, loadFields } from '../../system/form/form.service';
import { checkFieldRelations, enforceLinkage } from '../../system/module-record/record-validation';
import { withCompanionNames } from '../../system/form/form-companions';
import { userIdsOfValue } from './approver-resolution';
import { ccIds } from './approval-input';

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
    if (n.config.approver?.type === 'chosen' && !chosen[n.id]?.length) throw badRequest(`请选择「${n.name}」的审批人`);
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

/** 新建流程 with a work form (api/WorkFlow/Approval): the form's record and the instance, in one transaction. */
export async function submitWorkForm(
  ctx: AppContext,
  actor: Actor,
  input: { flowId: number; title: string; data?: Record<string, unknown>; cc?: CcList; chosen?: Record<string, unknown> },
): Promise<number> {
  const data = input.data ?? {};
  const chosen = Object.fromEntries(Object.entries(input.chosen ?? {}).map(([k, v]) => [k, userIdsOfValue(v)]));
  const cc = ccIds(input.cc);
  return transact(ctx, async (tx) => {
    const flow = await tx
      .selectFrom('wf_flows as f')
      .innerJoin('forms as fm', 'fm.mode', 'f.form_mode')
      .select(['f.id', 'f.name', 'f.form_mode', 'fm.id as form_id'])
      .where('f.id', '=', input.flowId)
      .where('f.status', '=', 1)
      .executeTakeFirst();
    if (!flow) throw badRequest('流程不存在或已停用');
    if (flow.form_mode === 'baoxiao') throw badRequest('费用报销请通过报销单提交');
    const now = ctx.clock().toISOString();
    // The work form's field linkage (issue #9): hidden fields' values dropped, conditionally required ones refused when empty.
    const defs = definitionsOf(await loadFields(tx, flow.form_id, { enabledOnly: true, shownOnly: true }));
    // The rules between fields (结束日期 not before 开始日期 …), as the form checks them; the pickers'
    // display texts and the 填写人 as the database has them, for every viewer of the snapshot.
    checkFieldRelations(defs, enforceLinkage(defs, data));
    const kept = await withCompanionNames(tx, defs, enforceLinkage(defs, data), actor);
    const rec = await tx
      .insertInto('module_records')
      .values({ form_id: flow.form_id, data: JSON.stringify(kept), created_by: actor.userId, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const title = input.title || `${actor.nickName}的${flow.name}`;
    const inst = await submitInstance(ctx, tx, actor, { flowId: flow.id, formMode: flow.form_mode, recordId: rec.id, title, data: kept, cc, chosen });
    return inst.id;
  });
}
