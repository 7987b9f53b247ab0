import { Done, PublicPoolAddReply, PublicPoolCountReply, PublicPoolListReply } from '@portal/shared-contract';
import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../app-context';
import { anyOf, can, type ActorResolver } from '../../../http/auth';
import { success } from '../../../http/envelope';
import { badRequest } from '../../../http/errors';
import { COMMA_LIST_KEYWORD, Fields, Flag, Id, Ids, Integer, MAX_ID, RequiredText } from '../../../http/input-fields';
import { defineRoute, mountRoutes } from '../../../http/route';
import { addPool, deletePools, editPool, listPools, MANAGE_POOLS, moveCustomers, type PoolInput } from './public-pools';
import { customerPoolMove } from '../customer/customer.policy';

/** Listing the pools: whoever opens 公海客户, or keeps the pools (基础设置). */
export const VIEW_POOLS = anyOf(can('crm', 'customer/total'), MANAGE_POOLS);
/** 转移公海: the managers who distribute pool customers (公海客户 › 分配). */
export const MOVE_POOL_CUSTOMERS = can('crm', 'customer/total:assign');

const MAX_MEMBERS = 500;
const IdList = (label: string) =>
  Type.Array(Type.Integer({ minimum: 1, maximum: MAX_ID }), {
    title: label,
    maxItems: MAX_MEMBERS,
    default: [],
    [COMMA_LIST_KEYWORD]: true,
    'x-messages': { invalid: `${label}不正确`, tooMany: `${label}最多${MAX_MEMBERS}个` },
  });
const Days = (label: string, max: number) => Type.Optional(Integer(label, { min: 1, max }, { messages: { invalid: `${label}必须是1到${max}之间的整数` } }));

const PoolFields = {
  name: RequiredText('公海名称', 50, { messages: { missing: '请填写公海名称', tooLong: '公海名称不能超过50个字符' } }),
  branchIds: IdList('适用部门'),
  userIds: IdList('适用成员'),
  noFollowupDays: Days('未跟进回收天数', 3650),
  noDealDays: Days('未成交回收天数', 3650),
  claimLimitPerDay: Days('每日领取上限', 10000),
  reclaimWaitDays: Days('原负责人重新领取等待天数', 3650),
  enabled: Flag('启用', 1, { messages: { invalid: '启用参数不正确' } }),
  sort: Integer('排序', { min: 0, max: 9999, fallback: 0 }, { messages: { invalid: '排序必须是0到9999之间的整数' } }),
};
const PoolSaveInput = Fields(PoolFields);
const PoolEditInput = Fields({ id: Id('公海', { messages: { invalid: '公海不存在' } }), ...PoolFields });

function toPoolInput(input: Static<typeof PoolSaveInput>): PoolInput {
  if (input.branchIds.length === 0 && input.userIds.length === 0) throw badRequest('请选择适用部门或成员');
  return {
    name: input.name,
    branchIds: input.branchIds,
    userIds: input.userIds,
    noFollowupDays: input.noFollowupDays ?? null,
    noDealDays: input.noDealDays ?? null,
    claimLimitPerDay: input.claimLimitPerDay ?? null,
    reclaimWaitDays: input.reclaimWaitDays ?? null,
    enabled: input.enabled === 1,
    sort: input.sort,
  };
}

export function registerPublicPoolRoutes(app: FastifyInstance, ctx: AppContext, resolve: ActorResolver): void {
  mountRoutes(app, resolve, [
    defineRoute({
      method: 'POST',
      url: '/api/pool/index',
      summary: '公海列表：默认公海在前，成员只看到自己所属的公海，管理员看到全部（含各公海客户数）',
      tag: 'crm',
      access: VIEW_POOLS,
      record: 'list',
      input: Fields({}),
      reply: PublicPoolListReply,
      handler: async ({ actor }) => {
        const rows = await listPools(ctx, actor);
        return { rows, total: rows.length };
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/api/pool/add',
      summary: '新建公海（名称、适用部门及成员、规则覆盖；未填的规则沿用基础设置）',
      tag: 'crm',
      access: MANAGE_POOLS,
      record: 'none',
      input: PoolSaveInput,
      reply: PublicPoolAddReply,
      handler: async ({ input }) => success('添加成功', { id: await addPool(ctx, toPoolInput(input)) }),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/pool/edit',
      summary: '编辑公海',
      tag: 'crm',
      access: MANAGE_POOLS,
      record: 'none',
      input: PoolEditInput,
      reply: Done,
      handler: async ({ input }) => {
        await editPool(ctx, input.id, toPoolInput(input));
        return success('保存成功');
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/api/pool/delete',
      summary: '删除公海（公海中还有客户时拒绝，并说明客户数）',
      tag: 'crm',
      access: MANAGE_POOLS,
      record: 'none',
      input: Fields({ ids: Ids('公海', 100, { messages: { missing: '请选择要删除的公海', invalid: '公海不存在', tooMany: '一次最多删除100个公海' } }) }),
      reply: PublicPoolCountReply,
      handler: async ({ input }) => success('删除成功', { count: await deletePools(ctx, input.ids) }),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/pool/move',
      summary: '转移公海：将公海客户转移到另一个公海（poolId 0 为默认公海；需为两边公海的成员；一个事务，写入客户操作日志）',
      tag: 'crm',
      access: MOVE_POOL_CUSTOMERS,
      record: customerPoolMove('ids'),
      input: Fields({
        ids: Ids('客户', 1000, { messages: { missing: '请选择客户', invalid: '客户不存在', tooMany: '一次最多转移1000个客户' } }),
        poolId: Integer('目标公海', { min: 0, max: MAX_ID }, { messages: { missing: '请选择目标公海', invalid: '目标公海不正确' } }),
      }),
      reply: PublicPoolCountReply,
      handler: async ({ input, actor }) => success('转移成功', { count: await moveCustomers(ctx, actor, input.ids, input.poolId) }),
    }),
  ]);
}
