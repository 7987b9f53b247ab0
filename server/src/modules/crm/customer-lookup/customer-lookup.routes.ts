import { CustomerLookupReply } from '@portal/shared-contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../app-context';
import { optionalActor, type ActorResolver } from '../../../http/auth';
import { success } from '../../../http/envelope';
import { Fields, RequiredText } from '../../../http/input-fields';
import { defineRoute, mountRoutes } from '../../../http/route';
import { MSG_SEARCH_EXACT, publicSearch } from './customer-lookup.service';

export function registerCustomerLookupRoutes(app: FastifyInstance, ctx: AppContext, resolve: ActorResolver): void {
  mountRoutes(app, resolve, [
    defineRoute({
      method: 'POST',
      url: '/api/customer/GetsearchKh',
      summary: '客户查询（无需登录）：仅完整客户名称或完整手机号；回答是否存在、负责人（脱敏）和部门、是否在公海/黑名单、最后跟进日期；每个IP每分钟限10次',
      tag: 'crm',
      access: 'public',
      record: 'none',
      input: Fields({ key: RequiredText('查询内容', 100, { messages: { missing: MSG_SEARCH_EXACT } }) }),
      reply: CustomerLookupReply,
      handler: async ({ input, request }) => {
        // A logged-in caller (optional) gets fuller rows within scope.
        const rows = await publicSearch(ctx, await optionalActor(resolve, request), request.ip, input.key);
        return success(rows.length > 0 ? '查询成功' : '未找到该客户', { rows, total: rows.length });
      },
    }),
  ]);
}
