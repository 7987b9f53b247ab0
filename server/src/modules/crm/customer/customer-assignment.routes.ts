import { CustomerCountReply, CustomerMenuCountsReply } from '@portal/shared-contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../app-context';
import { anyOf, can, type ActorResolver } from '../../../http/auth';
import { success } from '../../../http/envelope';
import { Fields, Id, Ids, Text } from '../../../http/input-fields';
import { defineRoute, mountRoutes } from '../../../http/route';
import { ASSIGN_MAX, assignCustomers, customerCounts, MSG_NO_ADVISER, MSG_NO_CUSTOMERS, parseExpectedOwners } from './customer-assignment';
import { MSG_CUSTOMER_NOT_FOUND } from './customer.service';
import { customerAssign } from './customer.policy';

/** Assigning customers: from 待分配 (customers awaiting assignment), 我的客户 or the public pool. */
export const ASSIGN_CUSTOMERS = anyOf(can('crm', 'customer/daifenpei:assign'), can('crm', 'customer/watched:assign'), can('crm', 'customer/total:assign'));

export function registerCustomerAssignmentRoutes(app: FastifyInstance, ctx: AppContext, resolve: ActorResolver): void {
  mountRoutes(app, resolve, [
    defineRoute({
      method: 'POST',
      url: '/api/customer/KehuDistribution',
      summary: '分配客户给顾问（userid）',
      tag: 'crm',
      access: ASSIGN_CUSTOMERS,
      record: customerAssign('ids'),
      input: Fields({
        ids: Ids('客户', ASSIGN_MAX, { messages: { missing: MSG_NO_CUSTOMERS, invalid: MSG_CUSTOMER_NOT_FOUND, tooMany: `一次最多分配${ASSIGN_MAX}个客户` } }),
        userid: Id('顾问', { messages: { missing: MSG_NO_ADVISER, invalid: MSG_NO_ADVISER } }),
        // The owners (UserID, 0 = pool) the caller's list showed, in the order of ids: the update is
        // conditional on them, so of two simultaneous assignments exactly one wins.
        owners: Text('客户负责人', 12 * (ASSIGN_MAX + 1)),
      }),
      reply: CustomerCountReply,
      handler: async ({ input, actor, reply }) => {
        const owners = parseExpectedOwners(input.owners, input.ids);
        const receivedAt = new Date(ctx.clock().getTime() - reply.elapsedTime);
        const count = await assignCustomers(ctx, actor, input.ids, input.userid, receivedAt, owners);
        return success('分配成功', { count });
      },
    }),

    defineRoute({
      method: 'POST',
      url: '/api/customer/kehuCounts',
      summary: '菜单角标：再分配和我的客户数量（msg 为 JSON）',
      description: '没有客户的用户得到 0。',
      tag: 'crm',
      access: 'login',
      record: 'self',
      input: Fields({}),
      reply: CustomerMenuCountsReply,
      handler: async ({ actor }) => {
        const counts = await customerCounts(ctx, actor.userId);
        return success(JSON.stringify({ 再分配number: counts.reassigned, 我的number: counts.mine }));
      },
    }),
  ]);
}
