/**
 * Loads each remote's route table: registry → `registerRemotes` → `loadRemote('<name>/routes')`.
 * A remote that fails (missing from the registry, dead URL, broken module) makes only its area
 * unavailable.
 */
import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import { REMOTE_AREAS, type RemoteArea, type RemoteRoutesModule } from '@portal/shared-core';
import { fetchRegistry, type Registry } from './registry';
import { isAreaUnavailable, retryPlugin, routesFallbackPlugin } from './runtime-plugins';

export type RemoteAreas = { modules: RemoteRoutesModule[]; unavailable: RemoteArea[] };

let pluginsRegistered = false;
function ensurePlugins(): void {
  if (pluginsRegistered) return;
  registerPlugins([retryPlugin(), routesFallbackPlugin()]);
  pluginsRegistered = true;
}

function isRoutesModule(value: unknown, area: RemoteArea): value is RemoteRoutesModule {
  const v = value as Partial<RemoteRoutesModule> | null;
  return typeof v === 'object' && v !== null && v.area === area && Array.isArray(v.routes);
}

async function loadArea(area: RemoteArea, registry: Registry): Promise<RemoteRoutesModule | null> {
  const entry = registry.remotes[area];
  if (!entry) return null;
  try {
    const loaded = await loadRemote<{ default?: unknown }>(`${entry.name}/routes`);
    if (!loaded || isAreaUnavailable(loaded)) return null;
    const module = loaded.default ?? loaded;
    return isRoutesModule(module, area) ? module : null;
  } catch (error) {
    console.error(`[remotes] ${area} is unavailable`, error);
    return null;
  }
}

/** Loads the given areas (all by default); `force` re-registers them so a retry does not reuse a failed load. */
export async function loadRemoteAreas(areas: readonly RemoteArea[] = REMOTE_AREAS, options: { force?: boolean } = {}): Promise<RemoteAreas> {
  ensurePlugins();
  let registry: Registry;
  try {
    registry = await fetchRegistry();
  } catch (error) {
    console.error('[remotes] registry unavailable', error);
    return { modules: [], unavailable: [...areas] };
  }
  const remotes = areas.flatMap((area) => {
    const entry = registry.remotes[area];
    return entry ? [{ name: entry.name, entry: entry.entry }] : [];
  });
  registerRemotes(remotes, { force: Boolean(options.force) });
  const loaded = await Promise.all(areas.map(async (area) => ({ area, module: await loadArea(area, registry) })));
  return {
    modules: loaded.flatMap((l) => (l.module ? [l.module] : [])),
    unavailable: loaded.filter((l) => !l.module).map((l) => l.area),
  };
}
