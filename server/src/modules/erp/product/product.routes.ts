import { ProductListReply } from '@portal/shared-contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../app-context';
import type { ActorResolver } from '../../../http/auth';
import { success } from '../../../http/envelope';
import { Fields, Paging, Text } from '../../../http/input-fields';
import { defineRoute, mountRoutes } from '../../../http/route';
import { listProducts } from './product.service';

export function registerProductRoutes(app: FastifyInstance, ctx: AppContext, resolve: ActorResolver): void {
  mountRoutes(app, resolve, [
    defineRoute({
      method: 'POST',
      url: '/api/product/index',
      summary: '产品目录（产品选择器与明细表；key 或 search 为搜索关键字）',
      description: '任何登录用户都可读取：明细行出现在各区域的表单中（合同、审批、报销），产品目录不含客户数据。路径不区分大小写（也作 api/product/Index）。',
      tag: 'erp',
      access: 'login',
      record: 'none',
      // The picker sends the key as `key` or `search` (spec §7); `key` wins when both are given.
      input: Fields({ ...Paging(10), key: Text('搜索关键字', 100), search: Text('搜索关键字', 100) }),
      reply: ProductListReply,
      handler: async ({ input }) => success('获取成功', await listProducts(ctx, { page: input.page, rows: input.rows, key: input.key || input.search })),
    }),
  ]);
}
