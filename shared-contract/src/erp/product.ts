/** 产品目录 (api/product/index): the product picker and the line items. Prices in yuan. */
import { Type, type Static } from '@sinclair/typebox';
import { Envelope, ListOf } from '../wire';

export const ProductRowSchema = Type.Object({
  id: Type.Number(),
  name: Type.String(),
  number: Type.String(),
  standard: Type.String(),
  unit: Type.String(),
  price: Type.Number(),
  costPrice: Type.Number(),
  shuihao: Type.String(),
  /** Tax rate in percent; the picker shows it with %. */
  shuilv: Type.Number(),
  /** The picture's address, '' without one. */
  cover: Type.String(),
});
export type ProductRow = Static<typeof ProductRowSchema>;

/** The list inside the envelope (`data.rows`, as the form designer's loadFilter names it). */
export const ProductListReply = Envelope(ListOf(ProductRowSchema));
