/** "How long ago" in the spec's words (§9): 刚刚 under a minute, then minutes, hours, days, weeks, months of 30 days. */
import { dayjs, type DateInput } from './dayjs-setup';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;
const MONTH = 30 * DAY;

export function formatRelativeTime(value: DateInput | null | undefined, now: DateInput = Date.now()): string {
  if (value === null || value === undefined || value === '') return '-';
  const then = dayjs(value);
  if (!then.isValid()) return '-';
  const elapsed = Math.max(0, dayjs(now).valueOf() - then.valueOf());
  if (elapsed < MINUTE) return '刚刚';
  if (elapsed < HOUR) return `${Math.floor(elapsed / MINUTE)}分钟前`;
  if (elapsed < DAY) return `${Math.floor(elapsed / HOUR)}小时前`;
  if (elapsed < WEEK) return `${Math.floor(elapsed / DAY)}天前`;
  if (elapsed < MONTH) return `${Math.floor(elapsed / WEEK)}周前`;
  return `${Math.floor(elapsed / MONTH)}个月前`;
}
