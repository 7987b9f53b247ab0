/** Customer shapes of the API (`api/customer/*`), named as the server names them. */
import type { CustomerContact, CustomerDetail, CustomerFollowUp, CustomerRow, LeadSourceOption } from '@portal/shared-contract';
import type { CustomerScene, CustomerView } from '@portal/shared-contract/customer-views';
import type { Dayjs } from 'dayjs';

export type { CustomerContact, CustomerDetail, CustomerFollowUp, CustomerScene, CustomerView };
/** A row of `api/customer/index` (and the detail's customer). */
export type Customer = CustomerRow;
export type CustomerSortField = 'AddTime' | 'UpdateTime' | 'genjinTime' | 'nextgenjintime';
export type CustomerLevel = 'A' | 'B' | 'C';
export type QuickDays = 7 | 30 | 90;

/** Advanced search (高级搜索), keyed as the customer form names its fields; text matches by "contains". */
export type CustomerAdvancedFilters = {
  CustomerName?: string;
  contact_name?: string;
  contact_mobile?: string;
  industry?: string;
  address?: string;
  level?: CustomerLevel;
  LaiYuan?: number;
};

export type CustomerFilters = CustomerAdvancedFilters & {
  days?: QuickDays;
  /** 1 未成交, 2 已成交. */
  clue?: number;
  /** A department and its sub-departments. */
  BranchID?: number;
  /** 即将进入公海 / 我关注的. */
  soon?: 1;
  watched?: 1;
};

export type CustomerQuery = {
  view?: CustomerView;
  page: number;
  rows: number;
  key: string;
  scene: CustomerScene;
  sort: CustomerSortField;
  order: 'asc' | 'desc';
  filters: CustomerFilters;
  /** 公海客户 only: the pool listed (0 默认公海). */
  poolId?: number;
};

/** What the create/edit form holds. */
export type CustomerFormValues = {
  CustomerName: string;
  /** Absent when 字段权限 hides the field from the user (the form leaves it out). */
  contact_name?: string;
  contact_mobile?: string;
  LaiYuan?: number;
  level?: CustomerLevel;
  industry?: string;
  address?: string;
  nextgenjintime?: Dayjs | null;
  beizhu?: string;
};

/** A 客户来源 option (api/UserSet/GetLaiyaun), as the wire contract types it. */
export type LeadSource = LeadSourceOption;
