/** Customer shapes of the API (`api/customer/*`), named as the server names them. */
import type { LeadSourceOption } from '@portal/shared-contract';
import type { CustomerScene, CustomerView } from '@portal/shared-contract/customer-views';
import type { Dayjs } from 'dayjs';

export type { CustomerScene, CustomerView };
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

export type Customer = {
  id: number;
  code: string;
  CustomerName: string;
  contact_name: string;
  contact_mobile: string;
  LaiYuan: number;
  LaiYuanName: string;
  level: CustomerLevel | '' | null;
  industry: string | null;
  address: string | null;
  beizhu: string | null;
  UserID: number;
  UserName: string;
  BranchName: string | null;
  AddTime: string;
  UpdateTime: string | null;
  genjinTime: string | null;
  nextgenjintime: string | null;
  /** 2 = deal done. */
  clue: number;
  gonghai: 0 | 1;
  isTop: 0 | 1;
  watchuserid: string | number | null;
  /** Per user: watched (AddMykehu). The rest: issue #10's view columns. */
  watched?: 0 | 1;
  blacklisted?: 0 | 1;
  blackReason?: string;
  poolReason?: string;
  poolDays?: number | null;
  previousOwner?: string;
  recycleDays?: number | null;
  locked?: 0 | 1;
  closeReason?: string;
  ownedAt?: string;
  assignedBy?: string;
  assignedAt?: string;
  unseen?: 0 | 1;
};

export type CustomerContact = {
  id: number;
  contactName: string;
  mobile: string | null;
  wechat: string | null;
  qq: string | null;
  zhiwei: string | null;
  sex: string | number | null;
  isPrimary: boolean | 0 | 1;
};

export type CustomerFollowUp = { id: number; genjinTime: string; gjtype: number; beizhu: string | null; CretateName: string };

export type CustomerDetail = Customer & { contacts: CustomerContact[]; followups: CustomerFollowUp[] };

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
