/**
 * 下次跟进时间 (issue #31): shown with 已逾期 once it has passed (customer lists, details, follow-ups,
 * the customer picker), and picked only from now on — the picker offers no earlier day, hour or
 * minute, and the rule refuses a time that passed while the form was open (in the server's words,
 * crm/followup/next-followup-time.ts). An edit may keep the stored time although it has passed.
 */
import { Space, Tag, type FormRule } from 'antd';
import type { Dayjs } from 'dayjs';
import { MESSAGES, dayjs, formatDateTime } from '@portal/shared-core';

/** Whether a next follow-up time (text as the server sends it, or a picked day) lies before `now`. */
export function isOverdue(value: string | Dayjs | null | undefined, now: Dayjs = dayjs()): boolean {
  if (!value) return false;
  const at = dayjs(value);
  return at.isValid() && at.isBefore(now);
}

/** The time as lists and details show it ('-' when none), with 已逾期 when it has passed. */
export function NextFollowUpTime({ value }: { value: string | null | undefined }) {
  if (!value) return <>{MESSAGES.empty}</>;
  return (
    <Space size={4}>
      <span>{formatDateTime(value)}</span>
      {isOverdue(value) ? <Tag color="error">{MESSAGES.overdue}</Tag> : null}
    </Space>
  );
}

const range = (n: number) => Array.from({ length: n }, (_, i) => i);

/** DatePicker props offering only the current minute on. */
export const futureTimePickerProps = {
  disabledDate: (day: Dayjs) => day.isBefore(dayjs(), 'day'),
  disabledTime: (day: Dayjs | null) => {
    const now = dayjs();
    if (!day || !day.isSame(now, 'day')) return {};
    return {
      disabledHours: () => range(now.hour()),
      disabledMinutes: (hour: number) => (hour === now.hour() ? range(now.minute()) : hour < now.hour() ? range(60) : []),
    };
  },
};

/** Refuses a time before the current minute, unless it is the stored one an edit keeps. */
export function nextFollowUpRule(stored?: string | null): FormRule {
  return {
    validator: async (_rule, value: Dayjs | null | undefined) => {
      if (!value || !dayjs(value).isValid()) return;
      if (stored && dayjs(value).isSame(dayjs(stored), 'minute')) return;
      if (dayjs(value).isBefore(dayjs(), 'minute')) throw new Error(MESSAGES.nextFollowUpPast);
    },
  };
}
