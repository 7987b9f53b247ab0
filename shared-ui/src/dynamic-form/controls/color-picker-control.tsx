/** ColorPicker: a colour, stored as a hex string ('#1677ff'). */
import { ColorPicker } from 'antd';
import type { ControlProps } from '../types';

export function ColorPickerControl({ field, value, onChange, disabled, id }: ControlProps) {
  return (
    <span id={id}>
      <ColorPicker
        value={typeof value === 'string' && value ? value : null}
        format="hex"
        showText
        allowClear
        disabled={disabled || field.readonly}
        onChange={(color) => onChange?.(color.toHexString())}
        onClear={() => onChange?.('')}
      />
    </span>
  );
}
