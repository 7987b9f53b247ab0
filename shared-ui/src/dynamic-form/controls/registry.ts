/**
 * Which control renders which field type: the simple controls here, merged with the picker-based
 * ones of complex-controls.ts. `controlFor` answers null for a type found in neither.
 */
import type { ControlComponent, ControlType } from '../types';
import { ColorPickerControl } from './color-picker-control';
import { complexControls } from './complex-controls';
import { DateRangeControl } from './date-range-control';
import { DateTimeControl, DayControl } from './date-control';
import { DividerControl } from './divider-control';
import { InputControl } from './input-control';
import { JcSelectControl } from './jc-select-control';
import { NumberControl } from './number-control';
import { PropertyControl } from './property-control';
import { RadioControl } from './radio-control';
import { SelectControl } from './select-control';
import { StatusSelectControl } from './status-select-control';
import { SwitchControl } from './switch-control';
import { TableListControl } from './table-list-control';
import { TagsControl } from './tags-control';
import { TextareaControl } from './textarea-control';
import { UserinfoControl } from './userinfo-control';

export const simpleControls: Partial<Record<ControlType, ControlComponent>> = {
  divider: DividerControl,
  userinfo: UserinfoControl,
  input: InputControl,
  number: NumberControl,
  ColorPicker: ColorPickerControl,
  select: SelectControl,
  statusSelect: StatusSelectControl,
  jcselect: JcSelectControl,
  radio: RadioControl,
  date: DayControl,
  datetime: DateTimeControl,
  daterange: DateRangeControl,
  switch: SwitchControl,
  textarea: TextareaControl,
  property: PropertyControl,
  tags: TagsControl,
  tablelist: TableListControl,
};

export function controlFor(type: string): ControlComponent | null {
  const key = type as ControlType;
  // Own keys only: a type named 'toString' must not find Object.prototype's.
  if (Object.hasOwn(simpleControls, key)) return simpleControls[key] ?? null;
  if (Object.hasOwn(complexControls, key)) return complexControls[key] ?? null;
  return null;
}
