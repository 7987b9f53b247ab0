import { CustomerDuplicateGroupListReply, CustomerRoleViewsReply, Done, OpportLogListReply } from '@portal/shared-contract';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../app-context';
import { anyOf, can, demand, type ActorResolver } from '../../../http/auth';

import { success } from '../../../http/envelope';
import { Fields, Flag, Id, Ids, Integer, JsonObject, MAX_ID, Paging, Text } from '../../../http/input-fields';
import { defineRoute, mountRoutes } from '../../../http/route';
import { canOpenAnyPage } from '../../../http/auth';
import { listLogs, openableViews, setLocked } from './customer-detail.service';

import { duplicateGroups } from './customer-duplicate-groups';
import { mergeCustomers, mergePicks } from './customer-merge';
import { EDIT_CUSTOMERS, VIEW_CUSTOMERS } from './customer.routes';
import { customerRead, customerWrite } from './customer.policy';
import { contractRead } from '../contract/contract.policy';

const CustomerIdField = Id('客户', { messages: { missing: '请选择客户', invalid: '客户不存在' } });
/** A customer may lock this many of their customers against recycling. */
export const LOCK_MAX = 20;

export function registerCustomerDetailRoutes(app: FastifyInstance, ctx: AppContext, resolve: ActorResolver): void {
  mountRoutes(app, resolve, [
    defineRoute({
      method: 'POST',
      url: '/api/customer/updateState',
      summary: '负责人锁定或解锁客户（锁定的客户不会被自动收回公海；每人最多锁定20个）',
      tag: 'crm',
      access: EDIT_CUSTOMERS,
      record: customerWrite('id'),
      input: Fields({ id: CustomerIdField, locked: Flag('锁定', 1) }),
      reply: Done,
      handler: async ({ input, actor }) => {
        await setLocked(ctx, actor, input.id, input.locked, LOCK_MAX);
        return success(input.locked ? '已锁定' : '已解除锁定');
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/api/customer/GetRoleType',
      summary: '当前用户可打开的客户列表及其可用操作（按视图定义与权限计算）',
      tag: 'crm',
      access: VIEW_CUSTOMERS,
      record: 'self',
      input: Fields({}),
      reply: CustomerRoleViewsReply,
      handler: async ({ actor }) => success('获取成功', await openableViews(ctx, actor)),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/OpportLogs/Logs',
      summary: '操作日志（客户或合同；每页10条）',
      tag: 'crm',
      access: anyOf(VIEW_CUSTOMERS, canOpenAnyPage('crm', 'signorentry/')),
      record: [customerRead('customerId'), contractRead('contractId')],
      input: Fields({
        customerId: Type.Optional(Integer('客户', { min: 1, max: MAX_ID }, { messages: { invalid: '客户不存在' } })),
        contractId: Type.Optional(Integer('合同', { min: 1, max: MAX_ID }, { messages: { invalid: '合同不存在' } })),
        type: Text('类型', 30),
        ...Paging(10, 100),
      }),
      reply: OpportLogListReply,
      handler: async ({ input, actor }) =>
        listLogs(ctx, actor, { customerId: input.customerId, contractId: input.contractId }, input.type, input.page, input.rows),
    }),

    defineRoute({
      method: 'POST',
      url: '/api/customer/merge',
      summary:
        '合并重复客户：保留 id，ids 被合并；fields 为 {字段: 取值客户id}；联系人、跟进、合同、附件和日志移到保留的客户，被合并的隐藏并记日志（一个事务）',
      tag: 'crm',
      access: can('crm', 'customer/watched:delete'),
      record: customerWrite('id', 'ids'),
      reply: Done,
      input: Fields({
        id: Id('保留的客户', { messages: { missing: '请选择保留的客户', invalid: '客户不存在' } }),
        ids: Ids('被合并的客户', 20, { messages: { missing: '请选择要合并的客户', invalid: '客户不存在', tooMany: '一次最多合并20个客户' } }),
        fields: Type.Optional(JsonObject('字段取值')),
      }),
      handler: async ({ input, actor }) => {
        demand(actor, EDIT_CUSTOMERS);
        await mergeCustomers(ctx, actor, input.id, input.ids, mergePicks(input.fields ?? {}));
        return success('合并成功');
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/api/customer/ceshilist',
      summary: '疑似重复客户（查重列表）：权限范围内手机号码相同的客户分组，供合并',
      tag: 'crm',
      access: can('crm', 'customer/watched:delete'),
      record: 'list',
      mask: [
        { entity: 'customer', carried: { mobile: 'contact_mobile' } },
        { entity: 'customer', at: 'customers' },
      ],
      input: Fields({ ...Paging(20, 100) }),
      reply: CustomerDuplicateGroupListReply,
      handler: async ({ input, actor }) => duplicateGroups(ctx, actor, input.page, input.rows),
    }),
  ]);
}
