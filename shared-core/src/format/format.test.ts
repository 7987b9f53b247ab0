import { formatDate, formatDateRange, formatDateTime } from './dates';
import { formatFileSize } from './file-size';
import { formatRelativeTime } from './relative-time';

describe('formatFileSize', () => {
  it('shows Kb up to 1024 and Mb with one decimal above', () => {
    expect(formatFileSize(512)).toBe('512Kb');
    expect(formatFileSize(1024)).toBe('1024Kb');
    expect(formatFileSize(1536)).toBe('1.5Mb');
    expect(formatFileSize('2048')).toBe('2.0Mb');
    expect(formatFileSize(null)).toBe('-');
  });
});

describe('formatRelativeTime', () => {
  const now = new Date('2026-11-21T12:00:00');
  const ago = (ms: number) => new Date(now.getTime() - ms);
  const min = 60_000;
  it.each([
    [30 * 1000, '刚刚'],
    [5 * min, '5分钟前'],
    [3 * 60 * min, '3小时前'],
    [2 * 24 * 60 * min, '2天前'],
    [15 * 24 * 60 * min, '2周前'],
    [65 * 24 * 60 * min, '2个月前'],
  ])('%d ms ago reads %s', (ms, text) => {
    expect(formatRelativeTime(ago(ms), now)).toBe(text);
  });
  it('reads server time strings and shows - for nothing', () => {
    expect(formatRelativeTime('2026-11-21 11:00:00', now)).toBe('1小时前');
    expect(formatRelativeTime('', now)).toBe('-');
  });
});

describe('dates', () => {
  it('formats dates and date-times', () => {
    expect(formatDate('2026-11-21 09:05:33')).toBe('2026-11-21');
    expect(formatDateTime('2026-11-21 09:05:33')).toBe('2026-11-21 09:05');
    expect(formatDate(undefined)).toBe('-');
    expect(formatDate('not a date')).toBe('-');
  });
  it('formats a range from the start of the first day to the end of the last', () => {
    expect(formatDateRange('2026-11-01 10:00', new Date('2026-11-21T08:00:00'))).toEqual(['2026/11/01 00:00:00', '2026/11/21 23:59:59']);
  });
});
