/** radio: one of the field's options, shown side by side. */
import { Radio } from 'antd';
import { matchOption } from './choice-value';
import type { ControlProps } from '../types';

export function RadioControl({ field, value, onChange, disabled, id }: ControlProps) {
  const options = field.options ?? [];
  return (
    <Radio.Group
      id={id}
      value={matchOption(value, options)}
      options={options.map((o) => ({ label: o.label, value: o.value }))}
      disabled={disabled || field.readonly}
      onChange={(e) => onChange?.(e.target.value)}
    />
  );
}
