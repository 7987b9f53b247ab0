import type { Generated } from 'kysely';

/**
 * Table types shared by SQLite and PostgreSQL. Portable choices:
 * - timestamps are ISO-8601 UTC strings (`2026-11-21T02:15:00.000Z`), which sort correctly as text on both;
 * - optional follow-up times use '' rather than NULL so that `ORDER BY … DESC` puts them last on both
 *   databases and the sort indexes stay usable;
 * - flags are integers 0/1.
 */
export type BranchTable = {
  id: Generated<number>;
  parent_id: number | null;
  name: string;
  /** 2 = a department proper; 1 = a company / branch office (a grouping node). */
  attributes: number;
  sort_order: number;
};

export type DataScope = 'all' | 'department' | 'own';

export type RoleTable = {
  id: Generated<number>;
  name: string;
  /** JSON of the permission tree (`{crm: string[], oa: [...], ...}`). */
  rights: string;
  data_scope: DataScope;
};

export type UserTable = {
  id: Generated<number>;
  username: string;
  nick_name: string;
  header: string;
  branch_id: number | null;
  role_id: number;
  /** 0 employed; anything else departed. */
  quit_status: number;
  password_hash: string;
  created_at: string;
};

export type SessionTable = {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
  ip: string;
  user_agent: string;
};

export type LoginLogTable = {
  id: Generated<number>;
  user_id: number | null;
  username: string;
  created_at: string;
  ip: string;
  user_agent: string;
  success: number;
};

export type LeadSourceTable = {
  id: Generated<number>;
  name: string;
  sort_order: number;
};

export type CustomerTable = {
  id: Generated<number>;
  code: string | null;
  customer_name: string;
  /** Copy of the primary contact's name and mobile, kept in step by the customer service. */
  contact_name: string;
  contact_mobile: string;
  lai_yuan: number;
  level: string;
  industry: string;
  address: string;
  beizhu: string;
  owner_id: number | null;
  branch_id: number | null;
  created_by: number | null;
  created_at: string;
  updated_at: string;
  genjin_time: string;
  next_genjin_time: string;
  /** 1 未成交, 2 已成交. */
  clue: number;
  gonghai: number;
  is_top: number;
  watch_user_id: number | null;
};

export type ContactTable = {
  id: Generated<number>;
  customer_id: number;
  contact_name: string;
  mobile: string;
  wechat: string;
  qq: string;
  zhiwei: string;
  sex: string;
  is_primary: number;
  created_at: string;
};

export type FollowupTable = {
  id: Generated<number>;
  customer_id: number;
  genjin_time: string;
  /** 0 phone, 1 QQ, 2 WeChat, 3 email, 4 SMS, 5 other. */
  gjtype: number;
  beizhu: string;
  created_by: number | null;
  created_at: string;
};

export type CustomerParticipantTable = {
  customer_id: number;
  user_id: number;
};

export type Database = {
  branches: BranchTable;
  roles: RoleTable;
  users: UserTable;
  sessions: SessionTable;
  login_logs: LoginLogTable;
  lead_sources: LeadSourceTable;
  customers: CustomerTable;
  contacts: ContactTable;
  followups: FollowupTable;
  customer_participants: CustomerParticipantTable;
};
