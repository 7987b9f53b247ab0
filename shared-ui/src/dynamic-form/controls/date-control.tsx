/**
 * date and datetime: a day ('YYYY-MM-DD') or a moment to the minute ('YYYY-MM-DD HH:mm') (spec §9).
 * An end (`notBefore`) offers no day before its start's.
 */
import { DatePicker } from 'antd';
import type { Dayjs } from 'dayjs';
import { DATE_FORMAT, DATETIME_FORMAT, dayjs } from '@portal/shared-core';
import type { ControlProps } from '../types';

function DateControl({ field, value, onChange, getFormValue, disabled, id, format, withTime }: ControlProps & { format: string; withTime: boolean }) {
  const day = typeof value === 'string' && value ? dayjs(value, format) : null;
  const beforeStart = (candidate: Dayjs) => {
    const start = field.notBefore ? getFormValue(field.notBefore) : undefined;
    const from = typeof start === 'string' && start ? dayjs(start) : null;
    return Boolean(from?.isValid() && candidate.isBefore(from, 'day'));
  };
  return (
    <DatePicker
      id={id}
      style={{ width: '100%' }}
      value={day && day.isValid() ? day : null}
      format={format}
      showTime={withTime ? { format: 'HH:mm' } : false}
      placeholder={field.placeholder ?? '请选择'}
      disabled={disabled}
      disabledDate={field.notBefore ? beforeStart : undefined}
      inputReadOnly={field.readonly}
      onChange={(next) => onChange?.(next ? next.format(format) : undefined)}
    />
  );
}

export function DayControl(props: ControlProps) {
  return <DateControl {...props} format={DATE_FORMAT} withTime={false} />;
}

export function DateTimeControl(props: ControlProps) {
  return <DateControl {...props} format={DATETIME_FORMAT} withTime />;
}
