import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../app-context';
import { guarded, type ActorResolver } from '../../../http/auth';
import { success } from '../../../http/envelope';
import { integer, requestInput, text, type Input } from '../../../http/input';
import { apiPath } from '../../../http/url';
import { listProducts, type ProductListQuery } from './product.service';

/** The picker sends the key as `key` or `search` (spec §7); `key` wins when both are given. */
export function parseProductListQuery(input: Input): ProductListQuery {
  const page = integer(input, 'page', 1, { min: 1, max: 1_000_000, message: '页码必须是正整数' });
  const rows = integer(input, 'rows', 10, { min: 1, max: 200, message: '每页条数必须是1到200之间的整数' });
  const key = text(input, 'key', { label: '搜索关键字', max: 100 }) || text(input, 'search', { label: '搜索关键字', max: 100 });
  return { page, rows, key };
}

export function registerProductRoutes(app: FastifyInstance, ctx: AppContext, resolve: ActorResolver): void {
  /**
   * The product catalogue for the product picker and line-item table (`api/product/index`, also
   * `Index`: paths are case-insensitive). Any logged-in user may read it: line items appear in forms
   * of every area (contracts, approvals, expense claims), and the catalogue holds no customer data.
   */
  app.post(apiPath('/api/product/index'), { preHandler: guarded(resolve) }, async (request) => {
    return success('获取成功', await listProducts(ctx, parseProductListQuery(requestInput(request))));
  });
}
