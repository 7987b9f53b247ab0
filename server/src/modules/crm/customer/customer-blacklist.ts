/**
 * What a blacklisted customer (黑名单) still allows (issue #31). It has left every list and the pool and
 * can be neither claimed nor assigned (customer-actions.ts, customer-assignment.ts); it gets no new
 * business records either: no intake (进件), follow-up, contact, or task linked to it or to one of its
 * contracts. It can still be opened, its data (and its existing contacts) corrected, deleted, or moved
 * out of the blacklist, after which records can be added again.
 */
import { dialectOf, type DbTx } from '../../../db/database';
import { badRequest } from '../../../http/errors';

/** 黑名单客户不能提交进件，请先移出黑名单 and the like. */
export const msgBlacklistedRecord = (what: string): string => `黑名单客户不能${what}，请先移出黑名单`;

/**
 * Refuses `what` (提交进件, 添加跟进记录 …) when any of the customers is blacklisted. Reads them inside
 * the caller's transaction; on PostgreSQL the rows are locked, so a concurrent 加入黑名单 waits for the
 * record being added (or the record waits for it and is refused). Unknown ids are left to the caller.
 */
export async function assertNotBlacklistedCustomer(tx: DbTx, customerIds: number[], what: string): Promise<void> {
  if (customerIds.length === 0) return;
  const rows = await tx
    .selectFrom('customers')
    .select(['id', 'blacklisted'])
    .where('id', 'in', customerIds)
    .$if(dialectOf(tx) === 'postgres', (q) => q.forUpdate())
    .execute();
  if (rows.some((r) => r.blacklisted === 1)) throw badRequest(msgBlacklistedRecord(what));
}
