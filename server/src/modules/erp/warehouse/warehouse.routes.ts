import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../app-context';
import { guarded, type ActorResolver } from '../../../http/auth';
import { badRequest } from '../../../http/errors';
import { success } from '../../../http/envelope';
import { integer, requestInput } from '../../../http/input';
import { apiPath } from '../../../http/url';
import { MSG_PRODUCT_NOT_FOUND, warehouseStorage } from './warehouse.service';

export function registerWarehouseRoutes(app: FastifyInstance, ctx: AppContext, resolve: ActorResolver): void {
  /** Stock of one product per warehouse, for the line-item warehouse picker (any logged-in user, like products). */
  app.post(apiPath('/api/erp/getWarehouseStorage'), { preHandler: guarded(resolve) }, async (request) => {
    const productId = integer(requestInput(request), 'productid', undefined, { min: 1, message: MSG_PRODUCT_NOT_FOUND });
    if (productId === undefined) throw badRequest('请选择产品');
    return success('获取成功', await warehouseStorage(ctx, productId));
  });
}
