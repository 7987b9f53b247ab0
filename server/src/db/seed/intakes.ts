import { insertIntake } from '../../modules/crm/intake/intake.service';
import { addFlow } from '../../modules/oa/workflow/flow.service';
import type { WorlFlowJson } from '../../modules/oa/workflow/flow-graph';
import { ROLE_FINANCE } from '../../modules/system/role/seed-roles';
import type { Db } from '../database';
import { transact } from '../transact';
import { createSeedWorkflow, flowConnector as connector, flowPos as pos, type SeedDecision } from './seed-workflow';

/**
 * Demo 进件: the 进件审核 flow bound to the `intake` form (部门经理 → 财务, 或签 among the 财务 role),
 * one enabled 进件 print template whose placeholders are what the 进件 pages fill, and intakes in every
 * state produced by the engine itself (审核中 at the manager, 审核中 at 财务, 通过, 未通过, returned).
 * The demo intakes carry no 进件资料: the seed has no file storage to put real uploads in.
 */

export function intakeFlowJson(financeRoleId: number): WorlFlowJson {
  return {
    nodes: [
      { id: 'start', name: '发起人', ico: 'el-icon-user', ...pos(260, 20), bgcolor: '#e6f7ff', config: { kind: 'start' } },
      { id: 'manager', name: '部门经理', ico: 'el-icon-s-check', ...pos(260, 120), config: { kind: 'approver', approver: { type: 'head' }, mode: 'or', emptyRule: 'admin', selfRule: 'head' } },
      { id: 'finance', name: '财务审核', ico: 'el-icon-s-finance', ...pos(260, 220), config: { kind: 'approver', approver: { type: 'role', roleId: financeRoleId }, mode: 'or', emptyRule: 'admin' } },
      { id: 'end', name: '结束', ico: 'el-icon-circle-check', ...pos(260, 320), bgcolor: '#f6ffed', config: { kind: 'end' } },
    ],
    lines: [
      { from: 'start', to: 'manager', label: '', connector },
      { from: 'manager', to: 'finance', label: '', connector },
      { from: 'finance', to: 'end', label: '', connector },
    ],
    settings: { duplicateRule: 'once', resumeAtReturner: true, revokeBeforeDecisionOnly: false, holidays: [] },
  };
}

/** The 进件 print template: its placeholders are PRINT_PLACEHOLDERS.entry (shared-ui print-template.ts). */
export const INTAKE_PRINT_TEMPLATE =
  '<h2 style="text-align:center">进件单</h2><p>进件编号：{{entrySn}}　　进件日期：{{riqi}}</p><p>客户名称：{{customerName}}</p><p>关联合同：{{contractName}}</p><p>进件金额：{{Money}} 元（大写：{{MoneyUpper}}）</p><p>进件资料：{{fileNames}}</p><p>提交人：{{UserName}}（{{BranchName}}）　　提交时间：{{AddTime}}　　审批状态：{{statusText}}</p><p>备注：{{beizhu}}</p><p style="margin-top:32px">经办人签字：__________　　部门经理：__________　　财务：__________</p>';

export async function seedIntakes(db: Db, now: Date): Promise<void> {
  const { ctx, now: seedNow, tick, actor, decideAs } = await createSeedWorkflow(db, new Date(now.getTime() - 5 * 86400_000));
  const admin = actor('admin');
  const financeRole = await db.selectFrom('roles').select('id').where('name', '=', ROLE_FINANCE).executeTakeFirstOrThrow();
  const at = new Date(seedNow().getTime() - 86400_000).toISOString();
  await db.insertInto('print_templates').values({ name: '进件单', module: 'entry', content: INTAKE_PRINT_TEMPLATE, status: 1, created_by: admin.userId, created_at: at, updated_at: at }).execute();
  await addFlow(ctx, admin, { name: '进件审核', category: '客户', formMode: 'intake', beizhu: '部门经理审批，再由财务审核', json: intakeFlowJson(financeRole.id) });

  const act = async (taskId: number, username: string, action: SeedDecision, ext: string) => {
    tick(3);
    await decideAs(taskId, username, action, ext);
  };
  /** An intake of `username` for their first own customer (with its first contract, if any). */
  const intake = async (username: string, amount: number, beizhu: string) => {
    tick(5);
    const a = actor(username);
    const customer = await db.selectFrom('customers').select(['id', 'customer_name']).where('owner_id', '=', a.userId).where('gonghai', '=', 0).orderBy('id').executeTakeFirstOrThrow();
    const contract = await db.selectFrom('contracts').select(['id', 'order_sn']).where('customer_id', '=', customer.id).orderBy('id').executeTakeFirst();
    const riqi = new Date(seedNow().getTime() + 8 * 3600_000).toISOString().slice(0, 10);
    const r = await transact(ctx, (tx) =>
      insertIntake(ctx, tx, a, { customerId: customer.id, customerName: customer.customer_name, contractId: contract?.id, contractSn: contract?.order_sn ?? '', cents: amount * 100, riqi, files: [], beizhu }, []),
    );
    return r.taskid;
  };

  // 审核中 at 部门经理.
  await intake('sales1', 50000, '首期进件');
  // 审核中 at 财务 (张伟 approved).
  const b = await intake('sales2', 128000, '');
  await act(b, 'manager1', 'approve', '资料齐全，同意');
  // 通过.
  const c = await intake('sales5', 86000, '续签客户');
  await act(c, 'manager2', 'approve', '同意');
  await act(c, 'finance1', 'approve', '已核对');
  // 未通过 at 财务.
  const d = await intake('sales6', 230000, '');
  await act(d, 'manager2', 'approve', '同意');
  await act(d, 'finance2', 'refuse', '进件金额与合同不符，请核对');
  // 退回 to the submitter (待审).
  const e = await intake('sales9', 45000, '');
  await act(e, 'manager3', 'return', '请补充营业执照复印件');
}
