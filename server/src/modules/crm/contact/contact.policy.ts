/** Who may reach a contact (record policies, http/record-policy.ts): whoever may reach its customer, for reading or writing. */
import type { AppContext } from '../../../app-context';
import { notFound } from '../../../http/errors';
import { defineRecordPolicy } from '../../../http/record-policy';
import { assertCustomersInScope, assertCustomersReadable } from '../customer/customer.policy';

async function customersOf(ctx: AppContext, ids: number[]): Promise<number[]> {
  const rows = await ctx.db.selectFrom('contacts').select(['id', 'customer_id']).where('id', 'in', ids).execute();
  if (rows.length !== ids.length) throw notFound('联系人不存在');
  return [...new Set(rows.map((r) => r.customer_id))];
}

export const contactRead = defineRecordPolicy({
  name: 'contact:read',
  summary: '联系人：随其客户（公海客户限该公海的成员，其他按数据范围）',
  labels: ['联系人'],
  check: async (ctx, actor, ids) => assertCustomersReadable(ctx.db, actor, await customersOf(ctx, ids)),
});

export const contactWrite = defineRecordPolicy({
  name: 'contact:write',
  summary: '联系人：随其客户，按角色的数据范围',
  labels: ['联系人'],
  check: async (ctx, actor, ids) => assertCustomersInScope(ctx.db, actor, await customersOf(ctx, ids)),
});
