/** product: the product line items (spec §3), read-only when the form is. */
import { ProductLineItems } from '../../../widgets/product-line-items';
import type { LineItem } from '../../../widgets/line-item';
import type { ControlProps } from '../../types';
import { listOf } from './control-values';

export function ProductControl({ field, value, onChange, disabled }: ControlProps) {
  return <ProductLineItems value={listOf<LineItem>(value)} onChange={(items) => onChange?.(items)} readOnly={disabled || field.readonly} />;
}
