import { sql, type Expression, type SqlBool } from 'kysely';
import { canOpenAnyPage } from '../../../http/auth';
import type { Actor } from '../../auth/session/actor';
import type { BranchIndex } from '../../system/branch/branch-index';
import { CUSTOMER_SCOPE, dataScope } from '../../shared/data-scope';

const OPENS_CUSTOMERS = canOpenAnyPage('crm', 'customer/');

/**
 * Which customers `actor` may open (api/customer/Views): a customer page right, and the customer in
 * the public pool or within the actor's data scope. As one condition on `customers as c`, for
 * anything that belongs to a customer (its attachments) to reuse.
 */
export function visibleCustomerCondition(actor: Actor, branches: BranchIndex): Expression<SqlBool> {
  if (!OPENS_CUSTOMERS.allows(actor.rights)) return sql<SqlBool>`1 = 0`;
  return sql<SqlBool>`(c.gonghai = 1 or ${dataScope(CUSTOMER_SCOPE, actor, 'all', branches)})`;
}
