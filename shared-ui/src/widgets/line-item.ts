/** The product line item of spec §3 and its arithmetic (subtotal = quantity × unit price, always). */
import { DEFAULT_WAREHOUSE } from '@portal/shared-core';
import type { ProductRecord } from '../pickers/directory-types';

export type LineItem = {
  id: number;
  productid: number;
  title: string;
  standard: string;
  /** Quantity (default 1). */
  number: number;
  /** Cost price. */
  price: number;
  /** Unit price the subtotal uses. */
  sellingprice: number;
  /** Model / barcode (the product's number). */
  xinghao: string;
  unit: string;
  danwei: string;
  /** Tax number, left blank. */
  shuihao: string;
  xiaoji: number;
  warehousename: string;
  warehouseid: number;
};

/** Money to 2 decimals, without 1.005 → 1.00 float surprises. */
export function roundMoney(value: number): number {
  return Math.round((value + Number.EPSILON) * 100) / 100;
}

export function subtotalOf(quantity: number, unitPrice: number): number {
  return roundMoney((Number(quantity) || 0) * (Number(unitPrice) || 0));
}

/** The item with its subtotal recomputed. */
export function withSubtotal(item: LineItem): LineItem {
  return { ...item, xiaoji: subtotalOf(item.number, item.sellingprice) };
}

/** A new line for `product`: quantity 1, the default warehouse, the product's price as unit price. */
export function lineItemFromProduct(product: ProductRecord): LineItem {
  const unit = product.unit ?? '';
  return withSubtotal({
    id: product.id,
    productid: product.id,
    title: product.name,
    standard: product.standard ?? '',
    number: 1,
    price: Number(product.costPrice) || 0,
    sellingprice: Number(product.price) || 0,
    xinghao: product.number ?? '',
    unit,
    danwei: unit,
    shuihao: '',
    xiaoji: 0,
    warehousename: DEFAULT_WAREHOUSE.name,
    warehouseid: DEFAULT_WAREHOUSE.id,
  });
}
