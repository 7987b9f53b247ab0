/** 访客登记 (crm/customer/fangke; visitor.service.ts). The public 客户查询 is ../customer-lookup. */
import { VisitorListReply, VisitorSavedReply } from '@portal/shared-contract';
import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import type { AppContext } from '../../../app-context';
import { can, type ActorResolver } from '../../../http/auth';
import { success } from '../../../http/envelope';
import { Fields, Id, Integer, MAX_ID, Paging, RequiredText, Text } from '../../../http/input-fields';
import { defineRoute, mountRoutes } from '../../../http/route';
import { addVisitor, listVisitors, turnVisitor } from './visitor.service';
import type { ReplyMask } from '../../system/field-mask/reply-masks';

const VISITORS = can('crm', 'customer/fangke');
const VisitorFields = {
  name: RequiredText('访客姓名', 50, { messages: { missing: '访客姓名不能为空' } }),
  mobile: RequiredText('手机号码', 30, { pattern: '^[0-9+\\- ]{5,30}$', messages: { missing: '手机号码不能为空', invalid: '手机号码格式不正确' } }),
  company: Text('公司名称', 100),
  purpose: Text('来访目的', 50),
  receptionist: Type.Optional(Integer('接待人', { min: 1, max: MAX_ID }, { messages: { invalid: '接待人不存在' } })),
  arrivedAt: RequiredText('到访时间', 30, { messages: { missing: '请选择到访时间' } }),
  leftAt: Text('离开时间', 30),
  remark: Text('备注', 300),
};

/**
 * 字段权限 on the visitor list: a visitor matched to a customer shows that customer's name by the
 * viewer's 客户名称 rule, and the visitor's mobile, which is then that customer's 手机号码, by its rule;
 * an unmatched visitor's data is the visit's own.
 */
const VISITOR_MASK: ReplyMask = [
  { entity: 'customer', carried: { mobile: 'contact_mobile' }, when: (visitor) => visitor.customerId !== 0 },
  { entity: 'customer', carried: { customerName: 'CustomerName' } },
];

export function registerVisitorRoutes(app: FastifyInstance, ctx: AppContext, resolve: ActorResolver): void {
  mountRoutes(app, resolve, [
    defineRoute({
      method: 'POST',
      url: '/api/customer/visitorsIndex',
      summary: '访客登记列表（到访日期筛选、关键字；按手机号匹配客户）',
      tag: 'crm',
      access: VISITORS,
      record: 'none',
      mask: VISITOR_MASK,
      input: Fields({ ...Paging(10), key: Text('关键字', 50), from: Text('开始日期', 10), to: Text('结束日期', 10) }),
      reply: VisitorListReply,
      handler: async ({ input }) => listVisitors(ctx, input),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/customer/visitorsAdd',
      summary: '登记访客（来访目的来自字典 visit_purpose）',
      tag: 'crm',
      access: can('crm', 'customer/fangke:create'),
      record: 'none',
      input: Fields(VisitorFields),
      reply: VisitorSavedReply,
      handler: async ({ input, actor }) => success('登记成功', { id: await addVisitor(ctx, actor, input) }),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/customer/visitorsTurn',
      summary: '访客转为客户（进入待分配客户）',
      tag: 'crm',
      access: can('crm', 'customer/fangke:edit'),
      record: 'none',
      input: Fields({
        id: Id('访客', { messages: { invalid: '访客不存在' } }),
        LaiYuan: Type.Optional(Id('客户来源', { messages: { invalid: '客户来源不存在' } })),
      }),
      reply: VisitorSavedReply,
      handler: async ({ input, actor }) => success('已转为客户，进入待分配客户', { id: await turnVisitor(ctx, actor, input.id, input.LaiYuan) }),
    }),
  ]);
}
