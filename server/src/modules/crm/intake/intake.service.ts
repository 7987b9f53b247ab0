/**
 * 进件 (intake records, spec §7 api/customer/EntryAudit {form}, EntryAuditdetail {id}): a customer's
 * intake with its amount, date and 进件资料, entered through the builtin work form `intake` and
 * submitted through the enabled flow bound to it (seeded: 进件审核, 部门经理 → 财务). The record's
 * status follows the instance in the same transaction, as 报销 does (oa/expense).
 *
 * Who sees an intake: the data scope on the record (its submitter as owner, the submitter's
 * department as branch, the customer's participants as participants), and whoever may open its
 * approval (approvers, cc, 全部审批, superiors). An intake can only be submitted for a customer in the
 * submitter's own data scope (not a public-pool customer, not a blacklisted one).
 */
import type { AttachmentList, IntakeFile, IntakeRow, SubmittedIntake } from '@portal/shared-contract';
import { sql, type SqlBool } from 'kysely';
import type { AppContext } from '../../../app-context';
import type { DbOrTx, DbTx } from '../../../db/database';
import { transact } from '../../../db/transact';
import type { ListReply } from '../../../http/envelope';
import { badRequest, forbidden, notFound } from '../../../http/errors';
import { formatShanghai } from '../../../lib/time';
import type { Actor } from '../../auth/session/actor';
import { containsAny } from '../../shared/contains-search';
import { CUSTOMER_SCOPE, dataScope, type Scene, type ScopeTarget } from '../../shared/data-scope';
import { loadBranchIndex } from '../../system/branch/branch-index';
import { requireForm } from '../../system/form/form.service';
import { validateAgainstForm } from '../../system/module-record/module-record.service';
import { nextNumber } from '../../system/settings/settings.service';
import { submitInstance } from '../../oa/workflow/submit-approval';
import { assertNotBlacklistedCustomer } from '../customer/customer-blacklist';
import { INSTANCE_STATUS, INSTANCE_STATUS_TEXT, registerStatusFollower } from '../../oa/workflow/workflow-store';

export const INTAKE_MODE = 'intake';
export const MSG_INTAKE_NOT_FOUND = '进件不存在';
export const MSG_CUSTOMER_OUT_OF_SCOPE = '该客户不在您的数据范围内，不能提交进件';
export const MSG_POOL_CUSTOMER = '公海客户不能提交进件，请先领取';
export const MSG_CONTRACT_MISMATCH = '关联合同不属于所选客户';
export const MSG_FILES_NOT_OWN = '进件资料只能使用自己上传的文件';
export const MSG_FILES_BAD = '进件资料格式不正确';
export const MSG_NO_VIEW = '没有权限查看此进件';
const MAX_CENTS = 1_000_000_000; // 1000万元

/**
 * Intake records `ir` in a data scope: owner = submitter, branch = the submitter's department,
 * participants = the customer's participants (so `id` names the customer column the participant
 * test looks up).
 */
export const INTAKE_SCOPE: ScopeTarget = {
  id: 'ir.customer_id',
  owner: 'ir.owner_id',
  branch: 'ir.branch_id',
  participants: { table: 'customer_participants', record: 'customer_id', user: 'user_id' },
};

registerStatusFollower(INTAKE_MODE, async (tx, recordId, status, instanceId) => {
  await tx.updateTable('intake_records').set({ status, instance_id: instanceId }).where('id', '=', recordId).execute();
});

export const yuan = (cents: number): string => (Number(cents) / 100).toFixed(2);

/** 进件金额 in yuan → fen: a positive number with at most two decimals. */
export function amountCents(value: unknown): number {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  if (text === '') throw badRequest('进件金额：信息必须填写');
  if (!Number.isNaN(Number(text)) && Number(text) <= 0) throw badRequest('进件金额必须大于0');
  if (!/^\d+(\.\d{1,2})?$/.test(text)) throw badRequest('进件金额格式不正确（最多两位小数）');
  const [whole, frac = ''] = text.split('.');
  const cents = Number(whole) * 100 + Number(frac.padEnd(2, '0'));
  if (!(cents > 0)) throw badRequest('进件金额必须大于0');
  if (cents > MAX_CENTS) throw badRequest('进件金额不能超过10000000元');
  return cents;
}

/** The record's shapes are the contract's (the 进件 pages read the same types). */
export type { IntakeFile, IntakeRow, SubmittedIntake };

/** The 进件资料 as stored: each item one of the actor's own uploads, described from the files table. */
async function ownFiles(db: DbOrTx, actor: Actor, items: AttachmentList): Promise<IntakeFile[]> {
  if (items.length === 0) return [];
  // The list's schema is shared with the approvals' attachments (id optional there): here every item is an upload.
  const ids = items.map((i) => i.id ?? 0);
  if (ids.includes(0)) throw badRequest(MSG_FILES_BAD);
  const rows = await db.selectFrom('files').select(['id', 'url', 'user_id', 'original_name', 'format', 'size_bytes']).where('id', 'in', ids).execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  return items.map((item, i) => {
    const row = byId.get(ids[i]);
    if (!row || row.user_id !== actor.userId || (item.url && item.url !== row.url)) throw badRequest(MSG_FILES_NOT_OWN);
    return { id: row.id, url: row.url, FileName: row.original_name, format: row.format, size: Number(row.size_bytes) };
  });
}

/** The intake form's values as the route's input schema typed them (the client sends them flat or under `form`). */
export type IntakeValues = {
  customerId?: number;
  customerName?: string;
  /** 0: none. */
  contractId?: number;
  contractName?: string;
  /** Yuan. */
  Money?: number;
  riqi?: string;
  files?: AttachmentList;
  beizhu?: string;
};

/**
 * Validates the values against the `intake` form (its enabled fields and linkage: 客户, 进件金额,
 * 进件日期 and 进件资料 required), checks the customer is in the actor's scope, the contract is the
 * customer's and the files are the actor's uploads, numbers the record ('entry' rule) and submits it
 * to the 进件审核 flow, all in one transaction.
 */
export async function submitIntake(ctx: AppContext, actor: Actor, submitted: IntakeValues, cc: number[]): Promise<SubmittedIntake> {
  return transact(ctx, async (tx) => {
    const form = await requireForm(tx, [INTAKE_MODE]);
    const { values: kept } = await validateAgainstForm(tx, form, submitted);
    // The submitted values the form keeps (its linkage drops those of fields it hides).
    const value = <K extends keyof IntakeValues>(key: K): IntakeValues[K] => (key in kept ? submitted[key] : undefined);
    const customerId = value('customerId');
    if (customerId === undefined) throw badRequest('客户：请选择');
    const cents = amountCents(value('Money'));
    const riqi = (value('riqi') ?? '').slice(0, 10);
    if (!/^\d{4}-\d{2}-\d{2}$/.test(riqi)) throw badRequest('进件日期格式不正确（应为 年-月-日）');
    const beizhu = value('beizhu') ?? '';
    if ([...beizhu].length > 300) throw badRequest('备注不能超过300个字符');

    const customer = await tx.selectFrom('customers').select(['id', 'customer_name', 'gonghai']).where('id', '=', customerId).executeTakeFirst();
    if (!customer) throw badRequest('客户不存在');
    if (customer.gonghai === 1) throw badRequest(MSG_POOL_CUSTOMER);
    await assertNotBlacklistedCustomer(tx, [customerId], '提交进件');
    const branches = await loadBranchIndex(tx);
    const inScope = await tx
      .selectFrom('customers as c')
      .select('c.id')
      .where('c.id', '=', customerId)
      .where(dataScope(CUSTOMER_SCOPE, actor, 'all', branches))
      .executeTakeFirst();
    if (!inScope) throw forbidden(MSG_CUSTOMER_OUT_OF_SCOPE);

    const contractId = value('contractId') || undefined;
    let contractSn = '';
    if (contractId !== undefined) {
      const contract = await tx.selectFrom('contracts').select(['id', 'customer_id', 'order_sn']).where('id', '=', contractId).executeTakeFirst();
      if (!contract) throw badRequest('关联合同不存在');
      if (contract.customer_id !== customerId) throw badRequest(MSG_CONTRACT_MISMATCH);
      contractSn = contract.order_sn;
    }
    const files = await ownFiles(tx, actor, value('files') ?? []);
    if (files.length === 0) throw badRequest('请上传进件资料');

    return insertIntake(ctx, tx, actor, { customerId, customerName: customer.customer_name, contractId, contractSn, cents, riqi, files, beizhu }, cc);
  });
}

export type CheckedIntake = {
  customerId: number;
  customerName: string;
  contractId?: number;
  contractSn: string;
  cents: number;
  riqi: string;
  files: IntakeFile[];
  beizhu: string;
};

/** Numbers (the 'entry' rule), writes and submits a checked intake inside the caller's transaction. */
export async function insertIntake(ctx: AppContext, tx: DbTx, actor: Actor, rec: CheckedIntake, cc: number[]): Promise<SubmittedIntake> {
  const now = ctx.clock();
  const at = now.toISOString();
  const entrySn = await nextNumber(tx, 'entry', now);
  const { id } = await tx
    .insertInto('intake_records')
    .values({
      entry_sn: entrySn,
      customer_id: rec.customerId,
      contract_id: rec.contractId ?? null,
      money_cents: rec.cents,
      riqi: rec.riqi,
      files: JSON.stringify(rec.files),
      beizhu: rec.beizhu,
      status: INSTANCE_STATUS.waiting,
      instance_id: null,
      owner_id: actor.userId,
      branch_id: actor.branchId,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const data = {
    entrySn,
    customerId: rec.customerId,
    customerName: rec.customerName,
    contractId: rec.contractId ?? '',
    contractName: rec.contractSn,
    Money: yuan(rec.cents),
    riqi: rec.riqi,
    files: rec.files,
    beizhu: rec.beizhu,
  };
  // The title names the 进件编号, not the customer: approval lists show titles to approvers whose
  // 字段权限 may mask 客户名称 (the snapshot's customer name is masked per viewer in the detail).
  const title = `${actor.nickName}的进件：${entrySn}（${yuan(rec.cents)}元）`;
  const inst = await submitInstance(ctx, tx, actor, { flowId: 0, formMode: INTAKE_MODE, recordId: id, title, data, cc });
  const row = await tx.selectFrom('intake_records').select('status').where('id', '=', id).executeTakeFirstOrThrow();
  return { id, entrySn, taskid: inst.id, status: row.status };
}

/** Intake records `ir` with customer, contract, submitter and department names (no N+1). */
function intakeRows(db: DbOrTx) {
  return db
    .selectFrom('intake_records as ir')
    .innerJoin('customers as cu', 'cu.id', 'ir.customer_id')
    .leftJoin('contracts as ct', 'ct.id', 'ir.contract_id')
    .leftJoin('users as u', 'u.id', 'ir.owner_id')
    .leftJoin('branches as b', 'b.id', 'ir.branch_id')
    .select([
      'ir.id',
      'ir.entry_sn',
      'ir.customer_id',
      'cu.customer_name',
      'ir.contract_id',
      'ct.order_sn',
      'ir.money_cents',
      'ir.riqi',
      'ir.files',
      'ir.beizhu',
      'ir.status',
      'ir.instance_id',
      'ir.owner_id',
      'u.nick_name',
      'b.name as branch_name',
      'ir.created_at',
    ]);
}

type RawIntake = Awaited<ReturnType<ReturnType<typeof intakeRows>['executeTakeFirstOrThrow']>>;

/** The stored 进件资料 (JSON written by insertIntake). */
function parseFiles(json: string): IntakeFile[] {
  try {
    const list: unknown = JSON.parse(json);
    return Array.isArray(list) ? list.filter((f): f is IntakeFile => !!f && typeof f === 'object') : [];
  } catch {
    return [];
  }
}

function toRow(r: RawIntake): IntakeRow {
  return {
    id: r.id,
    entrySn: r.entry_sn,
    customerId: r.customer_id,
    customerName: r.customer_name,
    contractId: r.contract_id ?? '',
    contractName: r.order_sn ?? '',
    Money: yuan(r.money_cents),
    riqi: r.riqi,
    files: parseFiles(r.files),
    beizhu: r.beizhu,
    status: r.status,
    statusText: INSTANCE_STATUS_TEXT[r.status] ?? '',
    taskid: r.instance_id ?? 0,
    UserID: r.owner_id,
    UserName: r.nick_name ?? '',
    BranchName: r.branch_name ?? '',
    AddTime: formatShanghai(r.created_at).slice(0, 16),
  };
}

/** One intake (the route's policy, intake.policy.ts, has checked the actor may open it). */
export async function intakeDetail(ctx: AppContext, actor: Actor, id: number): Promise<IntakeRow> {
  const row = await intakeRows(ctx.db).where('ir.id', '=', id).executeTakeFirst();
  if (!row) throw notFound(MSG_INTAKE_NOT_FOUND);
  return toRow(row);
}

export const INTAKE_STATUS_FILTERS = ['', '0', '1', '2', '3'] as const;
/** `todo`: 进件审核 — the intakes waiting for the actor's decision (an open step of theirs), outside the data scope too. */
export type IntakeListQuery = { page: number; rows: number; key: string; scene: Scene; status: string; customerId?: number; todo?: boolean };

/**
 * The intake list within the actor's data scope and scene, newest first, paged in the database.
 * `key` matches the 进件编号 or the customer name; `status` one record status ('' all).
 */
export async function listIntakes(ctx: AppContext, actor: Actor, q: IntakeListQuery): Promise<ListReply<IntakeRow>> {
  const branches = await loadBranchIndex(ctx.db);
  let base = q.todo
    ? ctx.db
        .selectFrom('intake_records as ir')
        .where(
          'ir.instance_id',
          'in',
          ctx.db.selectFrom('wf_steps as st').select('st.instance_id').where('st.user_id', '=', actor.userId).where('st.status', '<', 3),
        )
    : ctx.db.selectFrom('intake_records as ir').where(dataScope(INTAKE_SCOPE, actor, q.scene, branches));
  if (q.status !== '') base = base.where('ir.status', '=', Number(q.status));
  if (q.customerId !== undefined) base = base.where('ir.customer_id', '=', q.customerId);
  if (q.key) {
    const customers = ctx.db
      .selectFrom('customers as c')
      .select('c.id')
      .where(containsAny(ctx.dialect, ['c.customer_name'], q.key));
    base = base.where(sql<SqlBool>`(${containsAny(ctx.dialect, ['ir.entry_sn'], q.key)} OR ir.customer_id IN ${customers})`);
  }
  const { n } = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const total = Number(n);
  if (total === 0 || (q.page - 1) * q.rows >= total) return { rows: [], total };
  const pageIds = (
    await base
      .select('ir.id')
      .orderBy('ir.created_at', 'desc')
      .orderBy('ir.id', 'desc')
      .limit(q.rows)
      .offset((q.page - 1) * q.rows)
      .execute()
  ).map((r) => r.id);
  const rows = await intakeRows(ctx.db).where('ir.id', 'in', pageIds).execute();
  const byId = new Map(rows.map((r) => [r.id, toRow(r)]));
  return { rows: pageIds.map((id) => byId.get(id)).filter((r): r is IntakeRow => r !== undefined), total };
}
