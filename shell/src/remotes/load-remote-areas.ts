/**
 * Loads each remote's route table: registry → `registerRemotes` → `loadRemote('<name>/routes')`.
 * When the current build fails (manifest or entry not loading, `routes` throwing) and the registry
 * names a last good build, that build is registered under the same name (`force`: the runtime drops
 * the failed container, its global and its manifest cache) and loaded instead; the area works, and
 * the failure is reported to the server (report-failure.ts). Without a last good build, or when it
 * fails too, only that area is unavailable.
 */
import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import { REMOTE_AREAS, type RemoteArea, type RemoteRoutesModule } from '@portal/shared-core';
import { fetchRegistry, type Registry, type RegistryBuild } from './registry';
import { errorText, reportRemoteFailure } from './report-failure';
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

type Attempt = { module: RemoteRoutesModule } | { error: unknown };

async function loadRoutes(area: RemoteArea, build: RegistryBuild): Promise<Attempt> {
  try {
    const loaded = await loadRemote<{ default?: unknown }>(`${build.name}/routes`);
    if (!loaded) return { error: new Error(`${build.name}/routes: nothing loaded`) };
    if (isAreaUnavailable(loaded)) return { error: loaded.error };
    const module = loaded.default ?? loaded;
    return isRoutesModule(module, area) ? { module } : { error: new Error(`${build.name}/routes is not the ${area} route table`) };
  } catch (error) {
    return { error };
  }
}

/**
 * Forgets a failed build before its last good one loads under the same name: the runtime's
 * registration (`force`), and webpack's chunk list of the remote (`webpackChunk` + the remote's
 * uniqueName, `portal_<name>`, shared-ui/build/remote-webpack.cjs), which would otherwise hand
 * the failed build's chunks to the last good build's runtime.
 */
function replaceRegistration(build: RegistryBuild): void {
  const chunkGlobal = `webpackChunkportal_${build.name}`;
  const scope = globalThis as unknown as Record<string, unknown>;
  if (chunkGlobal in scope) delete scope[chunkGlobal];
  registerRemotes([{ name: build.name, entry: build.entry }], { force: true });
}

async function loadArea(area: RemoteArea, registry: Registry): Promise<RemoteRoutesModule | null> {
  const entry = registry.remotes[area];
  if (!entry) return null;
  const current = await loadRoutes(area, entry);
  if ('module' in current) return current.module;
  const lastGood = entry.lastGood;
  if (!lastGood || lastGood.version === entry.version) {
    console.error(`[remotes] ${area} is unavailable`, current.error);
    return null;
  }
  console.error(`[remotes] ${area} ${entry.version} failed to load; trying the last good build ${lastGood.version}`, current.error);
  replaceRegistration(lastGood);
  const fallback = await loadRoutes(area, lastGood);
  if (!('module' in fallback)) {
    console.error(`[remotes] ${area} is unavailable (the last good build failed too)`, fallback.error);
    return null;
  }
  // Reported only once the last good build loaded: that proves the failure was the build's, not this browser's network.
  void reportRemoteFailure({ remote: area, folder: entry.version, error: errorText(current.error), fallback: lastGood.version });
  return fallback.module;
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
