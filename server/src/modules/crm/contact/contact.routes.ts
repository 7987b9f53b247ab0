import { ContactDetailReply, ContactListReply, ContactSavedReply, Done } from '@portal/shared-contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../app-context';
import type { ActorResolver } from '../../../http/auth';
import { success } from '../../../http/envelope';
import { Fields, Id, Ids, OneOf, Text } from '../../../http/input-fields';
import { defineRoute, mountRoutes } from '../../../http/route';
import { EDIT_CUSTOMERS, VIEW_CUSTOMERS } from '../customer/customer.routes';
import { deleteContacts, listContacts, saveContact, setPrimaryContact, viewContact } from './contact.service';
import { customerRead, customerWrite } from '../customer/customer.policy';
import { contactRead, contactWrite } from './contact.policy';

const CustomerIdField = Id('客户', { messages: { missing: '请选择客户', invalid: '客户不存在' } });

const ContactFields = {
  contactName: Text('联系人姓名', 50),
  contact_name: Text('联系人姓名', 50),
  // '*': a number as 字段权限 shows it masked, which on an edit stands for the stored one (saveContact).
  mobile: Text('手机号码', 30, { pattern: '^[0-9+\\- *]*$', messages: { invalid: '手机号码格式不正确' } }),
  wechat: Text('微信', 50),
  qq: Text('QQ', 20, { pattern: '^[0-9]*$', messages: { invalid: 'QQ格式不正确' } }),
  zhiwei: Text('职位', 50),
  sex: OneOf('性别', ['', '男', '女'], '', { messages: { invalid: '性别不正确' } }),
};

/** 联系人姓名 is required by saveContact, after 字段权限 (a user to whom it is hidden has a form without it). */
function contactInput(input: { contactName: string; contact_name: string; mobile: string; wechat: string; qq: string; zhiwei: string; sex: string }) {
  const name = input.contactName || input.contact_name;
  return { contactName: name, mobile: input.mobile, wechat: input.wechat, qq: input.qq, zhiwei: input.zhiwei, sex: input.sex };
}

export function registerContactRoutes(app: FastifyInstance, ctx: AppContext, resolve: ActorResolver): void {
  mountRoutes(app, resolve, [
    defineRoute({
      method: 'POST',
      url: '/api/contact/list',
      summary: '客户的联系人（首要联系人在前）',
      tag: 'crm',
      access: VIEW_CUSTOMERS,
      record: customerRead('customerId'),
      mask: { entity: 'contact' },
      input: Fields({ customerId: CustomerIdField, datatype: Text('数据类型', 20) }),
      reply: ContactListReply,
      handler: async ({ input, actor }) => listContacts(ctx, actor, input.customerId),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/contact/Views',
      summary: '联系人详情',
      tag: 'crm',
      access: VIEW_CUSTOMERS,
      record: contactRead('id'),
      mask: { entity: 'contact' },
      input: Fields({ id: Id('联系人', { messages: { invalid: '联系人不存在' } }) }),
      reply: ContactDetailReply,
      handler: async ({ input, actor }) => success('获取成功', await viewContact(ctx, actor, input.id)),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/contact/add',
      summary: '新增联系人（客户没有首要联系人时成为首要联系人）',
      tag: 'crm',
      access: EDIT_CUSTOMERS,
      record: customerWrite('customerId'),
      input: Fields({ customerId: CustomerIdField, ...ContactFields }),
      reply: ContactSavedReply,
      handler: async ({ input, actor }) => success('保存成功', { id: await saveContact(ctx, actor, null, input.customerId, contactInput(input)) }),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/contact/Edit',
      summary: '修改联系人（首要联系人同步到客户）',
      tag: 'crm',
      access: EDIT_CUSTOMERS,
      record: contactWrite('id'),
      input: Fields({ id: Id('联系人', { messages: { invalid: '联系人不存在' } }), ...ContactFields }),
      reply: ContactSavedReply,
      handler: async ({ input, actor }) => success('保存成功', { id: await saveContact(ctx, actor, input.id, 0, contactInput(input)) }),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/contact/delete',
      summary: '删除联系人（首要联系人不能删除）',
      tag: 'crm',
      access: EDIT_CUSTOMERS,
      record: contactWrite('ids'),
      input: Fields({ ids: Ids('联系人', 100, { messages: { missing: '请选择联系人', invalid: '联系人不存在' } }) }),
      reply: Done,
      handler: async ({ input, actor }) => {
        await deleteContacts(ctx, actor, input.ids);
        return success('删除成功');
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/api/contact/Primary',
      summary: '设为首要联系人（每个客户恰好一个）',
      tag: 'crm',
      access: EDIT_CUSTOMERS,
      record: contactWrite('id'),
      input: Fields({ id: Id('联系人', { messages: { invalid: '联系人不存在' } }) }),
      reply: Done,
      handler: async ({ input, actor }) => {
        await setPrimaryContact(ctx, actor, input.id);
        return success('设置成功');
      },
    }),
  ]);
}
