/** switch: on or off, held as the field's `active` / `inactive` values (default '1' / '0'). */
import { Switch } from 'antd';
import { sameChoice } from './choice-value';
import { switchValues } from '../values';
import type { ControlProps } from '../types';

export function SwitchControl({ field, value, onChange, disabled, id }: ControlProps) {
  const { active, inactive } = switchValues(field);
  return (
    <Switch id={id} checked={sameChoice(value, active)} disabled={disabled || field.readonly} onChange={(checked) => onChange?.(checked ? active : inactive)} />
  );
}
