/**
 * 下次跟进时间 as lists and details show it (issue #31): with 已逾期 once it has passed. In the lists
 * part of shared-ui (parts/lists.ts): the customer lists render it in a column. Picking one is
 * next-follow-up.tsx (forms part).
 */
import { Space, Tag } from 'antd';
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
