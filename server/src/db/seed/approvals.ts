import { addExpense } from '../../modules/oa/expense/expense.service';
import { addFlow } from '../../modules/oa/workflow/flow.service';
import type { WorlFlowJson } from '../../modules/oa/workflow/flow-graph';
import { revoke } from '../../modules/oa/workflow/withdraw-and-urge';
import { submitInstance } from '../../modules/oa/workflow/submit-approval';
import type { Db } from '../database';
import { transact } from '../transact';
import { createSeedWorkflow, flowConnector as connector, flowPos as pos } from './seed-workflow';

/**
 * Demo approvals: the 费用报销 flow (部门经理 → 金额 > 5000 → 财务主管) and a 请假 work form with its
 * flow (直接上级 → 天数 > 3 → 第二级上级), and instances in every state, produced by the engine itself
 * so that the lists, the panel and the statistics show true rows on first start.
 */

export function expenseFlowJson(financeUserId: number): WorlFlowJson {
  return {
    nodes: [
      { id: 'start', name: '发起人', ico: 'el-icon-user', ...pos(260, 20), bgcolor: '#e6f7ff', config: { kind: 'start' } },
      {
        id: 'manager',
        name: '部门经理',
        ico: 'el-icon-s-check',
        ...pos(260, 120),
        config: { kind: 'approver', approver: { type: 'head' }, mode: 'or', emptyRule: 'admin', selfRule: 'head', writeField: { beizhu: 'edit' } },
      },
      { id: 'amount', name: '金额判断', ico: 'el-icon-share', ...pos(260, 220), config: { kind: 'condition' } },
      {
        id: 'finance',
        name: '财务主管',
        ico: 'el-icon-s-finance',
        ...pos(120, 320),
        config: {
          kind: 'approver',
          approver: { type: 'users', userIds: [financeUserId] },
          mode: 'or',
          emptyRule: 'admin',
          timeout: { hours: 24, workingDays: true, action: 'remind' },
        },
      },
      { id: 'end', name: '结束', ico: 'el-icon-circle-check', ...pos(260, 420), bgcolor: '#f6ffed', config: { kind: 'end' } },
    ],
    lines: [
      { from: 'start', to: 'manager', label: '', connector },
      { from: 'manager', to: 'amount', label: '', connector },
      { from: 'amount', to: 'finance', label: '金额 > 5000', connector, condition: { rules: [{ field: 'Money', op: '>', value: 5000 }] } },
      { from: 'amount', to: 'end', label: '其他', connector, condition: { rules: [], isDefault: true } },
      { from: 'finance', to: 'end', label: '', connector },
    ],
    settings: { duplicateRule: 'once', resumeAtReturner: true, revokeBeforeDecisionOnly: false, holidays: [] },
  };
}

export function leaveFlowJson(): WorlFlowJson {
  return {
    nodes: [
      { id: 'start', name: '发起人', ico: 'el-icon-user', ...pos(260, 20), config: { kind: 'start' } },
      {
        id: 'superior',
        name: '直接上级',
        ico: 'el-icon-s-check',
        ...pos(260, 120),
        config: { kind: 'approver', approver: { type: 'superior', level: 1 }, mode: 'or', emptyRule: 'admin' },
      },
      { id: 'days', name: '天数判断', ico: 'el-icon-share', ...pos(260, 220), config: { kind: 'condition' } },
      {
        id: 'boss',
        name: '第二级上级',
        ico: 'el-icon-s-check',
        ...pos(120, 320),
        config: { kind: 'approver', approver: { type: 'superior', level: 2 }, mode: 'or', emptyRule: 'pass' },
      },
      { id: 'hr', name: '抄送行政', ico: 'el-icon-message', ...pos(260, 420), config: { kind: 'cc', cc: [1] } },
      { id: 'end', name: '结束', ico: 'el-icon-circle-check', ...pos(260, 520), config: { kind: 'end' } },
    ],
    lines: [
      { from: 'start', to: 'superior', connector },
      { from: 'superior', to: 'days', connector },
      { from: 'days', to: 'boss', label: '天数 > 3', connector, condition: { rules: [{ field: 'days', op: '>', value: 3 }] } },
      { from: 'days', to: 'hr', label: '其他', connector, condition: { rules: [], isDefault: true } },
      { from: 'boss', to: 'hr', connector },
      { from: 'hr', to: 'end', connector },
    ],
    settings: { duplicateRule: 'none', resumeAtReturner: false, revokeBeforeDecisionOnly: true, holidays: [] },
  };
}

const LEAVE_FIELDS = [
  { type: 'select', field: 'leaveType', title: '请假类型', required: true, options: ['年假', '事假', '病假', '调休'].map((l) => ({ label: l, value: l })) },
  { type: 'number', field: 'days', title: '请假天数', required: true },
  { type: 'date', field: 'startDate', title: '开始日期', required: true },
  { type: 'date', field: 'endDate', title: '结束日期', required: true, notBefore: 'startDate' },
  { type: 'textarea', field: 'reason', title: '请假事由', required: true, max: 300, rows: 3, column: 2 },
];

/** The 请假申请 work form (demo data; real installations design work forms in 系统设置). */
async function addLeaveForm(db: Db, now: string): Promise<void> {
  const exists = await db.selectFrom('forms').select('id').where('mode', '=', 'leave').executeTakeFirst();
  if (exists) return;
  const { id } = await db
    .insertInto('forms')
    .values({
      mode: 'leave',
      title: '请假申请',
      cols: 2,
      labelwidth: 100,
      labelposition: 'right',
      labelbg: '',
      api_add: 'api/WorkFlow/Approval',
      api_edit: '',
      api_detail: '',
      category: '行政',
      is_workflow: 1,
      is_builtin: 0,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('form_fields')
    .values(LEAVE_FIELDS.map((f, i) => ({ form_id: id, sort: i, json: JSON.stringify(f), status: 1, isshow: 1 })))
    .execute();
}

export async function seedApprovals(db: Db, now: Date): Promise<void> {
  const { ctx, now: seedNow, tick, actor, decideAs } = await createSeedWorkflow(db, new Date(now.getTime() - 6 * 86400_000));
  const admin = actor('admin');
  const finance = actor('finance1');
  await addLeaveForm(db, seedNow().toISOString());
  await addFlow(ctx, admin, {
    name: '费用报销',
    category: '财务',
    formMode: 'baoxiao',
    beizhu: '部门经理审批；金额超过5000元再由财务主管审批',
    json: expenseFlowJson(finance.userId),
  });
  const leaveFlowId = await addFlow(ctx, admin, {
    name: '请假申请',
    category: '行政',
    formMode: 'leave',
    beizhu: '直接上级审批；超过3天再由第二级上级审批',
    json: leaveFlowJson(),
  });

  const approve = async (taskId: number, username: string, ext = '同意') => {
    tick(3);
    await decideAs(taskId, username, 'approve', ext);
  };
  const claim = async (username: string, title: string, lines: { amount: string; category: string }[], cc: string[] = []) => {
    tick(5);
    const day = seedNow().toISOString().slice(0, 10);
    const r = await addExpense(
      ctx,
      actor(username),
      { type: 1, title, riqi: day, project: '', beizhu: '', items: lines.map((l) => ({ ...l, riqi: day, ext: title })), pictures: [] },
      cc.map((c) => actor(c).userId),
      {},
    );
    return r.taskid;
  };
  const leave = async (username: string, days: number, reason: string) => {
    tick(4);
    const a = actor(username);
    const day = seedNow().toISOString().slice(0, 10);
    const data = { leaveType: days > 3 ? '年假' : '事假', days: String(days), startDate: day, endDate: day, reason };
    const inst = await transact(ctx, async (tx) => {
      const form = await tx.selectFrom('forms').select('id').where('mode', '=', 'leave').executeTakeFirstOrThrow();
      const rec = await tx
        .insertInto('module_records')
        .values({
          form_id: form.id,
          data: JSON.stringify(data),
          created_by: a.userId,
          created_at: seedNow().toISOString(),
          updated_at: seedNow().toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return submitInstance(ctx, tx, a, {
        flowId: leaveFlowId,
        formMode: 'leave',
        recordId: rec.id,
        title: `${a.nickName}的请假申请（${days}天）`,
        data,
        cc: [],
        chosen: {},
      });
    });
    return inst.id;
  };

  // 审核中 at 财务主管 (6,000 with a cc), after 张伟 approved.
  const a = await claim(
    'sales1',
    '上海客户拜访差旅',
    [
      { amount: '3800', category: '差旅费' },
      { amount: '2200', category: '住宿费' },
    ],
    ['sales2'],
  );
  await approve(a, 'manager1', '情况属实，同意');
  // 待审 at 部门经理.
  await claim('sales2', '客户招待', [{ amount: '800', category: '餐饮招待' }]);
  // 通过 (≤ 5,000: the manager alone).
  const c = await claim('sales3', '市内交通', [
    { amount: '320.50', category: '交通费' },
    { amount: '2879.50', category: '办公用品' },
  ]);
  await approve(c, 'manager1');
  // 未通过 at 财务主管.
  const d = await claim('sales4', '展会物料', [{ amount: '12000', category: '其他' }]);
  await approve(d, 'manager1');
  tick(2);
  await decideAs(d, 'finance1', 'refuse', '超出本季度预算，请拆分后重新申请');
  // 退回 to the submitter (待审, 重新提交 in the panel).
  const e = await claim('sales5', '季度培训费', [{ amount: '7000', category: '培训费' }]);
  await approve(e, 'manager2');
  tick(2);
  await decideAs(e, 'finance1', 'return', '请补充培训发票');
  // 已撤回.
  const w = await claim('sales9', '打印耗材', [{ amount: '450', category: '办公用品' }]);
  tick(1);
  await revoke(ctx, actor('sales9'), w);
  // 请假: one waiting for 张伟, one passed through two levels.
  await leave('sales1', 2, '家中有事');
  const l2 = await leave('sales6', 5, '年假出游');
  await approve(l2, 'manager2');
  await approve(l2, 'admin');
}
