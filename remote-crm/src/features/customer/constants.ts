/** The customer list's choices (spec §2.6, §9): scenes, sort fields, quick date filters, levels. */
import { CUSTOMER_QUICK_DAYS } from '@portal/shared-core';
import type { ListOption } from '@portal/shared-ui';
import type { CustomerLevel, CustomerScene, CustomerSortField, QuickDays } from './types';

export const CUSTOMER_SCENES: ListOption<CustomerScene>[] = [
  { value: 'all', label: '全部客户' },
  { value: 'mine', label: '我的客户' },
  { value: 'participating', label: '我参与的' },
  { value: 'subordinates', label: '下属客户' },
];

export const CUSTOMER_SORTS: ListOption<CustomerSortField>[] = [
  { value: 'AddTime', label: '创建时间' },
  { value: 'UpdateTime', label: '更新时间' },
  { value: 'genjinTime', label: '最后跟进时间' },
  { value: 'nextgenjintime', label: '下次跟进时间' },
];

export const QUICK_DAY_OPTIONS: { value: QuickDays; label: string }[] = CUSTOMER_QUICK_DAYS.map((days) => ({
  value: days,
  label: `近${days}天`,
}));

export const CUSTOMER_LEVELS: { value: CustomerLevel; label: string }[] = [
  { value: 'A', label: 'A' },
  { value: 'B', label: 'B' },
  { value: 'C', label: 'C' },
];

