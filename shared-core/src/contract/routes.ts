/**
 * The route contract between the shell and the remotes. Each remote's only exposed module,
 * `./routes`, default-exports a `RemoteRoutesModule`. The shell intersects these trees with the
 * user's permission tree (see `routing/build-routes.ts`) to get both the router and the menu.
 */
import type { ComponentType } from 'react';
import type { ActionKey, RemoteArea, RoutePermission } from './permissions';

/** A page component, loaded lazily by the remote (React.lazy-compatible factory). */
export type LazyPage = () => Promise<{ default: ComponentType<PageProps> }>;

/** What every page receives from the shell. */
export type PageProps = { routePath: string; params?: Record<string, string | undefined> };

/** Keys of menu badges the shell fills (CRM watched / zaifenpei counts, spec §2.3). */
export type BadgeKey = 'myCustomers' | 'reassigned';

/** An action a page offers behind its own right (`customer/watched:delete`), titled for the rights editor. */
export type RouteAction = { key: ActionKey; title: string };

export type RemoteRoute = {
  /** Path segment relative to the parent, no leading slash (`customer`, `watched`, `:id`). */
  path: string;
  title: { cn: string; en: string };
  /** Required permission. Omitted on groups (a group is kept when one child is kept). */
  permission?: RoutePermission;
  /** Hidden from the menu, still routable (e.g. `customer/form`, `flow/view/:id`). */
  hidden?: boolean;
  /** Reachable without login (only `crm/customer/search`). */
  public?: boolean;
  badge?: BadgeKey;
  /** antd icon name from @ant-design/icons, optional. */
  icon?: string;
  page?: LazyPage;
  /** The actions of this page that need an action right (the rights editor lists them). */
  actions?: readonly RouteAction[];
  children?: RemoteRoute[];
};

export type RemoteRoutesModule = {
  area: RemoteArea;
  title: { cn: string; en: string };
  routes: RemoteRoute[];
};
