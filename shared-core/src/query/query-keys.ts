/**
 * Query keys, named by endpoint and parameters: `api/customer/index {…}` → `['customer', 'index',
 * {…}]` (see `endpointKey`). Every package derives keys the same way, so the same call is one cache
 * entry wherever it is made, and a change made in one remote refreshes what another shows (the
 * shell's badges, a picker in shared-ui, another remote's list). The roots of entities several
 * packages show are named here; keys only one feature uses live in that feature's `api/query-keys.ts`.
 */
import type { QueryKey } from '@tanstack/react-query';

/** The API prefixes of spec §7, which name no entity. */
const PREFIX = /^(api|main)$/i;

/**
 * The key of a call: the entity (lower case) and the endpoint of its path, then the parameters.
 * `endpointKey('api/customer/Views', {id: 1})` → `['customer', 'Views', {id: 1}]`;
 * without parameters the key is the prefix of every call to that endpoint.
 */
export function endpointKey(url: string, params?: object): QueryKey {
  const [entity = '', ...rest] = url.split('/').filter((segment) => segment && !PREFIX.test(segment));
  const base = [entity.toLowerCase(), rest.join('/')];
  return params === undefined ? base : [...base, params];
}

export const customerKeys = {
  all: ['customer'] as const,
  /** Every page of every customer list (`api/customer/index`): 我的客户, the picker, the workbench figure. */
  lists: () => endpointKey('api/customer/index'),
  list: (query: object) => endpointKey('api/customer/index', query),
  /** `api/customer/Views {id}`: the detail panel, the picker's detail, a form's customer prefill. */
  details: () => endpointKey('api/customer/Views'),
  detail: (id: number | string) => endpointKey('api/customer/Views', { id: Number(id) }),
  /** `api/customer/Subtotal {id}`: the detail panel's tab counts. */
  subtotals: () => endpointKey('api/customer/Subtotal'),
  subtotal: (id: number | string) => endpointKey('api/customer/Subtotal', { id: Number(id) }),
  /** `api/customer/kehuCounts`: the 我的客户 / 再分配客户 menu badges. */
  counts: () => endpointKey('api/customer/kehuCounts'),
  /** `api/customer/kehudetail {id}`: a customer's follow-ups. */
  followups: (id: number | string) => endpointKey('api/customer/kehudetail', { id: Number(id) }),
  /** `api/contact/list {customerId}`: a customer's contacts. */
  contacts: (id: number | string) => endpointKey('api/contact/list', { customerId: Number(id) }),
  /** `api/OpportLogs/Logs`: every operation log page (any customer). */
  logs: () => endpointKey('api/OpportLogs/Logs'),
};

export const contractKeys = {
  all: ['contract'] as const,
  lists: () => endpointKey('api/contract/index'),
  list: (query: object) => endpointKey('api/contract/index', query),
  detail: (id: number | string) => endpointKey('api/contract/Views', { id: Number(id) }),
};

export const notificationKeys = {
  all: ['notification'] as const,
  /** Both tabs of 消息提醒 (`api/notification/index`). */
  lists: () => endpointKey('api/notification/index'),
  /** `api/notification/index {isread}`: one infinite list per tab. */
  list: (isread: number) => endpointKey('api/notification/index', { isread }),
  /** The bell's unread total (the `total` of `api/notification/index {isread: 0}`); pushes carry it too. */
  unreadCount: () => [...notificationKeys.all, 'unreadCount'] as const,
};

/**
 * Approvals (api/WorkFlow/*): every list, one instance's panel, its logs and read receipts share the
 * root, so a decision or a push refreshes all of them; the crm review pages reuse these keys.
 */
export const approvalKeys = {
  all: ['workflow'] as const,
  list: (kind: string, query: object) => endpointKey(`api/WorkFlow/${kind}`, query),
  detail: (taskid: number) => endpointKey('api/WorkFlow/detail', { taskid }),
  commentLog: (query: object) => endpointKey('api/WorkFlowLog/Index', query),
  statistics: (query: object) => endpointKey('api/WorkFlow/statistics', query),
};

/** Flow definitions (api/flow/*). */
export const flowKeys = {
  all: ['flow'] as const,
  list: (query: object) => endpointKey('api/flow/index', query),
  enabled: () => endpointKey('api/flow/enabled'),
  detail: (id: number, versionId?: number) => endpointKey('api/flow/detail', versionId ? { id, versionId } : { id }),
};

/** Expense claims (api/baoxiao/*). */
export const expenseKeys = {
  all: ['baoxiao'] as const,
  detail: (id: number) => endpointKey('api/baoxiao/Views', { id }),
};

/** 进件 (api/customer/EntryAuditList, EntryAuditdetail): an approval decision changes their status. */
export const intakeKeys = {
  lists: () => endpointKey('api/customer/EntryAuditList'),
  list: (query: object) => endpointKey('api/customer/EntryAuditList', query),
  details: () => endpointKey('api/customer/EntryAuditdetail'),
  detail: (id: number) => endpointKey('api/customer/EntryAuditdetail', { id }),
};

/** Who is online (`getOnlinefriend`, invoked over the realtime hub). */
export const presenceKeys = {
  all: ['presence'] as const,
  onlineFriends: () => [...presenceKeys.all, 'getOnlinefriend'] as const,
};

/** A record's attachments (`api/file/list`). */
export const fileKeys = {
  all: ['file'] as const,
  list: (query: object) => endpointKey('api/file/list', query),
};

/**
 * The roots of the organisation's endpoints (every `api/user/*`, `api/branch/*`, `main/role/*`,
 * `api/status/*`, `api/setting/*` call): the system pages change them, pickers everywhere read them.
 */
export const organisationKeys = {
  users: ['user'] as const,
  branches: ['branch'] as const,
  roles: ['role'] as const,
  dictionary: ['status'] as const,
  settings: ['setting'] as const,
};
