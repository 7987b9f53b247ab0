/**
 * THE pure function of spec §2.1: the user's permission tree intersected with the remotes' route
 * tables gives the router's routes and the menus.
 *
 * - A route with a permission (or without children) is kept iff permitted: its area list holds its
 *   sub-type path. A route without its own permission inherits its parent's; with none at all it
 *   needs any right in its area. Public routes (`crm/customer/search`) are kept even without login.
 * - A group (children, no page) is kept iff one of its children is kept; its redirect is the first
 *   visible kept child (resolved down to a page).
 * - The root redirects to the first available area (in the order crm, oa, bi, system).
 * - Hidden routes and routes with parameters are routable but never in the menu.
 * - Action rights (`customer/watched:delete`) never grant a page; a page carries its declared
 *   `actions` through for the rights editor.
 */
import { hasAnyInArea, hasPermission, REMOTE_AREAS, type PermissionTree, type RemoteArea, type RoutePermission } from '../contract/permissions';
import type { BadgeKey, LazyPage, RemoteRoute, RemoteRoutesModule, RouteAction } from '../contract/routes';
import type { Language, LocalizedText } from '../session/language-store';

export type BuiltRoute = {
  /** Full path from the root, e.g. `/crm/customer/watched` or `/oa/flow/view/:id`. */
  path: string;
  area: RemoteArea;
  title: LocalizedText;
  permission?: RoutePermission;
  hidden: boolean;
  public: boolean;
  page?: LazyPage;
  /** Groups only: where opening the group goes (a full path). */
  redirect?: string;
  badge?: BadgeKey;
  /** The page's actions that need an action right. */
  actions?: readonly RouteAction[];
};

export type MenuItem = {
  /** The full path the item opens (groups: the group's path). */
  key: string;
  title: LocalizedText;
  icon?: string;
  badge?: BadgeKey;
  children?: MenuItem[];
};

export type AreaMenu = {
  area: RemoteArea;
  title: LocalizedText;
  /** `/crm` */
  path: string;
  /** The first visible page of the area. */
  redirect?: string;
  items: MenuItem[];
};

export type RoutesAndMenus = {
  /** Every kept route, groups and area roots included, flat, in table order. */
  routes: BuiltRoute[];
  /** Areas with at least one visible route, in the order crm, oa, bi, system. */
  menus: AreaMenu[];
  /** Where `/` goes: the first available area; null when nothing is available (or logged out). */
  rootRedirect: string | null;
  /** The route a concrete path opens (parameters matched), if kept. */
  findRoute: (path: string) => BuiltRoute | undefined;
  /** The title of the route a path opens, in the given language. */
  titleFor: (path: string, language?: Language) => string | undefined;
};

export type BuildOptions = { loggedIn: boolean };

/** A kept route subtree: its routes, its menu items, and the first visible page beneath it. */
type Kept = { routes: BuiltRoute[]; menu: MenuItem[]; firstPage?: string; firstAnyPage?: string };

type Context = { tree: Partial<PermissionTree> | null; loggedIn: boolean; area: RemoteArea };

export function joinPath(parent: string, segment: string): string {
  const joined = `${parent.replace(/\/+$/, '')}/${segment.replace(/^\/+|\/+$/g, '')}`;
  return joined.length > 1 ? joined.replace(/\/+$/, '') : joined;
}

function hasParam(path: string): boolean {
  return path.split('/').some((s) => s.startsWith(':'));
}

function isGroup(route: RemoteRoute): boolean {
  return !route.page && (route.children?.length ?? 0) > 0;
}

function isPermitted(ctx: Context, permission: RoutePermission | undefined): boolean {
  if (!ctx.loggedIn) return false;
  return permission ? hasPermission(ctx.tree, permission) : hasAnyInArea(ctx.tree, ctx.area);
}

function keepRoute(route: RemoteRoute, parentPath: string, inherited: RoutePermission | undefined, ctx: Context): Kept | null {
  const path = joinPath(parentPath, route.path);
  const permission = route.permission ?? inherited;
  const hidden = Boolean(route.hidden) || hasParam(path);
  const children = (route.children ?? []).map((child) => keepRoute(child, path, permission, ctx)).filter((k): k is Kept => k !== null);
  const childRoutes = children.flatMap((c) => c.routes);
  const base = {
    path,
    area: ctx.area,
    title: route.title,
    permission: route.permission,
    hidden,
    public: Boolean(route.public),
    badge: route.badge,
    actions: route.actions,
  };

  if (isGroup(route)) {
    if (children.length === 0) return null;
    const firstPage = children.find((c) => c.firstPage)?.firstPage;
    const firstAnyPage = firstPage ?? children.find((c) => c.firstAnyPage)?.firstAnyPage;
    const menuChildren = children.flatMap((c) => c.menu);
    const menu: MenuItem[] = hidden || menuChildren.length === 0 ? [] : [{ key: path, title: route.title, icon: route.icon, children: menuChildren }];
    return {
      routes: [{ ...base, redirect: firstAnyPage }, ...childRoutes],
      menu,
      firstPage: hidden ? undefined : firstPage,
      firstAnyPage,
    };
  }

  const permitted = isPermitted(ctx, permission);
  if (!permitted && !route.public) return childRoutes.length > 0 ? { routes: childRoutes, menu: [] } : null;
  const visible = permitted && !hidden;
  return {
    routes: [{ ...base, page: route.page }, ...childRoutes],
    menu: visible ? [{ key: path, title: route.title, icon: route.icon, badge: route.badge }] : [],
    firstPage: visible ? path : undefined,
    firstAnyPage: hasParam(path) ? undefined : path,
  };
}

function keepArea(module: RemoteRoutesModule, ctx: Context): { routes: BuiltRoute[]; menu: AreaMenu } | null {
  const path = `/${module.area}`;
  const kept = module.routes.map((r) => keepRoute(r, path, undefined, ctx)).filter((k): k is Kept => k !== null);
  if (kept.length === 0) return null;
  const redirect = kept.find((k) => k.firstPage)?.firstPage ?? kept.find((k) => k.firstAnyPage)?.firstAnyPage;
  const areaRoute: BuiltRoute = { path, area: module.area, title: module.title, hidden: false, public: false, redirect };
  return {
    routes: [areaRoute, ...kept.flatMap((k) => k.routes)],
    menu: { area: module.area, title: module.title, path, redirect, items: kept.flatMap((k) => k.menu) },
  };
}

function segments(path: string): string[] {
  return path.split(/[?#]/)[0].split('/').filter(Boolean);
}

/** 0 when the pattern does not match the path; higher for more static segments. */
function matchScore(pattern: string, path: string): number {
  const p = segments(pattern);
  const s = segments(path);
  if (p.length !== s.length) return 0;
  let score = 1;
  for (let i = 0; i < p.length; i += 1) {
    if (p[i].startsWith(':')) continue;
    if (p[i] !== s[i]) return 0;
    score += 1;
  }
  return score;
}

export function buildRoutesAndMenus(
  permissionTree: Partial<PermissionTree> | null,
  remoteModules: readonly RemoteRoutesModule[],
  options: BuildOptions,
): RoutesAndMenus {
  const byArea = [...remoteModules].sort((a, b) => REMOTE_AREAS.indexOf(a.area) - REMOTE_AREAS.indexOf(b.area));
  const areas = byArea
    .map((module) => keepArea(module, { tree: permissionTree, loggedIn: options.loggedIn, area: module.area }))
    .filter((a): a is NonNullable<typeof a> => a !== null);

  const routes = areas.flatMap((a) => a.routes);
  const menus = areas.map((a) => a.menu).filter((m) => m.items.length > 0);
  const rootRedirect = options.loggedIn ? (menus.find((m) => m.redirect)?.redirect ?? null) : null;

  function findRoute(path: string): BuiltRoute | undefined {
    let best: BuiltRoute | undefined;
    let bestScore = 0;
    for (const route of routes) {
      const score = matchScore(route.path, path);
      if (score > bestScore) {
        best = route;
        bestScore = score;
      }
    }
    return best;
  }

  return {
    routes,
    menus,
    rootRedirect,
    findRoute,
    titleFor: (path, language = 'cn') => {
      const title = findRoute(path)?.title;
      return title ? title[language] || title.cn : undefined;
    },
  };
}
