import type { Scene } from '../../shared/data-scope';

/** A customer as the list and the detail return it (team contract `api/customer/index`). */
export type CustomerRow = {
  id: number;
  code: string;
  CustomerName: string;
  contact_name: string;
  contact_mobile: string;
  LaiYuan: number;
  LaiYuanName: string;
  level: string;
  industry: string;
  address: string;
  beizhu: string;
  UserID: number;
  UserName: string;
  BranchName: string;
  AddTime: string;
  UpdateTime: string;
  genjinTime: string;
  nextgenjintime: string;
  /** 1 未成交, 2 已成交. */
  clue: number;
  gonghai: number;
  isTop: number;
  watchuserid: number;
};

export type ContactRow = { id: number; contactName: string; mobile: string; wechat: string; qq: string; zhiwei: string; sex: string; isPrimary: number };

export type FollowupRow = { id: number; genjinTime: string; gjtype: number; beizhu: string; CretateName: string };

export type CustomerDetail = CustomerRow & { contacts: ContactRow[]; followups: FollowupRow[] };

export const SORTS = ['AddTime', 'UpdateTime', 'genjinTime', 'nextgenjintime'] as const;
export type Sort = (typeof SORTS)[number];

export const SORT_COLUMNS = {
  AddTime: 'c.created_at',
  UpdateTime: 'c.updated_at',
  genjinTime: 'c.genjin_time',
  nextgenjintime: 'c.next_genjin_time',
} as const satisfies Record<Sort, string>;

export const LEVELS = ['A', 'B', 'C'] as const;
export type Level = (typeof LEVELS)[number];

/** Advanced search (高级搜索): text fields match when they contain the value; a department includes its sub-departments. */
export type AdvancedFilters = { name?: string; contactName?: string; mobile?: string; industry?: string; address?: string; branchId?: number };

export type CustomerListQuery = {
  page: number;
  rows: number;
  key: string;
  scene: Scene;
  sort: Sort;
  order: 'asc' | 'desc';
  filters: { level?: Level; laiYuan?: number; days?: 7 | 30 | 90; clue?: 1 | 2 } & AdvancedFilters;
  gonghai: 0 | 1;
};

export type CustomerInput = {
  customerName: string;
  contactName: string;
  contactMobile: string;
  laiYuan: number;
  level: Level | '';
  industry: string;
  address: string;
  beizhu: string;
  /** Stored ISO time, or '' when none. */
  nextGenjinTime: string;
};
