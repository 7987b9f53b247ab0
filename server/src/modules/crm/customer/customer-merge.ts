/**
 * 合并重复客户: one survivor keeps its id; for each field the caller picks which customer's value it
 * takes; contacts, follow-ups, contracts, attachments, participants and the operation log of the
 * merged customers move to the survivor; the merged customers stay, hidden (merged_into), with a log
 * row. One transaction: all or nothing.
 */
import type { AppContext } from '../../../app-context';
import { transact } from '../../../db/transact';
import { badRequest, notFound } from '../../../http/errors';
import type { Actor } from '../../auth/session/actor';
import { quote, writeLogs } from './customer-log';
import { CUSTOMER_FILE_TYPE } from './customer.service';

/** The fields a merge may take from any of the customers, with their labels. */
export const MERGE_FIELDS = {
  customer_name: '客户名称',
  lai_yuan: '客户来源',
  level: '客户级别',
  industry: '所属行业',
  address: '地址',
  beizhu: '备注',
} as const;
export type MergeField = keyof typeof MERGE_FIELDS;

/** The submitted {字段: 取值客户id} as picks: only MERGE_FIELDS, each from a customer id. */
export function mergePicks(fields: Record<string, unknown>): Partial<Record<MergeField, number>> {
  const picks: Partial<Record<MergeField, number>> = {};
  for (const [field, from] of Object.entries(fields)) {
    if (!(field in MERGE_FIELDS)) throw badRequest(`不能合并的字段：${field}`);
    if (typeof from !== 'number' && !(typeof from === 'string' && /^\d+$/.test(from))) throw badRequest(`${MERGE_FIELDS[field as MergeField]}的取值客户不正确`);
    picks[field as MergeField] = Number(from);
  }
  return picks;
}

export async function mergeCustomers(
  ctx: AppContext,
  actor: Actor,
  survivorId: number,
  mergedIds: number[],
  picks: Partial<Record<MergeField, number>>,
): Promise<void> {
  if (mergedIds.includes(survivorId)) throw badRequest('保留的客户不能同时被合并');
  const all = [survivorId, ...mergedIds];
  const now = ctx.clock().toISOString();
  await transact(ctx, async (tx) => {
    const rows = await tx
      .selectFrom('customers')
      .select([
        'id',
        'customer_name',
        'lai_yuan',
        'level',
        'industry',
        'address',
        'beizhu',
        'code',
        'contact_mobile',
        'genjin_time',
        'merged_into',
        'blacklisted',
      ])
      .where('id', 'in', all)
      .execute();
    if (rows.length !== all.length) throw notFound('客户不存在');
    if (rows.some((r) => r.merged_into !== null)) throw badRequest('所选客户中有已被合并的客户');
    const byId = new Map(rows.map((r) => [r.id, r]));
    const survivor = byId.get(survivorId) as (typeof rows)[number];

    const values: Record<string, string | number> = {};
    const taken: string[] = [];
    for (const [field, fromId] of Object.entries(picks) as [MergeField, number][]) {
      const from = byId.get(fromId);
      if (!from) throw badRequest(`${MERGE_FIELDS[field]}只能取自参与合并的客户`);
      if (fromId !== survivorId) {
        values[field] = from[field];
        taken.push(`${MERGE_FIELDS[field]}取自“${from.customer_name}”`);
      }
    }
    const latest = rows.reduce((a, r) => (r.genjin_time > a ? r.genjin_time : a), '');
    await tx
      .updateTable('customers')
      .set({ ...values, genjin_time: latest, updated_at: now })
      .where('id', '=', survivorId)
      .execute();

    await tx.updateTable('contacts').set({ customer_id: survivorId, is_primary: 0 }).where('customer_id', 'in', mergedIds).execute();
    await tx.updateTable('followups').set({ customer_id: survivorId }).where('customer_id', 'in', mergedIds).execute();
    await tx.updateTable('contracts').set({ customer_id: survivorId }).where('customer_id', 'in', mergedIds).execute();
    await tx.updateTable('intake_records').set({ customer_id: survivorId }).where('customer_id', 'in', mergedIds).execute();
    await tx.updateTable('files').set({ model_id: survivorId }).where('model_id', 'in', mergedIds).where('pic_type', '=', CUSTOMER_FILE_TYPE).execute();
    await tx.updateTable('customer_logs').set({ customer_id: survivorId }).where('customer_id', 'in', mergedIds).execute();
    const participants = await tx.selectFrom('customer_participants').select('user_id').where('customer_id', 'in', mergedIds).execute();
    const existing = new Set(
      (await tx.selectFrom('customer_participants').select('user_id').where('customer_id', '=', survivorId).execute()).map((p) => p.user_id),
    );
    const adding = [...new Set(participants.map((p) => p.user_id))].filter((u) => !existing.has(u));
    if (adding.length)
      await tx
        .insertInto('customer_participants')
        .values(adding.map((u) => ({ customer_id: survivorId, user_id: u })))
        .execute();
    await tx.deleteFrom('customer_participants').where('customer_id', 'in', mergedIds).execute();
    for (const t of ['customer_pins', 'customer_watches'] as const) await tx.deleteFrom(t).where('customer_id', 'in', mergedIds).execute();
    await tx.deleteFrom('customer_assignments').where('customer_id', 'in', mergedIds).execute();

    await tx.updateTable('customers').set({ merged_into: survivorId, updated_at: now }).where('id', 'in', mergedIds).execute();
    const name = String(values.customer_name ?? survivor.customer_name);
    const mergedNames = mergedIds.map((id) => `“${byId.get(id)?.customer_name}”（#${id}）`).join('、');
    await writeLogs(tx, actor.userId, now, [
      {
        customerId: survivorId,
        kind: 'merge',
        ext: `合并客户 ${mergedNames}${taken.length ? `；${taken.join('；')}` : ''}`,
        quoted: mergedIds.flatMap((id) => quote('customer', 'CustomerName', byId.get(id)?.customer_name)),
      },
      ...mergedIds.map((id) => ({
        customerId: id,
        kind: 'merge' as const,
        ext: `已合并到“${name}”（#${survivorId}）`,
        quoted: quote('customer', 'CustomerName', name),
      })),
    ]);
  });
}
