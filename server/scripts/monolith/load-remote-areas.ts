/**
 * Monolith benchmark only (see webpack.config.cjs): stands in for shell/src/remotes/load-remote-areas.ts.
 * The remotes' route tables are part of the build, each in its own lazy chunk (`import()`), loaded
 * together when the portal starts, as the federated shell loads them; no registry, no Module Federation.
 */
import type { RemoteArea, RemoteRoutesModule } from '../../../shared-core/src';

export type RemoteAreas = { modules: RemoteRoutesModule[]; unavailable: RemoteArea[] };

const ROUTES: Record<RemoteArea, () => Promise<{ default: RemoteRoutesModule }>> = {
  crm: () => import('../../../remote-crm/src/routes'),
  oa: () => import('../../../remote-oa/src/routes'),
  bi: () => import('../../../remote-bi/src/routes'),
  system: () => import('../../../remote-system/src/routes'),
};
const AREAS = Object.keys(ROUTES) as RemoteArea[];

export async function loadRemoteAreas(areas: readonly RemoteArea[] = AREAS, _options: { force?: boolean } = {}): Promise<RemoteAreas> {
  const loaded = await Promise.all(
    areas.map(async (area) => {
      try {
        return { area, module: (await ROUTES[area]()).default };
      } catch (error) {
        console.error(`[remotes] ${area} is unavailable`, error);
        return { area, module: null };
      }
    }),
  );
  return {
    modules: loaded.flatMap((l) => (l.module ? [l.module] : [])),
    unavailable: loaded.filter((l) => !l.module).map((l) => l.area),
  };
}
