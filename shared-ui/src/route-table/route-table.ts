/**
 * Helpers for writing a remote's route table (subpath `@portal/shared-ui/route-table`, kept apart
 * from the components so a routes module stays small). Each page states both its path segment and
 * its full permission path under the area, so the table reads like spec §2.2; `flattenRoutes` lets
 * the tests check that the two agree.
 */
import type { RemoteArea, RemoteRoute, RemoteRoutesModule } from '@portal/shared-core';
import { notYetAvailablePage } from '../not-yet-available/not-yet-available-page';

type Title = RemoteRoute['title'];
type PageOptions = Omit<RemoteRoute, 'path' | 'title' | 'permission'>;
type GroupOptions = Omit<RemoteRoute, 'path' | 'title' | 'permission' | 'children' | 'page'>;

export function routeTable(area: RemoteArea) {
  return {
    /** A page; without `page` it is the honest "not yet available" page titled after the route. */
    page(path: string, subType: string, title: Title, options: PageOptions = {}): RemoteRoute {
      return { path, title, permission: { type: area, subType }, ...options, page: options.page ?? notYetAvailablePage(title) };
    },
    /** A menu group: no permission of its own, kept when one of its children is. */
    group(path: string, title: Title, children: RemoteRoute[], options: GroupOptions = {}): RemoteRoute {
      return { path, title, ...options, children };
    },
  };
}

export type FlatRoute = { fullPath: string; route: RemoteRoute };

/** Every route of a module with its full path under the area (`customer/watched/:id`). */
export function flattenRoutes(routesModule: RemoteRoutesModule): FlatRoute[] {
  const walk = (routes: RemoteRoute[], parent: string): FlatRoute[] =>
    routes.flatMap((route) => {
      const fullPath = parent ? `${parent}/${route.path}` : route.path;
      return [{ fullPath, route }, ...walk(route.children ?? [], fullPath)];
    });
  return walk(routesModule.routes, '');
}
