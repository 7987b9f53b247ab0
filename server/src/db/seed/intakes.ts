import fs from 'node:fs/promises';
import path from 'node:path';
import { insertIntake, type IntakeFile } from '../../modules/crm/intake/intake.service';
import { newStoredName } from '../../modules/file/file-upload';
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
 * Each carries 进件资料 (营业执照 and 银行流水, small PDFs written to the upload folder as their
 * submitter's uploads) that its approvers open from the approval; without an upload folder (a
 * database seeded for copying, e.g. the tests' template) the intakes carry none.
 */

export function intakeFlowJson(financeRoleId: number): WorlFlowJson {
  return {
    nodes: [
      { id: 'start', name: '发起人', ico: 'el-icon-user', ...pos(260, 20), bgcolor: '#e6f7ff', config: { kind: 'start' } },
      {
        id: 'manager',
        name: '部门经理',
        ico: 'el-icon-s-check',
        ...pos(260, 120),
        config: { kind: 'approver', approver: { type: 'head' }, mode: 'or', emptyRule: 'admin', selfRule: 'head' },
      },
      {
        id: 'finance',
        name: '财务审核',
        ico: 'el-icon-s-finance',
        ...pos(260, 220),
        config: { kind: 'approver', approver: { type: 'role', roleId: financeRoleId }, mode: 'or', emptyRule: 'admin' },
      },
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

/** A one-page PDF standing in for a scanned document. */
function demoPdf(title: string): Buffer {
  const text = `BT /F1 18 Tf 72 720 Td (${title}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${text.length} >>\nstream\n${text}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

const DEMO_DOCUMENTS = [
  { name: '营业执照.pdf', title: 'Business licence (demo)' },
  { name: '银行流水.pdf', title: 'Bank statement (demo)' },
];

/** The submitter's uploads of the demo documents: on disk in `uploadDir` and in `files`. */
async function demoDocuments(db: Db, uploadDir: string | undefined, userId: number, at: string): Promise<IntakeFile[]> {
  if (!uploadDir) return [];
  await fs.mkdir(uploadDir, { recursive: true });
  const out: IntakeFile[] = [];
  for (const doc of DEMO_DOCUMENTS) {
    const content = demoPdf(doc.title);
    const storedName = newStoredName('pdf');
    await fs.writeFile(path.join(uploadDir, storedName), content);
    const url = `/files/${storedName}`;
    const row = await db
      .insertInto('files')
      .values({
        stored_name: storedName,
        original_name: doc.name,
        url,
        format: 'pdf',
        mime: 'application/pdf',
        size_bytes: content.length,
        is_image: 0,
        user_id: userId,
        model_id: 0,
        pic_type: 'file',
        code: `seed-intake-${userId}`,
        user_type: '',
        category_id: 0,
        created_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    out.push({ id: row.id, url, FileName: doc.name, format: 'pdf', size: content.length });
  }
  return out;
}

export async function seedIntakes(db: Db, now: Date, uploadDir?: string): Promise<void> {
  const { ctx, now: seedNow, tick, actor, decideAs } = await createSeedWorkflow(db, new Date(now.getTime() - 5 * 86400_000));
  const admin = actor('admin');
  const financeRole = await db.selectFrom('roles').select('id').where('name', '=', ROLE_FINANCE).executeTakeFirstOrThrow();
  const at = new Date(seedNow().getTime() - 86400_000).toISOString();
  await db
    .insertInto('print_templates')
    .values({ name: '进件单', module: 'entry', content: INTAKE_PRINT_TEMPLATE, status: 1, created_by: admin.userId, created_at: at, updated_at: at })
    .execute();
  await addFlow(ctx, admin, {
    name: '进件审核',
    category: '客户',
    formMode: 'intake',
    beizhu: '部门经理审批，再由财务审核',
    json: intakeFlowJson(financeRole.id),
  });

  const act = async (taskId: number, username: string, action: SeedDecision, ext: string) => {
    tick(3);
    await decideAs(taskId, username, action, ext);
  };
  /** An intake of `username` for their first own customer (with its first contract, if any). */
  const intake = async (username: string, amount: number, beizhu: string) => {
    tick(5);
    const a = actor(username);
    const customer = await db
      .selectFrom('customers')
      .select(['id', 'customer_name'])
      .where('owner_id', '=', a.userId)
      .where('gonghai', '=', 0)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const contract = await db.selectFrom('contracts').select(['id', 'order_sn']).where('customer_id', '=', customer.id).orderBy('id').executeTakeFirst();
    const riqi = new Date(seedNow().getTime() + 8 * 3600_000).toISOString().slice(0, 10);
    const files = await demoDocuments(db, uploadDir, a.userId, seedNow().toISOString());
    const r = await transact(ctx, (tx) =>
      insertIntake(
        ctx,
        tx,
        a,
        {
          customerId: customer.id,
          customerName: customer.customer_name,
          contractId: contract?.id,
          contractSn: contract?.order_sn ?? '',
          cents: amount * 100,
          riqi,
          files,
          beizhu,
        },
        [],
      ),
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
