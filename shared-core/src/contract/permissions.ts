/**
 * The permission tree returned by login (`model`) and by `POST /Api/menu/auth/`.
 *
 * One key per area slot of spec §3/§6. Each value lists the sub-type paths the user may open in that
 * area, written exactly as the route path under the area (`customer/watched`, `approval/todo`,
 * `role`). An area with an empty list is not available at all. The server stores a role's rights in
 * this same shape and guards every endpoint with it.
 *
 * The same lists also carry action rights on a page as `path:action` (`customer/watched:delete`).
 * A route path may itself hold parameters (`customer/watched/:id`): an action suffix is `:` plus a
 * lowercase key NOT preceded by `/`. Page checks (`hasPermission`, `hasAnyInArea`, the route and
 * menu builder) look only at page entries, so an action entry alone never opens a page.
 */
import type { PermissionTree } from '@portal/shared-contract';

export const AREA_KEYS = ['crm', 'oa', 'bi', 'system', 'erp', 'admin', 'work', 'manage', 'call', 'dbcall'] as const;
export type AreaKey = (typeof AREA_KEYS)[number];

/** The four areas that have a remote of their own. */
export const REMOTE_AREAS = ['crm', 'oa', 'bi', 'system'] as const;
export type RemoteArea = (typeof REMOTE_AREAS)[number];

/** The tree as the server sends it (the wire contract); its slots are AREA_KEYS. */
export type { PermissionTree };
// AREA_KEYS and the contract name the same slots.
const _sameSlots: [AreaKey, keyof PermissionTree] extends [keyof PermissionTree, AreaKey] ? true : never = true;

/** A route's permission metadata: the area type plus the sub-type path (spec §2.1). */
export type RoutePermission = { type: AreaKey; subType?: string };

export function emptyPermissionTree(): PermissionTree {
  return Object.fromEntries(AREA_KEYS.map((k) => [k, [] as string[]])) as unknown as PermissionTree;
}

/** The actions a page may grant (the rights editor shows them per page with a Chinese title). */
export const ACTION_KEYS = ['create', 'edit', 'delete', 'import', 'export', 'assign', 'transfer', 'pool', 'receive', 'approve', 'blacklist'] as const;
export type ActionKey = (typeof ACTION_KEYS)[number];

/** `customer/watched:delete` → page and action; a page entry (also `customer/watched/:id`) → null. */
const ACTION_ENTRY = /^(.*[^/]):([a-z]+)$/;

export function parseActionEntry(entry: string): { path: string; action: string } | null {
  const match = ACTION_ENTRY.exec(entry);
  return match ? { path: match[1], action: match[2] } : null;
}

/** The entry granting `action` on the page at `path`. */
export function actionEntry(path: string, action: ActionKey): string {
  return `${path}:${action}`;
}

/** The page entries of an area's list (action entries left out). */
export function pageEntries(granted: readonly string[] | undefined): string[] {
  return (granted ?? []).filter((entry) => parseActionEntry(entry) === null);
}

/** True when the tree grants the permission: the area has a page right and, if given, this page. */
export function hasPermission(tree: Partial<PermissionTree> | null | undefined, permission: RoutePermission): boolean {
  const pages = pageEntries(tree?.[permission.type]);
  if (pages.length === 0) return false;
  if (!permission.subType) return true;
  return pages.includes(permission.subType);
}

/** Settings (system) is shown when the user has any system page; Customers when crm has one. */
export function hasAnyInArea(tree: Partial<PermissionTree> | null | undefined, area: AreaKey): boolean {
  return pageEntries(tree?.[area]).length > 0;
}

/**
 * True when the tree grants `action` on the page `path` of `area` (e.g. 'crm', 'customer/watched',
 * 'delete'). The page itself must be granted too: an action on a page one cannot open is no right.
 */
export function hasAction(tree: Partial<PermissionTree> | null | undefined, area: AreaKey, path: string, action: ActionKey): boolean {
  const granted = tree?.[area] ?? [];
  return granted.includes(path) && granted.includes(actionEntry(path, action));
}
