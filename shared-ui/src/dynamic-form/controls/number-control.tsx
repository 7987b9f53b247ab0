/** number: a numeric value, stored as a number. */
import { InputNumber } from 'antd';
import type { ControlProps } from '../types';

export function NumberControl({ field, value, onChange, disabled, id }: ControlProps) {
  const number = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : null;
  return (
    <InputNumber<number>
      id={id}
      style={{ width: '100%' }}
      value={number !== null && Number.isFinite(number) ? number : null}
      onChange={(next) => onChange?.(next ?? undefined)}
      placeholder={field.placeholder ?? `请输入${field.title}`}
      disabled={disabled}
      readOnly={field.readonly}
    />
  );
}
