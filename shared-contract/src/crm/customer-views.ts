/**
 * The customer lists (spec §2.2 crm/customer/*) as one table, used by both sides: title, the page
 * whose rights apply, scenes, default columns, the selection actions with the right each needs, 新建
 * and the 更多 tools. The remote renders any entry with one page; the server serves the views the
 * user may open (api/customer/GetRoleType), checks the page right of `api/customer/index {view}` and
 * keeps, beside this table, which customers each view shows (its preset).
 *
 * Plain data, no TypeBox: the remote bundles this module (`@portal/shared-contract/customer-views`).
 */
export const CUSTOMER_VIEW_KEYS = ['watched', 'zaifenpei', 'nodispose', 'total', 'daifenpei', 'teamkehu', 'lizhi', 'black', 'clue'] as const;
export type CustomerView = (typeof CUSTOMER_VIEW_KEYS)[number];
export type CustomerScene = 'all' | 'mine' | 'participating' | 'subordinates';

export type ViewActionKey =
  | 'assign'
  | 'transfer'
  | 'pool'
  | 'togonghai'
  | 'receive'
  | 'blacklist'
  | 'leaveblack'
  | 'delete'
  | 'merge'
  | 'movepool'
  | 'top'
  | 'watch'
  | 'unwatch'
  | 'turn'
  | 'close';
/** The actions run through one endpoint call (delete, merge and 转移公海 have their own dialogs). */
export type CallActionKey = Exclude<ViewActionKey, 'delete' | 'merge' | 'movepool'>;

/** A right: a page (crm `customer/<page>`) and, for action rights, the action (`customer/<page>:<action>`). */
export type ViewRight = { page: string; action?: string };

export type ViewAction = { key: ViewActionKey; label: string; mode: 'single' | 'multi'; danger?: boolean; right: ViewRight };

export type ColumnKey =
  | 'CustomerName'
  | 'contact_name'
  | 'contact_mobile'
  | 'LaiYuanName'
  | 'level'
  | 'industry'
  | 'UserName'
  | 'BranchName'
  | 'clue'
  | 'AddTime'
  | 'UpdateTime'
  | 'genjinTime'
  | 'nextgenjintime'
  | 'recycleDays'
  | 'poolDays'
  | 'previousOwner'
  | 'poolReason'
  | 'blackReason'
  | 'assignedBy'
  | 'assignedAt'
  | 'closeReason'
  | 'ownedAt';

export type ViewDefinition = {
  title: string;
  /** The page whose rights the view's buttons follow (`customer/<page>`). */
  page: string;
  scenes: readonly CustomerScene[];
  columns: readonly ColumnKey[];
  actions: readonly ViewAction[];
  create: boolean;
  batch: { import: boolean; export: boolean; duplicates: boolean };
  /**
   * 批量导入 into the public pool (api/customer/PoolImport*, with 跳过 / 导入为新客户 for duplicates) under
   * this right, instead of the owned import under customer/watched:import.
   */
  poolImport?: ViewRight;
  /** Quick filter offered: 即将进入公海 on owned lists, 我关注的 where watching applies. */
  soonFilter: boolean;
  watchFilter: boolean;
};

const ALL_SCENES: readonly CustomerScene[] = ['all', 'mine', 'participating', 'subordinates'];
const BASE: readonly ColumnKey[] = [
  'CustomerName',
  'contact_name',
  'contact_mobile',
  'LaiYuanName',
  'level',
  'UserName',
  'clue',
  'AddTime',
  'genjinTime',
  'nextgenjintime',
];
const NO_BATCH = { import: false, export: false, duplicates: false };

const w = (action: string): ViewRight => ({ page: 'customer/watched', action });
const act = (key: ViewActionKey, label: string, right: ViewRight, mode: 'single' | 'multi' = 'multi', danger = false): ViewAction => ({
  key,
  label,
  mode,
  right,
  danger,
});

export const CUSTOMER_VIEWS: Readonly<Record<CustomerView, ViewDefinition>> = {
  watched: {
    title: '我的客户',
    page: 'customer/watched',
    scenes: ALL_SCENES,
    columns: [
      'CustomerName',
      'contact_name',
      'contact_mobile',
      'LaiYuanName',
      'level',
      'industry',
      'UserName',
      'clue',
      'AddTime',
      'genjinTime',
      'nextgenjintime',
      'recycleDays',
    ],
    actions: [
      act('top', '置顶', { page: 'customer/watched' }, 'single'),
      act('watch', '关注', { page: 'customer/watched' }),
      act('unwatch', '取消关注', { page: 'customer/watched' }),
      act('transfer', '转移', w('transfer')),
      act('assign', '分配', w('assign')),
      act('pool', '放入公海', w('pool')),
      act('blacklist', '加入黑名单', w('blacklist'), 'multi', true),
      act('merge', '合并', w('delete')),
      act('delete', '删除', w('delete'), 'multi', true),
    ],
    create: true,
    batch: { import: true, export: true, duplicates: true },
    soonFilter: true,
    watchFilter: true,
  },
  zaifenpei: {
    title: '再分配客户',
    page: 'customer/zaifenpei',
    scenes: ['all'],
    columns: ['CustomerName', 'contact_name', 'contact_mobile', 'UserName', 'assignedBy', 'assignedAt', 'recycleDays'],
    actions: [
      act('top', '置顶', { page: 'customer/zaifenpei' }, 'single'),
      act('transfer', '转移', { page: 'customer/zaifenpei', action: 'transfer' }),
      act('pool', '放入公海', { page: 'customer/zaifenpei', action: 'pool' }),
    ],
    create: false,
    batch: NO_BATCH,
    soonFilter: true,
    watchFilter: false,
  },
  nodispose: {
    title: '未处理客户',
    page: 'customer/nodispose',
    scenes: ['all'],
    columns: ['CustomerName', 'contact_name', 'contact_mobile', 'LaiYuanName', 'ownedAt', 'recycleDays'],
    actions: [act('top', '置顶', { page: 'customer/nodispose' }, 'single'), act('pool', '放入公海', w('pool'))],
    create: false,
    batch: NO_BATCH,
    soonFilter: true,
    watchFilter: false,
  },
  total: {
    title: '公海客户',
    page: 'customer/total',
    scenes: ['all'],
    columns: ['CustomerName', 'contact_name', 'LaiYuanName', 'level', 'poolDays', 'previousOwner', 'poolReason', 'genjinTime'],
    actions: [
      act('receive', '领取', { page: 'customer/total', action: 'receive' }),
      act('assign', '分配', { page: 'customer/total', action: 'assign' }),
      // 转移公海 (several pools): the managers who distribute pool customers.
      act('movepool', '转移公海', { page: 'customer/total', action: 'assign' }),
      act('blacklist', '加入黑名单', w('blacklist'), 'multi', true),
    ],
    create: false,
    batch: { import: true, export: true, duplicates: true },
    poolImport: { page: 'customer/total', action: 'import' },
    soonFilter: false,
    watchFilter: false,
  },
  daifenpei: {
    title: '待分配客户',
    page: 'customer/daifenpei',
    scenes: ['all'],
    columns: ['CustomerName', 'contact_name', 'contact_mobile', 'LaiYuanName', 'level', 'AddTime'],
    actions: [act('assign', '分配', { page: 'customer/daifenpei', action: 'assign' }), act('blacklist', '加入黑名单', w('blacklist'), 'multi', true)],
    create: false,
    batch: { import: false, export: true, duplicates: true },
    soonFilter: false,
    watchFilter: false,
  },
  teamkehu: {
    title: '团队客户',
    page: 'customer/teamkehu',
    scenes: ['all', 'mine', 'subordinates'],
    columns: [...BASE, 'BranchName', 'recycleDays'],
    actions: [
      act('assign', '分配', { page: 'customer/teamkehu', action: 'assign' }),
      act('transfer', '转移', { page: 'customer/teamkehu', action: 'transfer' }),
      act('togonghai', '放入公海', { page: 'customer/teamkehu', action: 'pool' }),
      act('blacklist', '加入黑名单', w('blacklist'), 'multi', true),
    ],
    create: false,
    batch: { import: false, export: true, duplicates: false },
    soonFilter: true,
    watchFilter: false,
  },
  lizhi: {
    title: '离职员工客户',
    page: 'customer/lizhi',
    scenes: ['all'],
    columns: ['CustomerName', 'contact_name', 'contact_mobile', 'UserName', 'BranchName', 'genjinTime'],
    actions: [
      act('assign', '批量分配', { page: 'customer/lizhi', action: 'assign' }),
      act('togonghai', '放入公海', { page: 'customer/lizhi', action: 'pool' }),
    ],
    create: false,
    batch: { import: false, export: true, duplicates: false },
    soonFilter: false,
    watchFilter: false,
  },
  black: {
    title: '黑名单客户',
    page: 'customer/black',
    scenes: ['all'],
    columns: ['CustomerName', 'contact_name', 'contact_mobile', 'UserName', 'blackReason', 'UpdateTime'],
    actions: [act('leaveblack', '移出黑名单', { page: 'customer/black', action: 'delete' })],
    create: false,
    batch: { import: false, export: true, duplicates: false },
    soonFilter: false,
    watchFilter: false,
  },
  clue: {
    title: '线索',
    page: 'customer/watched',
    scenes: ALL_SCENES,
    columns: ['CustomerName', 'contact_name', 'contact_mobile', 'LaiYuanName', 'UserName', 'closeReason', 'AddTime', 'genjinTime'],
    actions: [
      act('turn', '转为客户', w('create')),
      act('transfer', '转移', w('transfer')),
      act('close', '关闭', w('edit')),
      act('delete', '删除', w('delete'), 'multi', true),
    ],
    create: true,
    batch: { import: false, export: false, duplicates: true },
    soonFilter: false,
    watchFilter: false,
  },
};
