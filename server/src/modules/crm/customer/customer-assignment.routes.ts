import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../app-context';
import { actorOf, guarded, type ActorResolver, type Permission } from '../../../http/auth';
import { badRequest } from '../../../http/errors';
import { success } from '../../../http/envelope';
import { idList, integer, requestInput } from '../../../http/input';
import { apiPath } from '../../../http/url';
import { hasRight } from '../../system/role/permission-tree';
import { ASSIGN_MAX, assignCustomers, customerCounts, MSG_NO_ADVISER, MSG_NO_CUSTOMERS, parseExpectedOwners } from './customer-assignment';
import { MSG_CUSTOMER_NOT_FOUND } from './customer.service';

/** Assigning customers: the "customers awaiting assignment" page (managers and administrators). */
export const ASSIGN_CUSTOMERS: Permission = { label: "crm 'customer/daifenpei'", allows: (t) => hasRight(t, 'crm', 'customer/daifenpei') };

export function registerCustomerAssignmentRoutes(app: FastifyInstance, ctx: AppContext, resolve: ActorResolver): void {
  app.post(apiPath('/api/customer/KehuDistribution'), { preHandler: guarded(resolve, ASSIGN_CUSTOMERS) }, async (request, reply) => {
    const input = requestInput(request);
    const ids = idList(input, 'ids', { missing: MSG_NO_CUSTOMERS, invalid: MSG_CUSTOMER_NOT_FOUND });
    if (ids.length > ASSIGN_MAX) throw badRequest(`一次最多分配${ASSIGN_MAX}个客户`);
    const adviserId = integer(input, 'userid', undefined, { min: 1, message: MSG_NO_ADVISER });
    if (adviserId === undefined) throw badRequest(MSG_NO_ADVISER);
    const owners = parseExpectedOwners(input.owners, ids);
    const count = await assignCustomers(ctx, actorOf(request), ids, adviserId, new Date(ctx.clock().getTime() - reply.elapsedTime), owners);
    return success('分配成功', { count });
  });

  /** Counts for the menu badges of the signed-in user; a user without customers simply gets zeros. */
  app.post(apiPath('/api/customer/kehuCounts'), { preHandler: guarded(resolve) }, async (request) => {
    const counts = await customerCounts(ctx, actorOf(request).userId);
    return success(JSON.stringify({ 再分配number: counts.reassigned, 我的number: counts.mine }));
  });
}
