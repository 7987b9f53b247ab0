import { CustomerDetailReply, CustomerListReply, CustomerSaveReply, CustomerSubtotalReply, Done } from '@portal/shared-contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../app-context';
import { anyOf, can, canOpenAnyPage, demand, type ActorResolver } from '../../../http/auth';
import { success } from '../../../http/envelope';
import { Fields, Id, Ids } from '../../../http/input-fields';
import { defineRoute, mountRoutes } from '../../../http/route';
import { detailSubtotal } from './customer-detail.service';
import { listCustomers } from './customer-list.service';
import { createCustomer, deleteCustomers, MSG_CUSTOMER_NOT_FOUND, openCustomer, updateCustomer } from './customer.service';
import { viewPageRight } from './customer-views';
import { CustomerListInput, CustomerSaveInput, toCustomerInput, toListQuery } from './customer.validation';
import { customerRead, customerWrite } from './customer.policy';

/** Any customer page (`crm` right under `customer/`): reading customers, within the data scope. */
export const VIEW_CUSTOMERS = canOpenAnyPage('crm', 'customer/');
export const CREATE_CUSTOMERS = can('crm', 'customer/watched:create');
export const EDIT_CUSTOMERS = can('crm', 'customer/watched:edit');
/** The public pool (gonghai=1) is listed on its own page. */
export const VIEW_POOL = can('crm', 'customer/total');

const CustomerId = Fields({ id: Id('客户', { messages: { invalid: MSG_CUSTOMER_NOT_FOUND } }) });

export function registerCustomerRoutes(app: FastifyInstance, ctx: AppContext, resolve: ActorResolver): void {
  mountRoutes(app, resolve, [
    defineRoute({
      method: 'POST',
      url: '/api/customer/index',
      summary: '客户列表：view 为 watched/zaifenpei/nodispose/total/daifenpei/teamkehu/lizhi/black/clue（场景、筛选、排序、分页；gonghai=1 即 total）',
      description: '每个视图需其页面权限（clue 随 customer/watched）；条件由服务器按视图定义决定。',
      tag: 'crm',
      access: VIEW_CUSTOMERS,
      record: 'list',
      mask: { entity: 'customer' },
      input: CustomerListInput,
      reply: CustomerListReply,
      handler: async ({ input, actor }) => {
        const query = toListQuery(input);
        // The view decides which customers; its page right opens it (the client's word is never trusted).
        demand(actor, viewPageRight(query.view));
        return listCustomers(ctx, actor, query);
      },
    }),

    defineRoute({
      method: 'POST',
      url: '/api/customer/Views',
      summary: '客户详情（含联系人和跟进记录）；负责人打开后不再算作“再分配”',
      tag: 'crm',
      access: VIEW_CUSTOMERS,
      record: customerRead('id'),
      mask: [{ entity: 'customer' }, { entity: 'contact', at: 'contacts' }],
      input: CustomerId,
      reply: CustomerDetailReply,
      handler: async ({ input, actor }) => {
        return success('获取成功', await openCustomer(ctx, actor, input.id));
      },
    }),

    defineRoute({
      method: 'POST',
      url: '/api/customer/Subtotal',
      summary: '客户详情各页签的数量',
      tag: 'crm',
      access: VIEW_CUSTOMERS,
      record: customerRead('id'),
      input: CustomerId,
      reply: CustomerSubtotalReply,
      handler: async ({ input, actor }) => success('获取成功', await detailSubtotal(ctx, actor, input.id)),
    }),

    defineRoute({
      method: 'POST',
      url: '/api/customer/CustomerAddEndit',
      summary: '新建（id 为 0）或修改客户',
      description: '新建需 crm customer/watched:create，修改需 customer/watched:edit。',
      tag: 'crm',
      access: anyOf(CREATE_CUSTOMERS, EDIT_CUSTOMERS),
      record: customerWrite('id'),
      input: CustomerSaveInput,
      reply: CustomerSaveReply,
      handler: async ({ input, actor }) => {
        demand(actor, input.id === 0 ? CREATE_CUSTOMERS : EDIT_CUSTOMERS);
        // 字段权限: the required fields, the phone's format and what a hidden or masked field keeps are checked by the service.
        const customer = toCustomerInput(input);
        if (input.id === 0) return success('保存成功', { id: await createCustomer(ctx, actor, customer, input.clue === 3 ? 3 : 1) });
        await updateCustomer(ctx, actor, input.id, customer);
        return success('保存成功', { id: input.id });
      },
    }),

    defineRoute({
      method: 'POST',
      url: '/api/customer/delete',
      summary: '删除客户（全部成功或全部不删；有合同的客户不能删除）',
      tag: 'crm',
      access: can('crm', 'customer/watched:delete'),
      record: customerWrite('ids'),
      input: Fields({
        ids: Ids('客户', 1000, { messages: { missing: '请选择要删除的客户', invalid: MSG_CUSTOMER_NOT_FOUND, tooMany: '一次最多删除1000个客户' } }),
      }),
      reply: Done,
      handler: async ({ input, actor }) => {
        await deleteCustomers(ctx, actor, input.ids);
        return success('删除成功');
      },
    }),
  ]);
}
