import { Done, CustomerRoleViewsReply } from '@portal/shared-contract';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../app-context';
import { anyOf, can, demand, type ActorResolver } from '../../../http/auth';
import { badRequest } from '../../../http/errors';
import { success } from '../../../http/envelope';
import { Fields, Flag, Id, Ids, Integer, JsonObject, MAX_ID, OneOf, Paging, RequiredText, Text } from '../../../http/input-fields';
import { defineRoute, mountRoutes } from '../../../http/route';
import { parseShanghaiDateTime } from '../../../lib/time';
import { canOpenAnyPage } from '../../../http/auth';
import { ASSIGN_MAX, assignCustomers, MSG_NO_ADVISER, MSG_NO_CUSTOMERS } from './customer-assignment';
import {
  addFollowup,
  closeLeads,
  deleteContacts,
  detailSubtotal,
  listContacts,
  listFollowups,
  listLogs,
  saveContact,
  setLocked,
  setPrimaryContact,
  turnLeads,
  viewContact,
} from './customer-detail.service';
import { CUSTOMER_VIEWS, VIEW_KEYS, viewPageRight, viewRight } from './customer-views';
import { duplicateGroups } from './customer-duplicate-groups';
import { MERGE_FIELDS, mergeCustomers, type MergeField } from './customer-merge';
import { EDIT_CUSTOMERS, VIEW_CUSTOMERS } from './customer.routes';
import { rulesFor } from '../../system/field-mask/field-mask';

const MSG_FOLLOWUP = '跟进内容不能为空';
const CustomerIdField = Id('客户', { messages: { missing: '请选择客户', invalid: '客户不存在' } });
/** A customer may lock this many of their customers against recycling. */
export const LOCK_MAX = 20;

function shanghaiTime(label: string, text: string, fallback: string): string {
  if (text === '') return fallback;
  const parsed = parseShanghaiDateTime(text);
  if (!parsed) throw badRequest(`${label}格式不正确`);
  return parsed;
}

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

const LEADS = can('crm', 'customer/watched');
const TURN_LEADS = can('crm', 'customer/watched:create');
const CLOSE_LEADS = can('crm', 'customer/watched:edit');
const TRANSFER_LEADS = can('crm', 'customer/watched:transfer');

export function registerCustomerDetailRoutes(app: FastifyInstance, ctx: AppContext, resolve: ActorResolver): void {
  mountRoutes(app, resolve, [
    defineRoute({
      method: 'POST',
      url: '/api/customer/CustomerTrackAdd',
      summary: '添加跟进记录（联系人、方式0–5、跟进状态、内容≤300、时间、下次跟进、附件）；更新客户的最后和下次跟进时间',
      tag: 'crm',
      access: VIEW_CUSTOMERS,
      record: 'data-scope',
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
      handler: async ({ input, actor }) => {
        const now = ctx.clock().toISOString();
        const id = await addFollowup(ctx, actor, {
          customerId: input.customerId,
          contactId: input.contactId,
          gjtype: input.gjtype,
          status: input.status,
          content: input.beizhu,
          at: shanghaiTime('跟进时间', input.genjinTime, now),
          next: shanghaiTime('下次跟进时间', input.nextgenjintime, ''),
          files: input.files.split(',').filter(Boolean).map(Number),
        });
        return success('跟进成功', { id });
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/api/customer/kehudetail',
      summary: '客户的跟进记录（分页，新的在前）',
      tag: 'crm',
      access: VIEW_CUSTOMERS,
      record: 'data-scope',
      input: Fields({ id: CustomerIdField, ...Paging(10, 10000) }),
      handler: async ({ input, actor }) => listFollowups(ctx, actor, input.id, input.page, input.rows),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/customer/updateState',
      summary: '负责人锁定或解锁客户（锁定的客户不会被自动收回公海；每人最多锁定20个）',
      tag: 'crm',
      access: EDIT_CUSTOMERS,
      record: 'owner',
      input: Fields({ id: CustomerIdField, locked: Flag('锁定', 1) }),
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
      handler: async ({ actor }) => {
        // 字段权限: a column the user may not see at all is not offered.
        const masks = await rulesFor(ctx.db, actor, 'customer');
        const views = VIEW_KEYS.filter((v) => viewPageRight(v).allows(actor.rights)).map((v) => {
          const def = CUSTOMER_VIEWS[v];
          const actions = def.actions.filter((a) => viewRight(a.right).allows(actor.rights)).map((a) => a.key);
          return { view: v, title: def.title, scenes: def.scenes, columns: def.columns.filter((c) => masks.get(c) !== 'hidden'), actions, create: def.create };
        });
        return success('获取成功', { roleName: actor.roleName, dataScope: actor.dataScope, views });
      },
    }),

    defineRoute({
      method: 'POST',
      url: '/api/contact/list',
      summary: '客户的联系人（首要联系人在前）',
      tag: 'crm',
      access: VIEW_CUSTOMERS,
      record: 'data-scope',
      input: Fields({ customerId: CustomerIdField, datatype: Text('数据类型', 20) }),
      handler: async ({ input, actor }) => listContacts(ctx, actor, input.customerId),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/contact/Views',
      summary: '联系人详情',
      tag: 'crm',
      access: VIEW_CUSTOMERS,
      record: 'data-scope',
      input: Fields({ id: Id('联系人', { messages: { invalid: '联系人不存在' } }) }),
      handler: async ({ input, actor }) => success('获取成功', await viewContact(ctx, actor, input.id)),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/contact/add',
      summary: '新增联系人（客户没有首要联系人时成为首要联系人）',
      tag: 'crm',
      access: EDIT_CUSTOMERS,
      record: 'data-scope',
      input: Fields({ customerId: CustomerIdField, ...ContactFields }),
      handler: async ({ input, actor }) => success('保存成功', { id: await saveContact(ctx, actor, null, input.customerId, contactInput(input)) }),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/contact/Edit',
      summary: '修改联系人（首要联系人同步到客户）',
      tag: 'crm',
      access: EDIT_CUSTOMERS,
      record: 'data-scope',
      input: Fields({ id: Id('联系人', { messages: { invalid: '联系人不存在' } }), ...ContactFields }),
      handler: async ({ input, actor }) => success('保存成功', { id: await saveContact(ctx, actor, input.id, 0, contactInput(input)) }),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/contact/delete',
      summary: '删除联系人（首要联系人不能删除）',
      tag: 'crm',
      access: EDIT_CUSTOMERS,
      record: 'data-scope',
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
      record: 'data-scope',
      input: Fields({ id: Id('联系人', { messages: { invalid: '联系人不存在' } }) }),
      reply: Done,
      handler: async ({ input, actor }) => {
        await setPrimaryContact(ctx, actor, input.id);
        return success('设置成功');
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/api/OpportLogs/Logs',
      summary: '操作日志（客户或合同；每页10条）',
      tag: 'crm',
      access: anyOf(VIEW_CUSTOMERS, canOpenAnyPage('crm', 'signorentry/')),
      record: 'data-scope',
      input: Fields({
        customerId: Type.Optional(Integer('客户', { min: 1, max: MAX_ID }, { messages: { invalid: '客户不存在' } })),
        contractId: Type.Optional(Integer('合同', { min: 1, max: MAX_ID }, { messages: { invalid: '合同不存在' } })),
        type: Text('类型', 30),
        ...Paging(10, 100),
      }),
      handler: async ({ input, actor }) => listLogs(ctx, actor, { customerId: input.customerId, contractId: input.contractId }, input.type, input.page, input.rows),
    }),

    defineRoute({
      method: 'POST',
      url: '/api/customer/merge',
      summary: '合并重复客户：保留 id，ids 被合并；fields 为 {字段: 取值客户id}；联系人、跟进、合同、附件和日志移到保留的客户，被合并的隐藏并记日志（一个事务）',
      tag: 'crm',
      access: can('crm', 'customer/watched:delete'),
      record: 'data-scope',
      input: Fields({
        id: Id('保留的客户', { messages: { missing: '请选择保留的客户', invalid: '客户不存在' } }),
        ids: Ids('被合并的客户', 20, { messages: { missing: '请选择要合并的客户', invalid: '客户不存在', tooMany: '一次最多合并20个客户' } }),
        fields: Type.Optional(JsonObject('字段取值')),
      }),
      reply: Done,
      handler: async ({ input, actor }) => {
        demand(actor, EDIT_CUSTOMERS);
        const picks: Partial<Record<MergeField, number>> = {};
        for (const [field, from] of Object.entries(input.fields ?? {})) {
          if (!(field in MERGE_FIELDS)) throw badRequest(`不能合并的字段：${field}`);
          if (typeof from !== 'number' && !(typeof from === 'string' && /^\d+$/.test(from))) throw badRequest(`${MERGE_FIELDS[field as MergeField]}的取值客户不正确`);
          picks[field as MergeField] = Number(from);
        }
        await mergeCustomers(ctx, actor, input.id, input.ids, picks);
        return success('合并成功');
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/api/customer/ceshilist',
      summary: '疑似重复客户（查重列表）：权限范围内手机号码相同的客户分组，供合并',
      tag: 'crm',
      access: can('crm', 'customer/watched:delete'),
      record: 'data-scope',
      input: Fields({ ...Paging(20, 100) }),
      handler: async ({ input, actor }) => duplicateGroups(ctx, actor, input.page, input.rows),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/clues/Subtotal',
      summary: '线索详情各页签的数量（跟进、附件、日志）',
      tag: 'crm',
      access: LEADS,
      record: 'data-scope',
      input: Fields({ id: Id('线索', { messages: { invalid: '线索不存在' } }) }),
      handler: async ({ input, actor }) => success('获取成功', await detailSubtotal(ctx, actor, input.id)),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/clues/Transfer',
      summary: '转移线索给其他员工',
      tag: 'crm',
      access: TRANSFER_LEADS,
      record: 'data-scope',
      input: Fields({
        ids: Ids('线索', ASSIGN_MAX, { messages: { missing: MSG_NO_CUSTOMERS, invalid: '线索不存在' } }),
        userid: Id('顾问', { messages: { missing: MSG_NO_ADVISER, invalid: MSG_NO_ADVISER } }),
      }),
      handler: async ({ input, actor }) => success('转移成功', { count: await assignCustomers(ctx, actor, input.ids, input.userid) }),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/clues/Turn',
      summary: '线索转为客户（保留跟进、联系人和附件）',
      tag: 'crm',
      access: TURN_LEADS,
      record: 'data-scope',
      input: Fields({ ids: Ids('线索', 1000, { messages: { missing: '请选择线索', invalid: '线索不存在' } }) }),
      handler: async ({ input, actor }) => success('转换成功', { count: await turnLeads(ctx, actor, input.ids) }),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/clues/close',
      summary: '关闭线索（原因来自字典 lead_close_reason）',
      tag: 'crm',
      access: CLOSE_LEADS,
      record: 'data-scope',
      input: Fields({
        ids: Ids('线索', 1000, { messages: { missing: '请选择线索', invalid: '线索不存在' } }),
        reason: RequiredText('关闭原因', 300, { messages: { missing: '请选择关闭原因' } }),
      }),
      handler: async ({ input, actor }) => success('关闭成功', { count: await closeLeads(ctx, actor, input.ids, input.reason) }),
    }),
  ]);
}
