/**
 * Test helper for the remotes' route tables: compares a `RemoteRoutesModule` with the spec's
 * table (§2.2) and lists every difference, so a failing test says exactly what is wrong.
 */
import type { BadgeKey, RemoteRoutesModule } from '@portal/shared-core';
import { flattenRoutes } from '../src/route-table/route-table';

export type ExpectedRouteTable = {
  /** Full path under the area → Chinese title, for every page. */
  pages: Record<string, string>;
  /** Menu groups: path → Chinese title. */
  groups?: Record<string, string>;
  hidden: string[];
  public?: string[];
  badges?: Record<string, BadgeKey>;
};

export function routeTableProblems(routesModule: RemoteRoutesModule, expected: ExpectedRouteTable): string[] {
  const problems: string[] = [];
  const flat = flattenRoutes(routesModule);
  const groups = expected.groups ?? {};
  const wanted = new Set([...Object.keys(expected.pages), ...Object.keys(groups)]);

  for (const path of wanted) if (!flat.some((r) => r.fullPath === path)) problems.push(`missing route ${path}`);
  for (const { fullPath, route } of flat) {
    if (!wanted.has(fullPath)) problems.push(`unexpected route ${fullPath}`);
    if (!route.title.en) problems.push(`${fullPath}: no English title`);
    if (fullPath in groups) {
      if (route.title.cn !== groups[fullPath]) problems.push(`${fullPath}: group title ${route.title.cn}, expected ${groups[fullPath]}`);
      if (route.permission || route.page) problems.push(`${fullPath}: a group has no permission and no page`);
      continue;
    }
    const title = expected.pages[fullPath];
    if (title !== undefined && route.title.cn !== title) problems.push(`${fullPath}: title ${route.title.cn}, expected ${title}`);
    if (route.permission?.type !== routesModule.area || route.permission.subType !== fullPath) {
      problems.push(`${fullPath}: permission ${JSON.stringify(route.permission)}, expected ${routesModule.area}/${fullPath}`);
    }
    if (typeof route.page !== 'function') problems.push(`${fullPath}: no lazy page`);
    const hidden = expected.hidden.includes(fullPath);
    if (Boolean(route.hidden) !== hidden) problems.push(`${fullPath}: hidden should be ${hidden}`);
    const isPublic = (expected.public ?? []).includes(fullPath);
    if (Boolean(route.public) !== isPublic) problems.push(`${fullPath}: public should be ${isPublic}`);
    const badge = expected.badges?.[fullPath];
    if (route.badge !== badge) problems.push(`${fullPath}: badge ${route.badge}, expected ${badge}`);
  }
  return problems;
}
