import { CustomerCountReply, CustomerPinReply, CustomerWatchReply, Done } from '@portal/shared-contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../app-context';
import { anyOf, can, type ActorResolver } from '../../../http/auth';
import { success } from '../../../http/envelope';
import { Fields, Flag, Id, Ids, RequiredText, Text } from '../../../http/input-fields';
import { defineRoute, mountRoutes } from '../../../http/route';
import { addBlacklist, claimCustomers, leaveBlacklist, sendToPool, setWatched, togglePin } from './customer-actions';
import { ASSIGN_MAX, assignCustomers, MSG_NO_ADVISER, MSG_NO_CUSTOMERS, parseExpectedOwners } from './customer-assignment';
import { VIEW_CUSTOMERS } from './customer.routes';
import { PIN_MAX } from './customer-list.service';
import { customerAct, customerAssign, customerClaim, customerOwnedByActor, customerWrite } from './customer.policy';

const MAX = 1000;
const CustomerIds = Ids('客户', MAX, { messages: { missing: MSG_NO_CUSTOMERS, invalid: '客户不存在', tooMany: `一次最多选择${MAX}个客户` } });
const Reason = (label: string) => Text(label, 300, { messages: { tooLong: `${label}不能超过300个字符` } });

export const BLACKLIST = can('crm', 'customer/watched:blacklist');
export const LEAVE_BLACKLIST = can('crm', 'customer/black:delete');
export const SEND_OWN_TO_POOL = anyOf(can('crm', 'customer/watched:pool'), can('crm', 'customer/zaifenpei:pool'));
export const SEND_OTHERS_TO_POOL = anyOf(can('crm', 'customer/teamkehu:pool'), can('crm', 'customer/lizhi:pool'));
export const RECEIVE = can('crm', 'customer/total:receive');
export const TRANSFER = anyOf(can('crm', 'customer/watched:transfer'), can('crm', 'customer/zaifenpei:transfer'), can('crm', 'customer/teamkehu:transfer'));

export function registerCustomerActionRoutes(app: FastifyInstance, ctx: AppContext, resolve: ActorResolver): void {
  mountRoutes(app, resolve, [
    defineRoute({
      method: 'POST',
      url: '/api/customer/AddBlacklist',
      summary: '加入黑名单（离开所有列表和公海，不能再领取或分配）',
      tag: 'crm',
      access: BLACKLIST,
      record: customerAct('ids'),
      input: Fields({ ids: CustomerIds, reason: Reason('加入黑名单原因') }),
      reply: CustomerCountReply,
      handler: async ({ input, actor }) => success('已加入黑名单', { count: await addBlacklist(ctx, actor, input.ids, input.reason) }),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/customer/LeaveBlack',
      summary: '移出黑名单',
      tag: 'crm',
      access: LEAVE_BLACKLIST,
      record: customerAct('ids'),
      input: Fields({ ids: CustomerIds }),
      reply: CustomerCountReply,
      handler: async ({ input, actor }) => success('已移出黑名单', { count: await leaveBlacklist(ctx, actor, input.ids) }),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/customer/AddPublicPool',
      summary: '负责人将自己的客户放入公海（需填写原因）',
      tag: 'crm',
      access: SEND_OWN_TO_POOL,
      record: customerOwnedByActor('ids'),
      input: Fields({ ids: CustomerIds, reason: RequiredText('放入公海原因', 300, { messages: { missing: '请填写放入公海的原因' } }) }),
      reply: CustomerCountReply,
      handler: async ({ input, actor }) => success('已放入公海', { count: await sendToPool(ctx, actor, input.ids, input.reason, true) }),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/customer/ToGonghai',
      summary: '经理将权限范围内他人的客户放入公海（团队客户、离职员工客户）',
      tag: 'crm',
      access: SEND_OTHERS_TO_POOL,
      record: customerWrite('ids'),
      input: Fields({ ids: CustomerIds, reason: RequiredText('放入公海原因', 300, { messages: { missing: '请填写放入公海的原因' } }) }),
      reply: CustomerCountReply,
      handler: async ({ input, actor }) => success('已放入公海', { count: await sendToPool(ctx, actor, input.ids, input.reason, false) }),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/customer/receive',
      summary: '从公海领取客户（每日上限、原负责人等待期、拥有上限；两人同时领取只有一人成功）',
      tag: 'crm',
      access: RECEIVE,
      record: customerClaim('ids'),
      input: Fields({ ids: CustomerIds }),
      reply: CustomerCountReply,
      handler: async ({ input, actor }) => success('领取成功', { count: await claimCustomers(ctx, actor, input.ids) }),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/customer/transfer',
      summary: '转移客户给其他员工（与分配相同的条件更新与拥有上限）',
      tag: 'crm',
      access: TRANSFER,
      record: customerAssign('ids'),
      input: Fields({
        ids: Ids('客户', ASSIGN_MAX, { messages: { missing: MSG_NO_CUSTOMERS, invalid: '客户不存在', tooMany: `一次最多转移${ASSIGN_MAX}个客户` } }),
        userid: Id('顾问', { messages: { missing: MSG_NO_ADVISER, invalid: MSG_NO_ADVISER } }),
        owners: Text('客户负责人', 12 * (ASSIGN_MAX + 1)),
      }),
      reply: CustomerCountReply,
      handler: async ({ input, actor, reply }) => {
        const owners = parseExpectedOwners(input.owners, input.ids);
        const receivedAt = new Date(ctx.clock().getTime() - reply.elapsedTime);
        return success('转移成功', { count: await assignCustomers(ctx, actor, input.ids, input.userid, receivedAt, owners) });
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/api/customer/setTop',
      summary: '置顶或取消置顶（每人自己的置顶，列表中排在最前）',
      tag: 'crm',
      access: VIEW_CUSTOMERS,
      record: customerAct('id'),
      input: Fields({ id: Id('客户', { messages: { invalid: '客户不存在' } }) }),
      reply: CustomerPinReply,
      handler: async ({ input, actor }) => {
        const pinned = await togglePin(ctx, actor, input.id, PIN_MAX);
        return success(pinned ? '置顶成功' : '已取消置顶', { isTop: pinned ? 1 : 0 });
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/api/customer/AddMykehu',
      summary: '关注或取消关注一个客户（watch=0 取消；不传则切换）',
      tag: 'crm',
      access: VIEW_CUSTOMERS,
      record: customerAct('id'),
      input: Fields({ id: Id('客户', { messages: { invalid: '客户不存在' } }), watch: Flag('关注', 1) }),
      reply: CustomerWatchReply,
      handler: async ({ input, actor }) => {
        await setWatched(ctx, actor, [input.id], input.watch === 1);
        return success(input.watch === 1 ? '关注成功' : '已取消关注', { watched: input.watch });
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/api/customer/AddMykehuT',
      summary: '批量取消关注（watch=1 为批量关注）',
      tag: 'crm',
      access: VIEW_CUSTOMERS,
      record: customerAct('ids'),
      input: Fields({ ids: CustomerIds, watch: Flag('关注', 0) }),
      reply: Done,
      handler: async ({ input, actor }) => {
        await setWatched(ctx, actor, input.ids, input.watch === 1);
        return success(input.watch === 1 ? '关注成功' : '已取消关注');
      },
    }),
  ]);
}
