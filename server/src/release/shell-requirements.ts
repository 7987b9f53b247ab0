/**
 * The shell's shared-singleton requirements: from its built `shell/dist/mf-manifest.json`, or, when
 * the shell has not been built, from the versions installed for it (shared-core's MF config).
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { readJsonFile } from './json-file';
import { readSharedExports, type ExportNames } from './shared-exports';
import {
  shellRequirementsFromManifest,
  shellRequirementsFromSharedConfig,
  type SharedDeclaration,
  type ShellProvides,
  type ShellRequirements,
} from './shared-compat';

type SharedConfigModule = {
  createSharedConfig: (appDir: string) => Record<string, { version?: string; requiredVersion?: string | false }>;
  SHARED_FACADES?: Record<string, string>;
  facadeExports?: (key: string) => string[] | undefined;
};

/**
 * `provides`: the keys the built shell provides (exactly what its manifest lists); without a build,
 * the configured keys, whose trailing-slash prefixes stand for any deep import.
 * `exports`: per key the shell shares as a facade, the names it provides (its shared-exports.json;
 * a shell built before facades has none and shares whole packages); without a build, the facades'.
 */
export async function loadShellRequirements(
  repoRoot: string,
): Promise<{ requirements: ShellRequirements; provides: ShellProvides; exports: ExportNames; source: string }> {
  const shellDir = path.join(repoRoot, 'shell');
  const manifestFile = path.join(shellDir, 'dist', 'mf-manifest.json');
  const manifest = await readJsonFile(manifestFile);
  if (manifest !== undefined) {
    const shared = sharedListOf(manifest, manifestFile);
    const exports = (await readSharedExports(path.join(shellDir, 'dist')))?.provides ?? {};
    return {
      requirements: shellRequirementsFromManifest(shared),
      provides: { keys: new Set(shared.map((s) => s.name)), prefixes: [] },
      exports,
      source: manifestFile,
    };
  }
  const configFile = path.join(repoRoot, 'shared-core', 'build', 'mf-shared.cjs');
  const sharedConfig = createRequire(configFile)(configFile) as SharedConfigModule;
  const config = sharedConfig.createSharedConfig(shellDir);
  const keys = Object.keys(config);
  const exports: Record<string, string[]> = {};
  for (const key of Object.keys(sharedConfig.SHARED_FACADES ?? {})) exports[key] = sharedConfig.facadeExports?.(key) ?? [];
  return {
    requirements: shellRequirementsFromSharedConfig(config),
    provides: { keys: new Set(keys), prefixes: keys.filter((k) => k.endsWith('/')) },
    exports,
    source: `${configFile} (shell not built)`,
  };
}

export function sharedListOf(manifest: unknown, file: string): SharedDeclaration[] {
  const shared = (manifest as { shared?: unknown } | null)?.shared;
  if (!Array.isArray(shared)) throw new Error(`${file} has no "shared" list`);
  return shared.filter(
    (s): s is SharedDeclaration =>
      typeof s === 'object' && s !== null && typeof (s as SharedDeclaration).name === 'string' && typeof (s as SharedDeclaration).version === 'string',
  );
}
