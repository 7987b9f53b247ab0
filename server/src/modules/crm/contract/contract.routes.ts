import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../app-context';
import { actorOf, guarded, type ActorResolver, type Permission } from '../../../http/auth';
import { badRequest } from '../../../http/errors';
import { success } from '../../../http/envelope';
import { choice, integer, requestInput, text, type Input } from '../../../http/input';
import { apiPath } from '../../../http/url';
import { SCENES } from '../../shared/data-scope';
import { hasRightUnder } from '../../system/role/permission-tree';
import { listContracts, MSG_CONTRACT_NOT_FOUND, viewContract } from './contract.service';
import type { ContractListQuery } from './contract.types';

/** Any contract page (`crm` permission under `signorentry/`); the data scope then limits the rows. */
export const VIEW_CONTRACTS: Permission = { label: "crm 'signorentry/*'", allows: (t) => hasRightUnder(t, 'crm', 'signorentry/') };

/** `dataType` is the scene of the customer lists: all (default), mine, participating, subordinates. */
export function parseContractListQuery(input: Input): ContractListQuery {
  const page = integer(input, 'page', 1, { min: 1, max: 1_000_000, message: '页码必须是正整数' });
  const rows = integer(input, 'rows', 10, { min: 1, max: 200, message: '每页条数必须是1到200之间的整数' });
  const key = text(input, 'key', { label: '搜索关键字', max: 100 });
  const scene = choice(input, 'dataType', SCENES, 'all', '数据范围参数不正确');
  return { page, rows, key, scene };
}

export function registerContractRoutes(app: FastifyInstance, ctx: AppContext, resolve: ActorResolver): void {
  /** The contract list, also the default source of the contract select (spec §7). */
  app.post(apiPath('/api/contract/index'), { preHandler: guarded(resolve, VIEW_CONTRACTS) }, async (request) => {
    return listContracts(ctx, actorOf(request), parseContractListQuery(requestInput(request)));
  });

  /** One contract's basic detail; the form engine prefills a form opened with a contractId from it. */
  app.post(apiPath('/api/contract/Views'), { preHandler: guarded(resolve, VIEW_CONTRACTS) }, async (request) => {
    const id = integer(requestInput(request), 'id', undefined, { min: 1, message: MSG_CONTRACT_NOT_FOUND });
    if (id === undefined) throw badRequest('请选择合同');
    return success('获取成功', await viewContract(ctx, actorOf(request), id));
  });
}
