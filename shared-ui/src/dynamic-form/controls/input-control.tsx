/** input: one line of text, at most 300 characters (spec §5, §9). */
import { Input } from 'antd';
import { textLimit } from '../rules';
import type { ControlProps } from '../types';

export function InputControl({ field, value, onChange, disabled, id }: ControlProps) {
  return (
    <Input
      id={id}
      value={typeof value === 'string' || typeof value === 'number' ? String(value) : undefined}
      onChange={(e) => onChange?.(e.target.value)}
      maxLength={textLimit(field)}
      placeholder={field.placeholder ?? `请输入${field.title}`}
      disabled={disabled}
      readOnly={field.readonly}
      allowClear={!field.readonly}
    />
  );
}
