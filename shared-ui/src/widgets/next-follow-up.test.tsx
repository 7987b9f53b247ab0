import { render, screen } from '@testing-library/react';
import { dayjs } from '@portal/shared-core';
import { futureTimePickerProps } from './next-follow-up';
import { NextFollowUpTime, isOverdue } from './next-follow-up-time';

describe('下次跟进时间', () => {
  it('is overdue once it has passed', () => {
    const now = dayjs('2026-11-28 10:00');
    expect(isOverdue('2026-11-28 09:59:00', now)).toBe(true);
    expect(isOverdue('2026-11-28 10:01:00', now)).toBe(false);
    expect(isOverdue('', now)).toBe(false);
    expect(isOverdue(null, now)).toBe(false);
  });

  it('shows the time to the minute with 已逾期 when it has passed, - when there is none', () => {
    const past = dayjs().subtract(1, 'hour').format('YYYY-MM-DD HH:mm:ss');
    const { unmount } = render(<NextFollowUpTime value={past} />);
    expect(screen.getByText(past.slice(0, 16))).toBeInTheDocument();
    expect(screen.getByText('已逾期')).toBeInTheDocument();
    unmount();
    render(<NextFollowUpTime value={dayjs().add(1, 'day').format('YYYY-MM-DD HH:mm:ss')} />);
    expect(screen.queryByText('已逾期')).toBeNull();
    render(<NextFollowUpTime value="" />);
    expect(screen.getByText('-')).toBeInTheDocument();
  });

  it('the picker offers no earlier day, and today no earlier hour or minute', () => {
    const now = dayjs();
    expect(futureTimePickerProps.disabledDate(now.subtract(1, 'day'))).toBe(true);
    expect(futureTimePickerProps.disabledDate(now)).toBe(false);
    const today = futureTimePickerProps.disabledTime(now) as { disabledHours: () => number[]; disabledMinutes: (h: number) => number[] };
    expect(today.disabledHours()).toEqual(Array.from({ length: now.hour() }, (_, i) => i));
    expect(today.disabledMinutes(now.hour())).toEqual(Array.from({ length: now.minute() }, (_, i) => i));
    expect(futureTimePickerProps.disabledTime(now.add(1, 'day'))).toEqual({});
  });
});
