import { WarehouseStockReply } from '@portal/shared-contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../app-context';
import type { ActorResolver } from '../../../http/auth';
import { success } from '../../../http/envelope';
import { Fields, Id } from '../../../http/input-fields';
import { defineRoute, mountRoutes } from '../../../http/route';
import { MSG_PRODUCT_NOT_FOUND, warehouseStorage } from './warehouse.service';

export function registerWarehouseRoutes(app: FastifyInstance, ctx: AppContext, resolve: ActorResolver): void {
  mountRoutes(app, resolve, [
    defineRoute({
      method: 'POST',
      url: '/api/erp/getWarehouseStorage',
      summary: '一个产品在各仓库的库存（明细行的仓库选择用）',
      description: '任何登录用户都可调用，与产品目录相同。',
      tag: 'erp',
      access: 'login',
      record: 'none',
      input: Fields({ productid: Id('产品', { messages: { invalid: MSG_PRODUCT_NOT_FOUND } }) }),
      reply: WarehouseStockReply,
      handler: async ({ input }) => success('获取成功', await warehouseStorage(ctx, input.productid)),
    }),
  ]);
}
