import { EXPENSE_PICTURES_MAX, type ExpenseDetail, type ExpensePicture, type ExpensePictureInput, type ExpenseRow } from '@portal/shared-contract';
import type { AppContext } from '../../../app-context';
import type { DbOrTx, DbTx } from '../../../db/database';
import { transact } from '../../../db/transact';
import type { ListReply } from '../../../http/envelope';
import { badRequest, notFound } from '../../../http/errors';
import { checkInput } from '../../../http/input-validation';
import { formatShanghai } from '../../../lib/time';
import type { Actor } from '../../auth/session/actor';
import { submitInstance } from '../workflow/submit-approval';
import { linkApprovalFiles } from '../workflow/approval-files';
import { INSTANCE_STATUS, INSTANCE_STATUS_TEXT, registerFormEditor, registerStatusFollower } from '../workflow/workflow-store';
import { ExpenseAmountInputs, type ExpenseAmounts } from './expense-input';

/**
 * 报销 (api/baoxiao/*): an expense claim with lines (金额, date, 内容, 费用类型 from the expense_type
 * dictionary, vouchers), amounts in fen. The 报销金额 and its lines agree or the claim is refused
 * (without a 报销金额 the lines give it): the total is never replaced behind the user's back, so the
 * flow's conditions on `Money` see what the user entered. Saving submits it through the enabled flow
 * bound to the 费用报销 form; the claim's status follows the instance. It can be edited only while
 * 待审 (returned to the submitter, withdrawn) or 未通过 (which submits it again as a new round);
 * 通过 is final. A 项目 claim needs its 项目名称; the other types keep none (the form hides the field).
 */
export const EXPENSE_MODE = 'baoxiao';
export const EXPENSE_TYPES: Record<number, string> = { 1: '个人', 2: '部门', 3: '项目' };
const MAX_CENTS = 1_000_000_000; // 1000万元 per line / claim

/** The claim as the routes (and an approver's node edit) give it: `items` and `pictures` as validated by expense-input.ts. */
export type ExpenseInput = {
  type: number;
  title: string;
  riqi: string;
  branchId?: number;
  project: string;
  beizhu: string;
} & ExpenseAmounts;

registerStatusFollower(EXPENSE_MODE, async (tx, recordId, status, instanceId) => {
  await tx.updateTable('expense_claims').set({ status, instance_id: instanceId }).where('id', '=', recordId).execute();
});

/** Yuan text or number → fen; at most two decimals, positive, bounded. */
export function toCents(value: unknown, label: string): number {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  if (!/^\d+(\.\d{1,2})?$/.test(text)) throw badRequest(`${label}格式不正确`);
  const [yuan, frac = ''] = text.split('.');
  const cents = Number(yuan) * 100 + Number(frac.padEnd(2, '0'));
  if (!(cents > 0)) throw badRequest(`${label}必须大于0`);
  if (cents > MAX_CENTS) throw badRequest(`${label}过大`);
  return cents;
}

export const yuan = (cents: number): string => (cents / 100).toFixed(2);

/** Receipt pictures as stored: `{url}` for a bare address, else `{id, url}` (id 0 when none came). */
function storedPictures(list: ExpensePictureInput[] | undefined): ExpensePicture[] {
  return (list ?? []).map((p) => (typeof p === 'string' ? { url: p.slice(0, 300) } : { id: p.id ?? 0, url: p.url.slice(0, 300) }));
}

type Line = { amount_cents: number; riqi: string; category: string; note: string; pictures: string };

const isMissing = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

async function parseLines(db: DbOrTx, input: ExpenseInput): Promise<{ lines: Line[]; total: number }> {
  const raw = input.items ?? [];
  const categories = new Set(
    (await db.selectFrom('dict_values').select('value').where('type_code', '=', 'expense_type').where('enabled', '=', 1).execute()).map((v) => v.value),
  );
  const lines: Line[] = raw.map((o, i) => {
    const n = i + 1;
    const category = (o.category ?? '').trim();
    if (category && !categories.has(category)) throw badRequest(`第${n}行费用类型不正确`);
    const riqi = (o.riqi ?? '').trim();
    if (riqi && !/^\d{4}-\d{2}-\d{2}$/.test(riqi)) throw badRequest(`第${n}行日期格式不正确`);
    // 内容 is text ("高铁票 上海往返 1200"): the amount is the line's own 金额, never read out of it.
    const note = (o.ext ?? o.note ?? '').trim();
    if ([...note].length > 200) throw badRequest(`第${n}行内容不能超过200个字符`);
    if (isMissing(o.amount)) throw badRequest(`第${n}行请填写金额`);
    const amount_cents = toCents(o.amount, `第${n}行金额`);
    if ((o.pictures ?? []).length > EXPENSE_PICTURES_MAX) throw badRequest(`第${n}行票据最多${EXPENSE_PICTURES_MAX}张`);
    return { amount_cents, riqi, category, note, pictures: JSON.stringify(storedPictures(o.pictures)) };
  });
  const sum = lines.reduce((s, l) => s + l.amount_cents, 0);
  if (sum > MAX_CENTS) throw badRequest('费用明细合计过大');
  if (isMissing(input.Money)) {
    if (!lines.length) throw badRequest('请填写报销金额');
    return { lines, total: sum };
  }
  const total = toCents(input.Money, '报销金额');
  if (lines.length && total !== sum) throw badRequest(`报销金额（${yuan(total)}元）与费用明细合计（${yuan(sum)}元）不一致`);
  return { lines, total };
}

type Branch = { id: number | null; name: string };

/** The claim's 费用部门: the one chosen (it must exist), else the given fallback (the submitter's, or the claim's). */
async function expenseBranch(db: DbOrTx, chosen: number | undefined, fallback: number | null): Promise<Branch> {
  const id = chosen ?? fallback;
  if (id === null || id === undefined) return { id: null, name: '' };
  const row = await db.selectFrom('branches').select(['id', 'name']).where('id', '=', id).executeTakeFirst();
  if (!row) {
    if (chosen !== undefined) throw badRequest('费用部门不存在');
    return { id: null, name: '' };
  }
  return { id: row.id, name: row.name };
}

/**
 * What the instance shows and its conditions test (`Money` in yuan, as the form names it). Every
 * viewer of the approval panel reads this snapshot, so ids travel with their names (费用部门).
 */
function formData(input: ExpenseInput, lines: Line[], total: number, branch: Branch): Record<string, unknown> {
  return {
    type: String(input.type),
    typeName: EXPENSE_TYPES[input.type],
    title: input.title,
    Money: yuan(total),
    riqi: input.riqi,
    branchId: branch.id ?? '',
    branchName: branch.name,
    project: input.project,
    beizhu: input.beizhu,
    // The receipts belong to the snapshot the approvers read (the panel showed 票据照片 as empty).
    pictures: storedPictures(input.pictures),
    items: lines.map((l) => ({
      riqi: l.riqi,
      ext: l.note,
      amount: yuan(l.amount_cents),
      category: l.category,
      note: l.note,
      pictures: JSON.parse(l.pictures) as unknown,
    })),
  };
}

async function writeLines(tx: DbTx, claimId: number, lines: Line[]): Promise<void> {
  await tx.deleteFrom('expense_lines').where('claim_id', '=', claimId).execute();
  if (lines.length)
    await tx
      .insertInto('expense_lines')
      .values(lines.map((l, i) => ({ ...l, claim_id: claimId, sort: i })))
      .execute();
}

/** Checks the claim's own fields and returns it as stored: only a 项目 claim keeps a 项目名称. */
function validate(submitted: ExpenseInput): ExpenseInput {
  const input = { ...submitted, project: submitted.type === 3 ? submitted.project.trim() : '' };
  if (!EXPENSE_TYPES[input.type]) throw badRequest('报销类型不正确');
  // The routes' schemas check these too; an approver's node edit (editFormField) comes through here only.
  if (!input.title.trim()) throw badRequest('报销事由不能为空');
  for (const [label, text, max] of [
    ['报销事由', input.title, 100],
    ['项目名称', input.project, 100],
    ['备注', input.beizhu, 300],
  ] as const) {
    if ([...text].length > max) throw badRequest(`${label}不能超过${max}个字符`);
  }
  if (input.riqi && !/^\d{4}-\d{2}-\d{2}$/.test(input.riqi)) throw badRequest('发生日期格式不正确');
  if (input.type === 3 && !input.project) throw badRequest('请填写项目名称');
  return input;
}

const claimTitle = (nickName: string, title: string, total: number) => `${nickName}的报销：${title}（${yuan(total)}元）`;

/**
 * An approver edits the fields their node makes writable (editFormField): the claim and its lines
 * take the merged values, validated as on 提交, and the total is computed again.
 */
registerFormEditor(EXPENSE_MODE, async (tx, recordId, merged, now) => {
  const claim = await tx.selectFrom('expense_claims').select(['id', 'branch_id', 'created_by']).where('id', '=', recordId).executeTakeFirst();
  if (!claim) throw notFound('报销单不存在');
  const text = (v: unknown) => (v === undefined || v === null ? '' : String(v)).trim();
  const branchId = Number(merged.branchId) || undefined;
  const input = validate({
    type: Number(merged.type),
    title: text(merged.title),
    riqi: text(merged.riqi),
    // The stored department stays as it is; another one must exist.
    branchId: branchId === claim.branch_id ? undefined : branchId,
    project: text(merged.project),
    beizhu: text(merged.beizhu),
    // The lists and the amount as the routes take them (JSON or its text, checked against the same schemas).
    ...checkInput(ExpenseAmountInputs, { Money: merged.Money, items: merged.items, pictures: merged.pictures }),
  });
  const { lines, total } = await parseLines(tx, input);
  const branch = await expenseBranch(tx, input.branchId, claim.branch_id);
  await tx
    .updateTable('expense_claims')
    .set({
      type: input.type,
      title: input.title,
      total_cents: total,
      riqi: input.riqi,
      branch_id: branch.id ?? claim.branch_id,
      project: input.project,
      pictures: JSON.stringify(storedPictures(input.pictures)),
      beizhu: input.beizhu,
      updated_at: now,
    })
    .where('id', '=', claim.id)
    .execute();
  await writeLines(tx, claim.id, lines);
  const submitter = await tx.selectFrom('users').select('nick_name').where('id', '=', claim.created_by).executeTakeFirst();
  return { data: formData(input, lines, total, branch), title: claimTitle(submitter?.nick_name ?? '', input.title, total) };
});

/** Creates the claim and submits it through the 费用报销 flow in one transaction. */
export async function addExpense(
  ctx: AppContext,
  actor: Actor,
  submitted: ExpenseInput,
  cc: number[],
  chosen: Record<string, number[]>,
  flowId?: number,
): Promise<{ id: number; taskid: number }> {
  const input = validate(submitted);
  const now = ctx.clock().toISOString();
  return transact(ctx, async (tx) => {
    const { lines, total } = await parseLines(tx, input);
    const branch = await expenseBranch(tx, input.branchId, actor.branchId);
    const { id } = await tx
      .insertInto('expense_claims')
      .values({
        type: input.type,
        title: input.title,
        total_cents: total,
        riqi: input.riqi,
        branch_id: branch.id,
        project: input.project,
        pictures: JSON.stringify(storedPictures(input.pictures)),
        beizhu: input.beizhu,
        status: INSTANCE_STATUS.waiting,
        instance_id: null,
        created_by: actor.userId,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await writeLines(tx, id, lines);
    const inst = await submitInstance(ctx, tx, actor, {
      flowId: flowId ?? 0,
      formMode: EXPENSE_MODE,
      recordId: id,
      title: claimTitle(actor.nickName, input.title, total),
      data: formData(input, lines, total, branch),
      cc,
      chosen,
    });
    return { id, taskid: inst.id };
  });
}

/**
 * Edits a claim of one's own while it may change: returned to the submitter (the instance waits for
 * 重新提交 and sees the new values), withdrawn or refused (submitted again as a new round).
 */
export async function editExpense(ctx: AppContext, actor: Actor, id: number, submitted: ExpenseInput, cc: number[]): Promise<{ id: number; taskid: number }> {
  const input = validate(submitted);
  const now = ctx.clock().toISOString();
  return transact(ctx, async (tx) => {
    const claim = await tx.selectFrom('expense_claims').selectAll().where('id', '=', id).executeTakeFirst();
    if (!claim) throw notFound('报销单不存在');
    const inst = claim.instance_id
      ? await tx.selectFrom('wf_instances').select(['id', 'status']).where('id', '=', claim.instance_id).executeTakeFirst()
      : undefined;
    if (claim.status === INSTANCE_STATUS.passed) throw badRequest('报销单已通过，不能修改');
    if (claim.status === INSTANCE_STATUS.reviewing) throw badRequest('报销单审核中，不能修改');
    const { lines, total } = await parseLines(tx, input);
    const branch = await expenseBranch(tx, input.branchId === claim.branch_id ? undefined : input.branchId, claim.branch_id);
    await tx
      .updateTable('expense_claims')
      .set({
        type: input.type,
        title: input.title,
        total_cents: total,
        riqi: input.riqi,
        branch_id: branch.id ?? claim.branch_id,
        project: input.project,
        pictures: JSON.stringify(storedPictures(input.pictures)),
        beizhu: input.beizhu,
        updated_at: now,
      })
      .where('id', '=', id)
      .execute();
    await writeLines(tx, id, lines);
    const data = formData(input, lines, total, branch);
    const title = claimTitle(actor.nickName, input.title, total);
    if (inst && inst.status === INSTANCE_STATUS.waiting) {
      await tx
        .updateTable('wf_instances')
        .set({ form_data: JSON.stringify(data), title, updated_at: now })
        .where('id', '=', inst.id)
        .execute();
      await linkApprovalFiles(tx, actor, inst.id, JSON.stringify(data));
      return { id, taskid: inst.id };
    }
    const next = await submitInstance(ctx, tx, actor, { flowId: 0, formMode: EXPENSE_MODE, recordId: id, title, data, cc, chosen: {} });
    return { id, taskid: next.id };
  });
}

export async function expenseDetail(ctx: AppContext, actor: Actor, id: number): Promise<ExpenseDetail> {
  const claim = await ctx.db
    .selectFrom('expense_claims as e')
    .leftJoin('users as u', 'u.id', 'e.created_by')
    .leftJoin('branches as b', 'b.id', 'e.branch_id')
    .selectAll('e')
    .select(['u.nick_name', 'b.name as branch_name'])
    .where('e.id', '=', id)
    .executeTakeFirst();
  if (!claim) throw notFound('报销单不存在');
  const lines = await ctx.db.selectFrom('expense_lines').selectAll().where('claim_id', '=', id).orderBy('sort').execute();
  // Stored by storedPictures: [{url}] or [{id, url}].
  const parse = (s: string): ExpensePicture[] => {
    try {
      return JSON.parse(s) as ExpensePicture[];
    } catch {
      return [];
    }
  };
  return {
    id: claim.id,
    type: String(claim.type),
    typeName: EXPENSE_TYPES[claim.type] ?? '',
    title: claim.title,
    Money: yuan(claim.total_cents),
    riqi: claim.riqi,
    branchId: claim.branch_id ?? '',
    branchName: claim.branch_name ?? '',
    project: claim.project,
    beizhu: claim.beizhu,
    pictures: parse(claim.pictures),
    // The form's 费用明细 rows: {riqi, ext (内容), amount (金额)}; the rest rides along for the detail.
    items: lines.map((l) => ({
      id: l.id,
      riqi: l.riqi,
      ext: l.note,
      amount: yuan(l.amount_cents),
      category: l.category,
      note: l.note,
      pictures: parse(l.pictures),
    })),
    status: claim.status,
    statusText: INSTANCE_STATUS_TEXT[claim.status] ?? '',
    taskid: claim.instance_id ?? 0,
    UserName: claim.nick_name ?? '',
    AddTime: formatShanghai(claim.created_at).slice(0, 16),
    editable: claim.created_by === actor.userId && (claim.status === INSTANCE_STATUS.waiting || claim.status === INSTANCE_STATUS.refused),
  };
}

/** Deletes one's own claims that are not under review and not passed. */
export async function deleteExpenses(ctx: AppContext, actor: Actor, ids: number[]): Promise<void> {
  await transact(ctx, async (tx) => {
    const claims = await tx.selectFrom('expense_claims').select(['id', 'created_by', 'status']).where('id', 'in', ids).execute();
    if (claims.length !== ids.length) throw notFound('报销单不存在');
    if (claims.some((c) => c.status === INSTANCE_STATUS.reviewing || c.status === INSTANCE_STATUS.passed)) throw badRequest('审核中或已通过的报销单不能删除');
    // A claim returned to the submitter still has a waiting instance: close it as withdrawn.
    const running = await tx
      .selectFrom('wf_instances')
      .select('id')
      .where('form_mode', '=', EXPENSE_MODE)
      .where('record_id', 'in', ids)
      .where('status', 'in', [INSTANCE_STATUS.waiting, INSTANCE_STATUS.reviewing])
      .execute();
    if (running.length) {
      const now = ctx.clock().toISOString();
      await tx
        .updateTable('wf_steps')
        .set({ status: 3, outcome: 'closed', decided_at: now })
        .where(
          'instance_id',
          'in',
          running.map((r) => r.id),
        )
        .where('status', '<', 3)
        .execute();
      await tx
        .updateTable('wf_instances')
        .set({ status: INSTANCE_STATUS.withdrawn, finished_at: now, updated_at: now })
        .where(
          'id',
          'in',
          running.map((r) => r.id),
        )
        .execute();
    }
    await tx.deleteFrom('expense_claims').where('id', 'in', ids).execute();
  });
}

/** The caller's own claims (newest first). */
export async function listExpenses(ctx: AppContext, actor: Actor, page: number, rows: number): Promise<ListReply<ExpenseRow>> {
  const base = () => ctx.db.selectFrom('expense_claims').where('created_by', '=', actor.userId);
  const [{ n }, list] = await Promise.all([
    base()
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
    base()
      .select(['id', 'type', 'title', 'total_cents', 'riqi', 'status', 'instance_id', 'created_at'])
      .orderBy('id', 'desc')
      .limit(rows)
      .offset((page - 1) * rows)
      .execute(),
  ]);
  return {
    rows: list.map((c) => ({
      id: c.id,
      type: c.type,
      typeName: EXPENSE_TYPES[c.type] ?? '',
      title: c.title,
      Money: yuan(c.total_cents),
      riqi: c.riqi,
      status: c.status,
      statusText: INSTANCE_STATUS_TEXT[c.status] ?? '',
      taskid: c.instance_id ?? 0,
      AddTime: formatShanghai(c.created_at).slice(0, 16),
    })),
    total: Number(n),
  };
}
