import { formatShanghai, parseShanghaiDateTime, shanghaiDateStamp } from './time';

test('shows stored UTC times in Asia/Shanghai', () => {
  expect(formatShanghai('2026-11-20T16:30:05.000Z')).toBe('2026-11-21 00:30:05');
  expect(formatShanghai('')).toBe('');
  expect(shanghaiDateStamp(new Date('2026-11-20T16:30:00Z'))).toBe('20261121');
});

test('parses yyyy-MM-dd HH:mm in Shanghai and refuses impossible dates', () => {
  expect(parseShanghaiDateTime('2026-12-01 10:30')).toBe('2026-12-01T02:30:00.000Z');
  expect(parseShanghaiDateTime('2026-02-30 10:30')).toBeNull();
  expect(parseShanghaiDateTime('明天')).toBeNull();
});
