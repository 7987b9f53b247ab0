import { FollowupAddedReply, FollowupListReply } from '@portal/shared-contract';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../app-context';
import { type ActorResolver } from '../../../http/auth';
import { success } from '../../../http/envelope';
import { Fields, Id, Integer, Paging, RequiredText, Text } from '../../../http/input-fields';
import { defineRoute, mountRoutes } from '../../../http/route';
import { VIEW_CUSTOMERS } from '../customer/customer.routes';
import { addFollowup, listFollowups, type FollowupInput } from './followup.service';
import { customerRead, customerWrite } from '../customer/customer.policy';
import { contactRead } from '../contact/contact.policy';

const MSG_FOLLOWUP = '跟进内容不能为空';
const CustomerIdField = Id('客户', { messages: { missing: '请选择客户', invalid: '客户不存在' } });

/** The form as addFollowup takes it: the times as typed (Shanghai), the attachments as ids. */
function followupInput(input: {
  customerId: number;
  contactId?: number;
  gjtype: number;
  status: string;
  beizhu: string;
  genjinTime: string;
  nextgenjintime: string;
  files: string;
}): FollowupInput {
  return {
    customerId: input.customerId,
    contactId: input.contactId,
    gjtype: input.gjtype,
    status: input.status,
    content: input.beizhu,
    at: input.genjinTime,
    next: input.nextgenjintime,
    files: input.files.split(',').filter(Boolean).map(Number),
  };
}

export function registerFollowupRoutes(app: FastifyInstance, ctx: AppContext, resolve: ActorResolver): void {
  mountRoutes(app, resolve, [
    defineRoute({
      method: 'POST',
      url: '/api/customer/CustomerTrackAdd',
      summary: '添加跟进记录（联系人、方式0–5、跟进状态、内容≤300、时间、下次跟进、附件）；更新客户的最后和下次跟进时间',
      tag: 'crm',
      access: VIEW_CUSTOMERS,
      record: [customerWrite('customerId'), contactRead('contactId')],
      input: Fields({
        customerId: CustomerIdField,
        contactId: Type.Optional(Id('联系人', { messages: { invalid: '联系人不存在' } })),
        gjtype: Integer('跟进方式', { min: 0, max: 5 }, { messages: { missing: '请选择跟进方式', invalid: '跟进方式不正确' } }),
        status: Text('跟进状态', 50),
        beizhu: RequiredText('跟进内容', 300, { messages: { missing: MSG_FOLLOWUP, tooLong: '跟进内容不能超过300个字符' } }),
        genjinTime: Text('跟进时间', 30),
        nextgenjintime: Text('下次跟进时间', 30),
        files: Text('附件', 200, { pattern: '^[0-9,]*$', messages: { invalid: '附件不正确' } }),
      }),
      reply: FollowupAddedReply,
      handler: async ({ input, actor }) => success('跟进成功', { id: await addFollowup(ctx, actor, followupInput(input)) }),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/customer/kehudetail',
      summary: '客户的跟进记录（分页，新的在前）',
      tag: 'crm',
      access: VIEW_CUSTOMERS,
      record: customerRead('id'),
      mask: { entity: 'contact', carried: { contactName: 'contactName' } },
      input: Fields({ id: CustomerIdField, ...Paging(10, 10000) }),
      reply: FollowupListReply,
      handler: async ({ input, actor }) => listFollowups(ctx, actor, input.id, input.page, input.rows),
    }),
  ]);
}
