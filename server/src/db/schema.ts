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
  /** 负责人: the department head the approval engine resolves (migration 010). */
  head_user_id: Generated<number | null>;
};

/**
 * Which owned records a role sees: `all`; `department` = the user's department and every department
 * below it; `branch` = the user's own department only; `own` = records they own or take part in.
 */
export type DataScope = 'all' | 'department' | 'branch' | 'own';
export const DATA_SCOPES: readonly DataScope[] = ['all', 'department', 'branch', 'own'];

export type RoleTable = {
  id: Generated<number>;
  name: string;
  /** JSON of the permission tree (`{crm: string[], oa: [...], ...}`). */
  rights: string;
  data_scope: DataScope;
  /** 1 for 超级管理员: keeps every right and cannot be deleted (migration 011). */
  built_in: Generated<number>;
  /** Bumped by every edit; an edit that started from an older version is refused. */
  version: Generated<number>;
  remark: Generated<string>;
  updated_at: Generated<string>;
};

/** 字段权限 (migration 032): a role's rule for one field of a module; absent = visible. */
export type RoleFieldMaskTable = { role_id: number; module: string; field: string; mode: 'mask' | 'hidden' };

/** Extra department memberships of a user besides `users.branch_id` (migration 011). */
export type UserBranchTable = { user_id: number; branch_id: number };

export type AvatarHistoryTable = { id: Generated<number>; user_id: number; url: string; created_at: string };

/** Basic settings: one JSON value per key (settings.service.ts), each change logged in settings_log. */
export type SettingTable = { key: string; value: string; updated_at: string; updated_by: number | null };
export type SettingLogTable = { id: Generated<number>; key: string; old_value: string; new_value: string; user_id: number | null; created_at: string };

/** 打印模板 (migration 012): HTML with {{field}} placeholders for one record type; status 1 enabled. */
export type PrintTemplateTable = {
  id: Generated<number>;
  name: string;
  module: string;
  content: string;
  status: Generated<number>;
  created_by: number | null;
  created_at: string;
  updated_at: string;
};

/** The last number handed out per kind and Shanghai day (nextNumber). */
export type NumberSequenceTable = { kind: string; day: string; last_value: number };

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
  /** 上级: the direct superior the approval engine resolves (migration 010). */
  superior_id: Generated<number | null>;
  mobile: Generated<string>;
  email: Generated<string>;
  job_title: Generated<string>;
  /** 1 may place calls from the portal (migration 011). */
  call_enabled: Generated<number>;
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

/** An attempt counter within a fixed window (migration 009; see modules/auth/session/login-throttle.ts). */
export type ThrottleCounterTable = {
  key: string;
  count: number;
  window_start: string;
  /** 'login-pair' (account + IP), 'login-ip', 'login-account', 'password', 'duplicate'. */
  kind: string;
  username: string | null;
  ip: string | null;
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
  /** Migration 020: 黑名单 flag and reason; the pool's bookkeeping; closed leads (clue 3). */
  blacklisted: Generated<number>;
  black_reason: Generated<string>;
  pool_reason: Generated<string>;
  /** When the customer last entered the public pool ('' never). */
  pool_at: Generated<string>;
  /** The owner before it entered the pool (waits before reclaiming it). */
  previous_owner_id: Generated<number | null>;
  /** When the current owner got it (created, assigned, claimed, transferred); '' without owner. */
  owned_at: Generated<string>;
  /** Locked by its owner: exempt from recycling. */
  locked: Generated<number>;
  /** A closed lead's reason ('' open). */
  close_reason: Generated<string>;
  /** Merged into this customer: hidden from every list, kept for the record. */
  merged_into: Generated<number | null>;
  /** Migration 021: the next_genjin_time whose reminder was sent ('' none). */
  next_genjin_reminded: Generated<string>;
  /** Migration 033: the public pool it is in (or last came from); null 默认公海. */
  pool_id: Generated<number | null>;
  /**
   * Migration 046, PostgreSQL only: the customer's list tokens (`lst`, `own<user>`, `brn<department>`,
   * `par<user>`), kept by triggers and read only inside the search index expressions (db/search-sql.ts);
   * never written by the application, and not on SQLite (whose FTS5 table holds them).
   * @postgresOnly
   */
  list_tokens?: Generated<string[]>;
  /**
   * Migration 049: the name as duplicates are found by (db/search-terms.ts `customerNameKey`), indexed;
   * kept by the database (SQLite triggers, a PostgreSQL generated column), never written by the application.
   */
  name_key: Generated<string>;
};

/** Migration 033: a public pool besides 默认公海 (crm/pool/public-pools.ts). */
export type PublicPoolTable = {
  id: Generated<number>;
  name: string;
  /** JSON arrays of ids: the departments it serves (with their sub-departments) and single users. */
  branch_ids: Generated<string>;
  user_ids: Generated<string>;
  /** Rule overrides; null: 基础设置's. */
  no_followup_days: number | null;
  no_deal_days: number | null;
  claim_limit_per_day: number | null;
  reclaim_wait_days: number | null;
  enabled: Generated<number>;
  sort: Generated<number>;
  created_at: Generated<string>;
  updated_at: Generated<string>;
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
  /** Migration 020: the contact followed up, 跟进状态 (dictionary followup_status), next time, attachments (JSON list). */
  contact_id: Generated<number | null>;
  status: Generated<string>;
  next_genjin_time: Generated<string>;
  files: Generated<string>;
};

export type CustomerParticipantTable = {
  customer_id: number;
  user_id: number;
};

/** A message in a user's drawer (spec §3 "Notification"). `kind`: task, customer, approval, pool. */
export type NotificationTable = {
  id: Generated<number>;
  user_id: number;
  cont: string;
  kind: string;
  /** What the notification is about ('task', 'customer', 'approval' or ''), with `model_id`. */
  model_type: Generated<string>;
  model_id: number | null;
  is_read: Generated<number>;
  created_at: string;
  read_at: string | null;
};

export type TaskTable = {
  id: Generated<number>;
  title: string;
  cont: string;
  /** 0 open, 2 done, 3 refused. */
  status: number;
  /** 1 ordinary; 2 completed by a comment. */
  type: number;
  grade: string;
  /** ISO time or ''. */
  end_time: string;
  created_by: number | null;
  assignee_id: number | null;
  model_id: number | null;
  /** 1 clue, 2 customer, 4 contract. */
  model_type: number | null;
  created_at: string;
  updated_at: string;
};

/** The last time a customer was given to someone (assigned or reassigned) and whether they have opened it since. */
export type CustomerAssignmentTable = {
  customer_id: number;
  user_id: number;
  assigned_by: number | null;
  assigned_at: string;
  seen: number;
};

export type PoolRecycleWarningTable = {
  customer_id: number;
  owner_id: number;
  /** Shanghai calendar day 'YYYY-MM-DD'. */
  warned_on: string;
};

/** Money columns (`*_cents`) hold integer fen (1/100 yuan): exact sums on both databases. */
export type ProductTable = {
  id: Generated<number>;
  name: string;
  /** Product number (编号 / barcode), unique. */
  number: string;
  /** Specification (规格). */
  standard: string;
  unit: string;
  price_cents: number;
  cost_price_cents: number;
  /** Tax classification code. */
  shuihao: string;
  /** Tax rate in percent (13, 9, 6…). */
  shuilv: number;
  cover: string;
  /** 1 on sale (shown in the picker), 0 withdrawn. */
  status: number;
  created_at: string;
};

/** Warehouse id 0 is 默认仓库, inserted by migration 005 in every installation. */
export type WarehouseTable = {
  id: Generated<number>;
  name: string;
  sort_order: number;
};

export type StockTable = {
  product_id: number;
  warehouse_id: number;
  quantity: number;
};

export type ContractTable = {
  id: Generated<number>;
  order_sn: string;
  title: string;
  customer_id: number;
  money_cents: number;
  /** 0 待审, 1 审核中, 2 通过, 3 未通过. */
  status: number;
  /** 'YYYY-MM-DD' or ''. */
  sign_date: string;
  start_date: string;
  end_date: string;
  is_invoiced: number;
  beizhu: string;
  owner_id: number | null;
  branch_id: number | null;
  created_by: number | null;
  created_at: string;
  updated_at: string;
};

export type ContractParticipantTable = {
  contract_id: number;
  user_id: number;
};

/** A form definition (migration 004); `mode` is its key ('customer', 'fieldDemo'). */
export type FormTable = {
  id: Generated<number>;
  mode: string;
  title: string;
  cols: number;
  labelwidth: number;
  labelposition: string;
  labelbg: string;
  api_add: string;
  api_edit: string;
  api_detail: string;
  category: string;
  is_workflow: number;
  /** 1 for the forms every installation starts with. */
  is_builtin: number;
  created_at: string;
  updated_at: string;
};

export type FormFieldTable = {
  id: Generated<number>;
  form_id: number;
  sort: number;
  /** The field definition as a JSON string (spec §3 "Dynamic form field definition"). */
  json: string;
  /** 1 enabled, 0 disabled. */
  status: number;
  /** 1 shown in the entry form, 0 kept out of it. */
  isshow: number;
};

export type UserFieldChoiceTable = {
  user_id: number;
  form_id: number;
  /** Comma-joined form_fields ids the user shows as list columns. */
  shown: string;
  updated_at: string;
};

export type ModuleRecordTable = {
  id: Generated<number>;
  form_id: number;
  /** The values object exactly as the client sent it (a JSON string). */
  data: string;
  created_by: number | null;
  created_at: string;
  updated_at: string;
};

export type FileTable = {
  id: Generated<number>;
  /** Random hex + extension: the name on disk and the capability in `/files/<name>`. */
  stored_name: string;
  original_name: string;
  url: string;
  /** Lower-case extension without the dot. */
  format: string;
  mime: string;
  size_bytes: number;
  is_image: number;
  user_id: number | null;
  model_id: number;
  pic_type: string;
  code: string;
  user_type: string;
  category_id: number;
  created_at: string;
};

/** id = the national division code as a number; level 1 province, 2 city, 3 district. */
export type RegionTable = {
  id: number;
  name: string;
  level: number;
  parent_id: number;
  status: number;
};

/** A dictionary type (客户级别, 跟进状态 …); `code` is what `statusSelect` fields name in `params.types`. */
export type DictTypeTable = {
  code: string;
  name: string;
  sort_order: Generated<number>;
  /** 1 for the product's own dictionaries (seeded on start; can be edited but not deleted). */
  built_in: Generated<number>;
};

export type DictValueTable = {
  id: Generated<number>;
  type_code: string;
  label: string;
  value: string;
  colour: Generated<string>;
  sort_order: Generated<number>;
  enabled: Generated<number>;
};

/** Per-user pin (setTop) and watch (AddMykehu) of a customer (migration 020). */
export type CustomerPinTable = { user_id: number; customer_id: number; pinned_at: string };
export type CustomerWatchTable = { user_id: number; customer_id: number; watched_at: string };

/** The operation log (api/OpportLogs/Logs): `kind` edit, owner, pool, receive, blacklist, followup, contact, lead, merge… */
export type CustomerLogTable = {
  id: Generated<number>;
  customer_id: number | null;
  contract_id: number | null;
  user_id: number | null;
  kind: string;
  ext: string;
  /** JSON [{ module, field, value }]: the field values `ext` quotes (migration 042), masked by 字段权限 when shown. */
  quoted: Generated<string>;
  created_at: string;
};

/** 访客登记 (crm/customer/fangke). */
export type VisitorTable = {
  id: Generated<number>;
  name: string;
  mobile: string;
  company: string;
  purpose: string;
  receptionist_id: number | null;
  arrived_at: string;
  left_at: string;
  remark: string;
  customer_id: number | null;
  created_by: number | null;
  created_at: string;
};

/** An approval flow (migration 030); `version_id` is the version new instances start on. */
export type WfFlowTable = {
  id: Generated<number>;
  name: string;
  category: string;
  /** The bound form's mode ('baoxiao', or a work form's mode). */
  form_mode: string;
  /** 1 enabled, 0 disabled. */
  status: number;
  version_id: number | null;
  beizhu: string;
  created_by: number | null;
  created_at: string;
  updated_at: string;
};

/** An immutable version of a flow: the WorlFlowJson with node config and flow settings. */
export type WfFlowVersionTable = {
  id: Generated<number>;
  flow_id: number;
  version: number;
  json: string;
  created_by: number | null;
  created_at: string;
};

/** Every public customer search (api/customer/GetsearchKh). */
export type CustomerSearchLogTable = {
  id: Generated<number>;
  ip: string;
  user_id: number | null;
  query: string;
  found: number;
  created_at: string;
};

export type WfInstanceTable = {
  id: Generated<number>;
  flow_id: number;
  version_id: number;
  title: string;
  form_mode: string;
  record_id: number;
  submitter_id: number;
  branch_id: number | null;
  /** 0 待审 (returned to the submitter), 1 审核中, 2 通过, 3 未通过, 4 已撤回. */
  status: number;
  round: number;
  state: string;
  form_data: string;
  last_urged_at: string;
  created_at: string;
  updated_at: string;
  finished_at: string;
};

export type WfStepTable = {
  id: Generated<number>;
  instance_id: number;
  node_id: string;
  step_name: string;
  node_kind: string;
  user_id: number;
  /** 0 pending receipt, 1 received, 2 in progress, 3 completed, 4 not passed. */
  status: number;
  outcome: string;
  mode: string;
  seq: number;
  active: number;
  round: number;
  comment: string;
  forwarded_from: number | null;
  received_at: string;
  due_at: string;
  reminded_at: string;
  decided_at: string;
  created_at: string;
};

export type WfLogTable = {
  id: Generated<number>;
  instance_id: number;
  step_id: number | null;
  node_id: string;
  node_name: string;
  user_id: number | null;
  action: string;
  type: number;
  ext: string;
  files: string;
  created_at: string;
};

/** The files an approval refers to (migration 041): its viewers may open them. */
export type WfFileTable = { instance_id: number; file_id: number };

export type WfCcTable = {
  id: Generated<number>;
  instance_id: number;
  user_id: number;
  from_user_id: number | null;
  node_id: string;
  read_at: string;
  created_at: string;
};

/** 报销 (spec §3 "Expense claim"): type 1 个人, 2 部门, 3 项目; money in fen. */
export type ExpenseClaimTable = {
  id: Generated<number>;
  type: number;
  title: string;
  total_cents: number;
  riqi: string;
  branch_id: number | null;
  project: string;
  pictures: string;
  beizhu: string;
  status: number;
  instance_id: number | null;
  created_by: number;
  created_at: string;
  updated_at: string;
};

/** 进件 (migration 040): status follows its approval instance. */
export type IntakeRecordTable = {
  id: Generated<number>;
  entry_sn: string;
  customer_id: number;
  contract_id: number | null;
  money_cents: number;
  riqi: string;
  files: string;
  beizhu: string;
  status: number;
  instance_id: number | null;
  owner_id: number;
  branch_id: number | null;
  created_at: string;
  updated_at: string;
};

export type ExpenseLineTable = {
  id: Generated<number>;
  claim_id: number;
  amount_cents: number;
  riqi: string;
  category: string;
  note: string;
  pictures: string;
  sort: number;
};

export type Database = {
  branches: BranchTable;
  roles: RoleTable;
  role_field_masks: RoleFieldMaskTable;
  users: UserTable;
  sessions: SessionTable;
  login_logs: LoginLogTable;
  throttle_counters: ThrottleCounterTable;
  lead_sources: LeadSourceTable;
  customers: CustomerTable;
  contacts: ContactTable;
  followups: FollowupTable;
  customer_participants: CustomerParticipantTable;
  notifications: NotificationTable;
  tasks: TaskTable;
  customer_assignments: CustomerAssignmentTable;
  pool_recycle_warnings: PoolRecycleWarningTable;
  public_pools: PublicPoolTable;
  forms: FormTable;
  form_fields: FormFieldTable;
  user_field_choices: UserFieldChoiceTable;
  module_records: ModuleRecordTable;
  files: FileTable;
  regions: RegionTable;
  dict_types: DictTypeTable;
  dict_values: DictValueTable;
  user_branches: UserBranchTable;
  avatar_history: AvatarHistoryTable;
  settings: SettingTable;
  settings_log: SettingLogTable;
  number_sequences: NumberSequenceTable;
  print_templates: PrintTemplateTable;
  products: ProductTable;
  warehouses: WarehouseTable;
  stock: StockTable;
  contracts: ContractTable;
  contract_participants: ContractParticipantTable;
  customer_pins: CustomerPinTable;
  customer_watches: CustomerWatchTable;
  customer_logs: CustomerLogTable;
  visitors: VisitorTable;
  customer_search_logs: CustomerSearchLogTable;
  wf_flows: WfFlowTable;
  wf_flow_versions: WfFlowVersionTable;
  wf_instances: WfInstanceTable;
  wf_steps: WfStepTable;
  wf_logs: WfLogTable;
  wf_cc: WfCcTable;
  wf_files: WfFileTable;
  expense_claims: ExpenseClaimTable;
  expense_lines: ExpenseLineTable;
  intake_records: IntakeRecordTable;
};
