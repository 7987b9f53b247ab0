import { ContractDetailReply, ContractListReply } from '@portal/shared-contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../app-context';
import { canOpenAnyPage, type ActorResolver } from '../../../http/auth';
import { success } from '../../../http/envelope';
import { Fields, Id, Integer, OneOf, Paging, Text } from '../../../http/input-fields';
import { defineRoute, mountRoutes } from '../../../http/route';
import { SCENES } from '../../shared/data-scope';
import { listContracts, MSG_CONTRACT_NOT_FOUND, viewContract } from './contract.service';
import { contractRead } from './contract.policy';
import { CONTRACT_MASK } from './contract.types';

/** Any contract page (`crm` right under `signorentry/`); the data scope then limits the rows. */
export const VIEW_CONTRACTS = canOpenAnyPage('crm', 'signorentry/');

export function registerContractRoutes(app: FastifyInstance, ctx: AppContext, resolve: ActorResolver): void {
  mountRoutes(app, resolve, [
    defineRoute({
      method: 'POST',
      url: '/api/contract/index',
      summary: '合同列表（也是合同选择框的默认数据源）',
      description:
        'dataType 与客户列表的场景相同：all（默认）、mine、participating、subordinates。customerId（可选）只列该客户的合同（客户详情的合同页），仍在数据范围内。',
      tag: 'crm',
      access: VIEW_CONTRACTS,
      record: 'list',
      mask: CONTRACT_MASK,
      input: Fields({
        ...Paging(10),
        key: Text('搜索关键字', 100),
        dataType: OneOf('数据范围', SCENES, 'all', { messages: { invalid: '数据范围参数不正确' } }),
        customerId: Integer('客户', { min: 0, max: 2147483647, fallback: 0 }, { messages: { invalid: '客户参数不正确' } }),
      }),
      reply: ContractListReply,
      handler: async ({ input, actor }) =>
        listContracts(ctx, actor, { page: input.page, rows: input.rows, key: input.key, scene: input.dataType, customerId: input.customerId || undefined }),
    }),

    defineRoute({
      method: 'POST',
      url: '/api/contract/Views',
      summary: '合同基本信息（以 contractId 打开的表单据此预填）',
      tag: 'crm',
      access: VIEW_CONTRACTS,
      record: contractRead('id'),
      mask: CONTRACT_MASK,
      input: Fields({ id: Id('合同', { messages: { invalid: MSG_CONTRACT_NOT_FOUND } }) }),
      reply: ContractDetailReply,
      handler: async ({ input, actor }) => success('获取成功', await viewContract(ctx, actor, input.id)),
    }),
  ]);
}
