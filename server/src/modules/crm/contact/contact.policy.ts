/**
 * Who may reach a contact (record policies, http/record-policy.ts): whoever may reach its customer, for
 * reading or writing. A contact out of reach is answered as an unknown one (404 联系人不存在): a contact id
 * tells nothing of whose customer it is.
 */
import type { AppContext } from '../../../app-context';
import { HttpError, notFound } from '../../../http/errors';
import { defineRecordPolicy } from '../../../http/record-policy';
import { assertCustomersInScope, assertCustomersReadable } from '../customer/customer.policy';

async function customersOf(ctx: AppContext, ids: number[]): Promise<number[]> {
  const rows = await ctx.db.selectFrom('contacts').select(['id', 'customer_id']).where('id', 'in', ids).execute();
  if (rows.length !== ids.length) throw notFound(MSG_CONTACT_NOT_FOUND);
  return [...new Set(rows.map((r) => r.customer_id))];
}

const MSG_CONTACT_NOT_FOUND = '联系人不存在';

async function asUnknown(check: Promise<void>): Promise<void> {
  try {
    await check;
  } catch (e) {
    if (e instanceof HttpError && (e.statusCode === 403 || e.statusCode === 404)) throw notFound(MSG_CONTACT_NOT_FOUND);
    throw e;
  }
}

export const contactRead = defineRecordPolicy({
  name: 'contact:read',
  summary: '联系人：随其客户（公海客户限该公海的成员，其他按数据范围）',
  labels: ['联系人'],
  check: async (ctx, actor, ids) => asUnknown(assertCustomersReadable(ctx.db, actor, await customersOf(ctx, ids))),
});

export const contactWrite = defineRecordPolicy({
  name: 'contact:write',
  summary: '联系人：随其客户，按角色的数据范围',
  labels: ['联系人'],
  check: async (ctx, actor, ids) => asUnknown(assertCustomersInScope(ctx.db, actor, await customersOf(ctx, ids))),
});
