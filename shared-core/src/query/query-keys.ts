/**
 * Query-key roots of the entities several packages show, so that a change made in one remote
 * refreshes the views of another (the shell's badges, a picker in shared-ui, another remote's list):
 * everyone builds keys here. A key reads `[entity, endpoint, params]`, named after the endpoint of
 * the spec (`api/customer/index` → `['customer', 'index', query]`). Keys only one feature uses live
 * in that feature's `api/query-keys.ts`.
 */
export const customerKeys = {
  all: ['customer'] as const,
  /** Every page of every customer list (`api/customer/index`): 我的客户, the picker, the workbench figure. */
  lists: () => [...customerKeys.all, 'index'] as const,
  list: (query: object) => [...customerKeys.lists(), query] as const,
  details: () => [...customerKeys.all, 'Views'] as const,
  /** `api/customer/Views {id}`. */
  detail: (id: number) => [...customerKeys.details(), Number(id)] as const,
  subtotals: () => [...customerKeys.all, 'Subtotal'] as const,
  /** `api/customer/Subtotal {id}`: the detail panel's tab counts. */
  subtotal: (id: number) => [...customerKeys.subtotals(), Number(id)] as const,
  /** `api/customer/kehuCounts`: the 我的客户 / 再分配客户 menu badges. */
  counts: () => [...customerKeys.all, 'kehuCounts'] as const,
};

export const contractKeys = {
  all: ['contract'] as const,
  lists: () => [...contractKeys.all, 'index'] as const,
  list: (query: object) => [...contractKeys.lists(), query] as const,
  detail: (id: number) => [...contractKeys.all, 'Views', Number(id)] as const,
};

export const notificationKeys = {
  all: ['notification'] as const,
  /** `api/notification/index {isread}`: one infinite list per tab of 消息提醒. */
  list: (isread: number) => [...notificationKeys.all, 'index', { isread }] as const,
  /** The bell's unread total. */
  unreadCount: () => [...notificationKeys.all, 'unreadCount'] as const,
};

/** Who is online (`getOnlinefriend` over the hub). */
export const presenceKeys = {
  all: ['presence'] as const,
  onlineFriends: () => [...presenceKeys.all, 'getOnlinefriend'] as const,
};

/** A record's attachments (`api/file/index`), counted on the detail panels' 附件 tabs. */
export const fileKeys = {
  all: ['file'] as const,
  list: (query: object) => [...fileKeys.all, 'index', query] as const,
};
