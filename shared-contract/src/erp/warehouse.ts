/** api/erp/getWarehouseStorage {productid}: every warehouse (默认仓库 first) with the product's available stock. */
import { Type, type Static } from '@sinclair/typebox';
import { Envelope } from '../wire';

export const WarehouseStockSchema = Type.Object({ id: Type.Number(), name: Type.String(), stock: Type.Number() });
export type WarehouseStock = Static<typeof WarehouseStockSchema>;

export const WarehouseStockReply = Envelope(Type.Array(WarehouseStockSchema));
