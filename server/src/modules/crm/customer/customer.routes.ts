import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../app-context';
import { actorOf, guarded, type ActorResolver, type Permission } from '../../../http/auth';
import { badRequest, forbidden } from '../../../http/errors';
import { success } from '../../../http/envelope';
import { idList, integer, requestInput } from '../../../http/input';
import { apiPath } from '../../../http/url';
import { hasRight, hasRightUnder } from '../../system/role/permission-tree';
import { createCustomer, customerSubtotal, deleteCustomers, listCustomers, MSG_CUSTOMER_NOT_FOUND, updateCustomer, viewCustomer } from './customer.service';
import { parseCustomerId, parseCustomerInput, parseListQuery } from './customer.validation';
import { markCustomerSeen } from './customer-assignment';

/** Any customer page (`crm` permission under `customer/`). */
export const VIEW_CUSTOMERS: Permission = { label: "crm 'customer/*'", allows: (t) => hasRightUnder(t, 'crm', 'customer/') };
/** Maintaining customers: the "my customers" page. */
export const EDIT_CUSTOMERS: Permission = { label: "crm 'customer/watched'", allows: (t) => hasRight(t, 'crm', 'customer/watched') };

export function registerCustomerRoutes(app: FastifyInstance, ctx: AppContext, resolve: ActorResolver): void {
  app.post(apiPath('/api/customer/index'), { preHandler: guarded(resolve, VIEW_CUSTOMERS) }, async (request) => {
    const actor = actorOf(request);
    const query = parseListQuery(requestInput(request));
    if (query.gonghai === 1 && !hasRight(actor.rights, 'crm', 'customer/total')) throw forbidden();
    return listCustomers(ctx, actor, query);
  });

  app.post(apiPath('/api/customer/Views'), { preHandler: guarded(resolve, VIEW_CUSTOMERS) }, async (request) => {
    const id = integer(requestInput(request), 'id', undefined, { min: 1, message: MSG_CUSTOMER_NOT_FOUND });
    if (id === undefined) throw badRequest('请选择客户');
    const detail = await viewCustomer(ctx, actorOf(request), id);
    // The owner opening a customer given to them: it no longer counts as 再分配 (not yet opened).
    if (detail.UserID === actorOf(request).userId) await markCustomerSeen(ctx, detail.UserID, id);
    return success('获取成功', detail);
  });

  app.post(apiPath('/api/customer/Subtotal'), { preHandler: guarded(resolve, VIEW_CUSTOMERS) }, async (request) => {
    const id = integer(requestInput(request), 'id', undefined, { min: 1, message: MSG_CUSTOMER_NOT_FOUND });
    if (id === undefined) throw badRequest('请选择客户');
    return success('获取成功', await customerSubtotal(ctx, actorOf(request), id));
  });

  app.post(apiPath('/api/customer/CustomerAddEndit'), { preHandler: guarded(resolve, EDIT_CUSTOMERS) }, async (request) => {
    const actor = actorOf(request);
    const input = requestInput(request);
    const id = parseCustomerId(input);
    const customer = parseCustomerInput(input);
    if (id === 0) return success('保存成功', { id: await createCustomer(ctx, actor, customer) });
    await updateCustomer(ctx, actor, id, customer);
    return success('保存成功', { id });
  });

  app.post(apiPath('/api/customer/delete'), { preHandler: guarded(resolve, EDIT_CUSTOMERS) }, async (request) => {
    const ids = idList(requestInput(request), 'ids', { missing: '请选择要删除的客户', invalid: MSG_CUSTOMER_NOT_FOUND });
    if (ids.length > 1000) throw badRequest('一次最多删除1000个客户');
    await deleteCustomers(ctx, actorOf(request), ids);
    return success('删除成功');
  });
}
