/**
 * The permission tree returned by login (`model`) and by `POST /Api/menu/auth/`.
 *
 * One key per area slot of spec §3/§6. Each value lists the sub-type paths the user may open in that
 * area, written exactly as the route path under the area (`customer/watched`, `approval/todo`,
 * `role`). An area with an empty list is not available at all. The server stores a role's rights in
 * this same shape and guards every endpoint with it.
 */
export const AREA_KEYS = ['crm', 'oa', 'bi', 'system', 'erp', 'admin', 'work', 'manage', 'call', 'dbcall'] as const;
export type AreaKey = (typeof AREA_KEYS)[number];

/** The four areas that have a remote of their own. */
export const REMOTE_AREAS = ['crm', 'oa', 'bi', 'system'] as const;
export type RemoteArea = (typeof REMOTE_AREAS)[number];

export type PermissionTree = Record<AreaKey, string[]>;

/** A route's permission metadata: the area type plus the sub-type path (spec §2.1). */
export type RoutePermission = { type: AreaKey; subType?: string };

export function emptyPermissionTree(): PermissionTree {
  return Object.fromEntries(AREA_KEYS.map((k) => [k, [] as string[]])) as unknown as PermissionTree;
}

/** True when the tree grants the permission: the area is present and, if given, the sub-type path too. */
export function hasPermission(tree: Partial<PermissionTree> | null | undefined, permission: RoutePermission): boolean {
  const granted = tree?.[permission.type];
  if (!granted || granted.length === 0) return false;
  if (!permission.subType) return true;
  return granted.includes(permission.subType);
}

/** Settings (system) is shown when the user has any system permission; Customers when crm is present. */
export function hasAnyInArea(tree: Partial<PermissionTree> | null | undefined, area: AreaKey): boolean {
  return (tree?.[area]?.length ?? 0) > 0;
}
