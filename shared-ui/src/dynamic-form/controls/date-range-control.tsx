/**
 * daterange: two days shown 'YYYY/MM/DD', held as the start day at 00:00:00 and the end day at
 * 23:59:59 (spec §9); sent comma-joined.
 */
import { DatePicker } from 'antd';
import { DATE_RANGE_FORMAT, dayjs, formatDateRange } from '@portal/shared-core';
import type { ControlProps } from '../types';

const STORED_FORMAT = `${DATE_RANGE_FORMAT} HH:mm:ss`;

function dayOf(text: unknown) {
  if (typeof text !== 'string' || !text) return null;
  const day = dayjs(text, STORED_FORMAT);
  return day.isValid() ? day : null;
}

export function DateRangeControl({ field, value, onChange, disabled, id }: ControlProps) {
  const [start, end] = Array.isArray(value) ? value.map(dayOf) : [null, null];
  return (
    <DatePicker.RangePicker
      id={id ? { start: id } : undefined}
      style={{ width: '100%' }}
      value={start && end ? [start, end] : null}
      format={DATE_RANGE_FORMAT}
      disabled={disabled || field.readonly}
      onChange={(range) => onChange?.(range?.[0] && range[1] ? formatDateRange(range[0], range[1]) : undefined)}
    />
  );
}
