/** The customer list's choices (spec §2.6, §9): scenes, sort fields, quick date filters, levels. */
import { CUSTOMER_QUICK_DAYS } from '@portal/shared-core';
import type { AdvancedSearchConfig, ListOption } from '@portal/shared-ui';
import type { CustomerAdvancedFilters, CustomerLevel, CustomerScene, CustomerSortField, LeadSource, QuickDays } from './types';

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

export const DEAL_STATES: { value: number; label: string }[] = [
  { value: 1, label: '未成交' },
  { value: 2, label: '已成交' },
];

/** The fields 高级搜索 offers: those the customer list can filter on, as field definitions of the customer form. */
export const ADVANCED_FILTER_KEYS = [
  'CustomerName',
  'contact_name',
  'contact_mobile',
  'LaiYuan',
  'level',
  'industry',
  'address',
] as const satisfies readonly (keyof CustomerAdvancedFilters)[];

type SearchField = AdvancedSearchConfig['fields'][number];

export function customerSearchFields(sources: readonly LeadSource[]): SearchField[] {
  return [
    { type: 'input', field: 'CustomerName', title: '客户名称' },
    { type: 'input', field: 'contact_name', title: '联系人' },
    { type: 'input', field: 'contact_mobile', title: '手机号码' },
    { type: 'select', field: 'LaiYuan', title: '客户来源', options: sources.map((s) => ({ value: s.id, label: s.name })) },
    { type: 'select', field: 'level', title: '客户级别', options: CUSTOMER_LEVELS },
    { type: 'input', field: 'industry', title: '所属行业' },
    { type: 'input', field: 'address', title: '地址' },
  ] satisfies (SearchField & { field: (typeof ADVANCED_FILTER_KEYS)[number] })[];
}
