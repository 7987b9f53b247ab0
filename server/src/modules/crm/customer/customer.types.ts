import type { Scene } from '../../shared/data-scope';
import type { ViewKey } from './customer-views';

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
  /** Pinned (setTop) by the requesting user: pinned rows come first. */
  isTop: number;
  watchuserid: number;
  /** Watched (AddMykehu) by the requesting user. */
  watched: number;
  blacklisted: number;
  blackReason: string;
  poolReason: string;
  /** Days since it entered the pool (pool only). */
  poolDays: number | null;
  previousOwner: string;
  /** Days until it returns to the pool (owned, not exempt), else null. */
  recycleDays: number | null;
  locked: number;
  closeReason: string;
  ownedAt: string;
  /** 再分配: who gave it to the current owner, when, and whether the owner has opened it since. */
  assignedBy: string;
  assignedAt: string;
  unseen: number;
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
  filters: { level?: Level; laiYuan?: number; days?: 7 | 30 | 90; clue?: 1 | 2; soon?: boolean; watched?: boolean } & AdvancedFilters;
  /** The list (view definition, customer-views.ts); `gonghai` 1 alone still means the pool. */
  view: ViewKey;
  /** The `total` view only: one pool (0 默认公海); absent, every pool the user is a member of. */
  poolId?: number;
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
