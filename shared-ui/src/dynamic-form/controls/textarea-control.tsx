/** textarea: several lines of text, at most 300 characters, with a running count (spec §5, §9). */
import { Input } from 'antd';
import { textLimit } from '../rules';
import type { ControlProps } from '../types';

const DEFAULT_ROWS = 3;

export function TextareaControl({ field, value, onChange, disabled, id }: ControlProps) {
  return (
    <Input.TextArea
      id={id}
      value={typeof value === 'string' ? value : undefined}
      onChange={(e) => onChange?.(e.target.value)}
      rows={field.rows ?? DEFAULT_ROWS}
      maxLength={textLimit(field)}
      showCount
      placeholder={field.placeholder ?? `请输入${field.title}`}
      disabled={disabled}
      readOnly={field.readonly}
    />
  );
}
