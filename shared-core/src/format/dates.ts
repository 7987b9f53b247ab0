/** Date formats of spec §9. Unparseable or empty input formats as '-'. */
import { dayjs, type DateInput } from './dayjs-setup';

export const DATE_FORMAT = 'YYYY-MM-DD';
export const DATETIME_FORMAT = 'YYYY-MM-DD HH:mm';
/** How date ranges are shown and sent. */
export const DATE_RANGE_FORMAT = 'YYYY/MM/DD';
export const RANGE_START_TIME = '00:00:00';
export const RANGE_END_TIME = '23:59:59';

function format(value: DateInput | null | undefined, pattern: string): string {
  if (value === null || value === undefined || value === '') return '-';
  const d = dayjs(value);
  return d.isValid() ? d.format(pattern) : '-';
}

export function formatDate(value: DateInput | null | undefined): string {
  return format(value, DATE_FORMAT);
}

export function formatDateTime(value: DateInput | null | undefined): string {
  return format(value, DATETIME_FORMAT);
}

/** A date range as two strings: the start day at 00:00:00 and the end day at 23:59:59. */
export function formatDateRange(start: DateInput, end: DateInput): [string, string] {
  return [`${dayjs(start).format(DATE_RANGE_FORMAT)} ${RANGE_START_TIME}`, `${dayjs(end).format(DATE_RANGE_FORMAT)} ${RANGE_END_TIME}`];
}
