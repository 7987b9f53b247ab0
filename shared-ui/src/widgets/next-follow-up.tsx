/**
 * Picking a 下次跟进时间 (issue #31): only from now on — the picker offers no earlier day, hour or
 * minute, and the rule refuses a time that passed while the form was open (in the server's words,
 * crm/followup/next-followup-time.ts). An edit may keep the stored time although it has passed (the
 * lists mark it 已逾期, next-follow-up-time.tsx).
 */
import type { FormRule } from 'antd';
import type { Dayjs } from 'dayjs';
import { MESSAGES, dayjs } from '@portal/shared-core';

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
