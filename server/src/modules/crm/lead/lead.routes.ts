import { LeadCountReply, LeadSubtotalReply } from '@portal/shared-contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../app-context';
import { can, type ActorResolver } from '../../../http/auth';
import { success } from '../../../http/envelope';
import { Fields, Id, Ids, RequiredText } from '../../../http/input-fields';
import { defineRoute, mountRoutes } from '../../../http/route';
import { ASSIGN_MAX, assignCustomers, MSG_NO_ADVISER, MSG_NO_CUSTOMERS } from '../customer/customer-assignment';
import { detailSubtotal } from '../customer/customer-detail.service';
import { closeLeads, turnLeads } from './lead.service';
import { customerAssign, customerRead, customerWrite } from '../customer/customer.policy';

const LEADS = can('crm', 'customer/watched');
const TURN_LEADS = can('crm', 'customer/watched:create');
const CLOSE_LEADS = can('crm', 'customer/watched:edit');
const TRANSFER_LEADS = can('crm', 'customer/watched:transfer');

export function registerLeadRoutes(app: FastifyInstance, ctx: AppContext, resolve: ActorResolver): void {
  mountRoutes(app, resolve, [
    defineRoute({
      method: 'POST',
      url: '/api/clues/Subtotal',
      summary: '线索详情各页签的数量（跟进、附件、日志）',
      tag: 'crm',
      access: LEADS,
      record: customerRead('id'),
      input: Fields({ id: Id('线索', { messages: { invalid: '线索不存在' } }) }),
      reply: LeadSubtotalReply,
      handler: async ({ input, actor }) => success('获取成功', await detailSubtotal(ctx, actor, input.id)),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/clues/Transfer',
      summary: '转移线索给其他员工',
      tag: 'crm',
      access: TRANSFER_LEADS,
      record: customerAssign('ids'),
      input: Fields({
        ids: Ids('线索', ASSIGN_MAX, { messages: { missing: MSG_NO_CUSTOMERS, invalid: '线索不存在' } }),
        userid: Id('顾问', { messages: { missing: MSG_NO_ADVISER, invalid: MSG_NO_ADVISER } }),
      }),
      reply: LeadCountReply,
      handler: async ({ input, actor }) => success('转移成功', { count: await assignCustomers(ctx, actor, input.ids, input.userid) }),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/clues/Turn',
      summary: '线索转为客户（保留跟进、联系人和附件）',
      tag: 'crm',
      access: TURN_LEADS,
      record: customerWrite('ids'),
      input: Fields({ ids: Ids('线索', 1000, { messages: { missing: '请选择线索', invalid: '线索不存在' } }) }),
      reply: LeadCountReply,
      handler: async ({ input, actor }) => success('转换成功', { count: await turnLeads(ctx, actor, input.ids) }),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/clues/close',
      summary: '关闭线索（原因来自字典 lead_close_reason）',
      tag: 'crm',
      access: CLOSE_LEADS,
      record: customerWrite('ids'),
      input: Fields({
        ids: Ids('线索', 1000, { messages: { missing: '请选择线索', invalid: '线索不存在' } }),
        reason: RequiredText('关闭原因', 300, { messages: { missing: '请选择关闭原因' } }),
      }),
      reply: LeadCountReply,
      handler: async ({ input, actor }) => success('关闭成功', { count: await closeLeads(ctx, actor, input.ids, input.reason) }),
    }),
  ]);
}
