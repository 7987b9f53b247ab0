import { isRecord } from '../../../http/input';

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
  bi: [
    'customer/count',
    'customer/customerTotal',
    'attendance/total',
    'attendance/attendreport',
    'customerRank',
    'financeTotal',
    'financePayment',
  ],
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
  ],
};

export function emptyTree(): PermissionTree {
  return Object.fromEntries(AREA_KEYS.map((k) => [k, [] as string[]])) as Record<AreaKey, string[]>;
}

export function fullTree(): PermissionTree {
  return { ...emptyTree(), crm: [...ROUTE_PERMISSIONS.crm], oa: [...ROUTE_PERMISSIONS.oa], bi: [...ROUTE_PERMISSIONS.bi], system: [...ROUTE_PERMISSIONS.system] };
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

export function hasRightUnder(tree: PermissionTree, area: AreaKey, prefix: string): boolean {
  return tree[area].some((p) => p.startsWith(prefix));
}
