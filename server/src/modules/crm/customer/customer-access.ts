import { sql, type Expression, type SqlBool } from 'kysely';
import { canOpenAnyPage } from '../../../http/auth';
import type { Actor } from '../../auth/session/actor';
import type { BranchIndex } from '../../system/branch/branch-index';
import { CUSTOMER_SCOPE, dataScope } from '../../shared/data-scope';
import { poolCondition } from '../pool/public-pools';

const OPENS_CUSTOMERS = canOpenAnyPage('crm', 'customer/');

/**
 * Which customers `actor` may open (api/customer/Views): a customer page right, and the customer in
 * 默认公海 or a pool the actor is a member of (`pools`: public-pools.ts `memberPoolIds`), or within the
 * actor's data scope. As one condition on `customers as c`, for anything that belongs to a customer
 * (its attachments) to reuse.
 */
export function visibleCustomerCondition(actor: Actor, branches: BranchIndex, pools: readonly number[] | 'all'): Expression<SqlBool> {
  if (!OPENS_CUSTOMERS.allows(actor.rights)) return sql<SqlBool>`1 = 0`;
  const inPool = pools === 'all' ? sql<SqlBool>`c.gonghai = 1` : sql<SqlBool>`(c.gonghai = 1 and ${poolCondition(undefined, pools)})`;
  return sql<SqlBool>`(${inPool} or ${dataScope(CUSTOMER_SCOPE, actor, 'all', branches)})`;
}
