import { isRecord } from '../../../lib/is-record';

/**
 * The permission tree of the team contract (`shared-core/src/contract/permissions.ts`): one list per
 * area slot, each holding the route paths under that area the user may open. Roles store their rights
 * in this shape and the server guards every endpoint with it. The server keeps its own copy of the
 * shape (it imports nothing from the front-end packages).
 */
export const AREA_KEYS = ['crm', 'oa', 'bi', 'system', 'erp', 'admin', 'work', 'manage', 'call', 'dbcall'] as const;
export type AreaKey = (typeof AREA_KEYS)[number];
export type PermissionTree = Record<AreaKey, string[]>;

/** Every route path of spec §2.2 that carries a permission, per area. */
export const ROUTE_PERMISSIONS: Readonly<Record<'crm' | 'oa' | 'bi' | 'system', readonly string[]>> = {
  crm: [
    'index',
    'customer/watched',
    'customer/watched/:id',
    'customer/zaifenpei',
    'customer/zaifenpei/:id',
    'customer/nodispose',
    'customer/total',
    'customer/daifenpei',
    'customer/teamkehu',
    'customer/search',
    'customer/fangke',
    'customer/lizhi',
    'customer/black',
    'customer/form',
    'report/call',
    'report/callTongji',
    'report/Briefing',
    'report/daydata',
    'report/total2',
    'report/resultrank',
    'report/resulmx',
    'report/fangke',
    'usergkset/userset',
    'usergkset/teamreport',
    'usergkset/userAuto',
    'usergkset/daydata',
    'signorentry/sign',
    'signorentry/entry',
    'signorentry/entry/:id',
    'signorentry/sigeshenpi',
    'signorentry/entryshenpi',
  ],
  oa: [
    'approval/todo',
    'approval/approvaled',
    'approval/mySubmit',
    'approval/Cc',
    'approval/sub',
    'approval/all',
    'approval/logs',
    'approval/approval',
    'createApproval',
    'flow',
    'flow/view/:id',
  ],
  bi: ['customer/count', 'customer/customerTotal', 'attendance/total', 'attendance/attendreport', 'customerRank', 'financeTotal', 'financePayment'],
  system: [
    'role',
    'user',
    'branch',
    'status',
    'basic',
    'Loglos',
    'customForm',
    'customForm/view/:module/:type/:id',
    'workForm',
    'workForm/view/:module/:type/:id',
    // 版本管理 (issue #13 §5): each remote's releases, rollback; only 超级管理员 holds it by default.
    'release',
  ],
};

/**
 * Actions on a page. A role holding an action has the string `page:action` in the area's list, e.g.
 * crm `customer/watched:delete`. A page path may itself hold `/:id` parameters: an action suffix is
 * `:` + a lower-case key that does NOT follow a `/`.
 */
export const ACTION_KEYS = ['create', 'edit', 'delete', 'import', 'export', 'assign', 'transfer', 'pool', 'receive', 'approve', 'blacklist'] as const;
export type ActionKey = (typeof ACTION_KEYS)[number];
export type RightArea = keyof typeof ROUTE_PERMISSIONS;

/** The actions each page offers (pages not listed offer none): the one table of action rights. */
export const PAGE_ACTIONS: Readonly<Record<RightArea, Readonly<Record<string, readonly ActionKey[]>>>> = {
  crm: {
    'customer/watched': ['create', 'edit', 'delete', 'import', 'export', 'assign', 'transfer', 'pool', 'blacklist'],
    'customer/zaifenpei': ['transfer', 'pool'],
    'customer/total': ['receive', 'assign', 'import'],
    'customer/daifenpei': ['assign'],
    'customer/teamkehu': ['assign', 'transfer', 'pool'],
    'customer/lizhi': ['assign', 'pool'],
    'customer/fangke': ['create', 'edit', 'delete'],
    'customer/black': ['delete'],
    'signorentry/sign': ['create', 'edit', 'delete'],
    'signorentry/entry': ['create', 'edit', 'delete'],
    'signorentry/sigeshenpi': ['approve'],
    'signorentry/entryshenpi': ['approve'],
  },
  oa: {
    flow: ['create', 'edit', 'delete'],
  },
  bi: {},
  system: {
    role: ['create', 'edit', 'delete'],
    user: ['create', 'edit', 'delete'],
    branch: ['create', 'edit', 'delete'],
    status: ['create', 'edit', 'delete'],
    basic: ['edit'],
    customForm: ['create', 'edit', 'delete'],
    workForm: ['create', 'edit', 'delete'],
  },
};

/** `customer/watched:delete` → page `customer/watched`, action `delete`; a page right has no action. */
export function splitRight(right: string): { page: string; action?: ActionKey } {
  const match = /^(.*[^/]):([a-z]+)$/.exec(right);
  const action = ACTION_KEYS.find((a) => a === match?.[2]);
  return match && action ? { page: match[1], action } : { page: right };
}

/** Every action right of an area, written `page:action`. */
export function actionRights(area: RightArea): string[] {
  return Object.entries(PAGE_ACTIONS[area]).flatMap(([page, actions]) => actions.map((a) => `${page}:${a}`));
}

/** True when `right` (a page or `page:action`) names a page of the area and, if any, an action that page offers. */
export function isKnownRight(area: RightArea, right: string): boolean {
  const { page, action } = splitRight(right);
  if (!ROUTE_PERMISSIONS[area].includes(page)) return false;
  return action === undefined || (PAGE_ACTIONS[area][page] ?? []).includes(action);
}

export function emptyTree(): PermissionTree {
  return Object.fromEntries(AREA_KEYS.map((k) => [k, [] as string[]])) as Record<AreaKey, string[]>;
}

export function fullTree(): PermissionTree {
  const all = (area: RightArea) => [...ROUTE_PERMISSIONS[area], ...actionRights(area)];
  return { ...emptyTree(), crm: all('crm'), oa: all('oa'), bi: all('bi'), system: all('system') };
}

/** Reads a stored rights JSON into a complete tree (unknown slots dropped, missing slots empty). */
export function parseRights(json: string): PermissionTree {
  const tree = emptyTree();
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return tree;
  }
  if (!isRecord(parsed)) return tree;
  for (const area of AREA_KEYS) {
    const list = parsed[area];
    if (Array.isArray(list)) tree[area] = list.filter((p): p is string => typeof p === 'string');
  }
  return tree;
}

export function hasRight(tree: PermissionTree, area: AreaKey, path: string): boolean {
  return tree[area].includes(path);
}
