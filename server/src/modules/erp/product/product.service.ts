import type { ProductRow } from '@portal/shared-contract';
import type { AppContext } from '../../../app-context';
import type { ListReply } from '../../../http/envelope';
import { containsAny } from '../../shared/contains-search';
import { fenToYuan } from '../money';

/** A product as the product picker lists it (spec §3 Product), as the contract types it. Prices in yuan. */
export type { ProductRow };

export type ProductListQuery = { page: number; rows: number; key: string };

/** Products on sale (status 1), newest first, key matching name or number; paged in the database. */
export async function listProducts(ctx: AppContext, q: ProductListQuery): Promise<ListReply<ProductRow>> {
  let base = ctx.db.selectFrom('products as p').where('p.status', '=', 1);
  if (q.key) base = base.where(containsAny(ctx.dialect, ['p.name', 'p.number'], q.key));
  const countRow = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const total = Number(countRow.n);
  if (total === 0 || (q.page - 1) * q.rows >= total) return { rows: [], total };
  const rows = await base
    .select(['p.id', 'p.name', 'p.number', 'p.standard', 'p.unit', 'p.price_cents', 'p.cost_price_cents', 'p.shuihao', 'p.shuilv', 'p.cover'])
    .orderBy('p.id', 'desc')
    .limit(q.rows)
    .offset((q.page - 1) * q.rows)
    .execute();
  return {
    rows: rows.map((r) => ({
      id: r.id,
      name: r.name,
      number: r.number,
      standard: r.standard,
      unit: r.unit,
      price: fenToYuan(r.price_cents),
      costPrice: fenToYuan(r.cost_price_cents),
      shuihao: r.shuihao,
      shuilv: r.shuilv,
      cover: r.cover,
    })),
    total,
  };
}
