import type { WarehouseStock } from '@portal/shared-contract';
import type { AppContext } from '../../../app-context';
import { notFound } from '../../../http/errors';

/** 默认仓库: migration 005 inserts it as warehouse id 0, the line items' default (spec §3). */
export const DEFAULT_WAREHOUSE_ID = 0;
export const MSG_PRODUCT_NOT_FOUND = '产品不存在';

/** A warehouse record as the line-item warehouse picker shows it (spec §3: name, available stock), as the contract types it. */
export type { WarehouseStock };

/** Every warehouse (默认仓库 first) with the product's available stock there; 0 where none is held. */
export async function warehouseStorage(ctx: AppContext, productId: number): Promise<WarehouseStock[]> {
  const product = await ctx.db.selectFrom('products').select('id').where('id', '=', productId).executeTakeFirst();
  if (!product) throw notFound(MSG_PRODUCT_NOT_FOUND);
  const rows = await ctx.db
    .selectFrom('warehouses as w')
    .leftJoin('stock as s', (join) => join.onRef('s.warehouse_id', '=', 'w.id').on('s.product_id', '=', productId))
    .select(['w.id', 'w.name', 's.quantity'])
    .orderBy('w.sort_order')
    .orderBy('w.id')
    .execute();
  return rows.map((r) => ({ id: r.id, name: r.name, stock: Number(r.quantity ?? 0) }));
}
