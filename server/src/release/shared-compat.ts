/**
 * Shared-singleton compatibility between a remote build and the shell.
 *
 * The shell loads first and provides the singletons (`shareStrategy: 'loaded-first'`), so a remote
 * is only safe when the versions it was built against satisfy the shell's required ranges, and
 * the shell's versions satisfy the remote's required ranges.
 */
import semver from 'semver';

/** One entry of an mf-manifest.json `shared` list (the fields we use). */
export type SharedDeclaration = {
  name: string;
  version: string;
  requiredVersion?: string;
  singleton?: boolean;
};

/** Shell requirements per package name: the version it provides and the range it requires. */
export type ShellRequirement = { version: string; requiredVersion: string };
export type ShellRequirements = Record<string, ShellRequirement>;

export type SharedMismatch = {
  name: string;
  remoteVersion: string;
  remoteRange?: string;
  shellVersion: string;
  shellRange: string;
};

/**
 * The package a shared key belongs to: `react/jsx-runtime` → `react`,
 * `@ant-design/icons/lib/x` → `@ant-design/icons`, `react/` → `react`.
 */
export function packageOfSharedKey(key: string): string {
  const parts = key.split('/').filter((p) => p.length > 0);
  return key.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? key);
}

function satisfies(version: string, range: string): boolean {
  const coerced = semver.valid(version) ?? semver.coerce(version)?.version;
  if (!coerced) return false;
  return semver.satisfies(coerced, range, { includePrerelease: true });
}

/**
 * Every singleton the remote shares that the shell also provides must be compatible both ways.
 * Returns the mismatches (empty when the build may be released), one per package.
 */
export function findSharedMismatches(remoteShared: readonly SharedDeclaration[], shell: ShellRequirements): SharedMismatch[] {
  const mismatches = new Map<string, SharedMismatch>();
  for (const declared of remoteShared) {
    if (declared.singleton === false) continue;
    const name = packageOfSharedKey(declared.name);
    const required = shell[name];
    if (!required || mismatches.has(name)) continue;
    const remoteOk = satisfies(declared.version, required.requiredVersion);
    const shellOk = !declared.requiredVersion || satisfies(required.version, declared.requiredVersion);
    if (!remoteOk || !shellOk) {
      mismatches.set(name, {
        name,
        remoteVersion: declared.version,
        remoteRange: declared.requiredVersion,
        shellVersion: required.version,
        shellRange: required.requiredVersion,
      });
    }
  }
  return [...mismatches.values()];
}

/** Shell requirements from the shell's own mf-manifest.json `shared` list. */
export function shellRequirementsFromManifest(shellShared: readonly SharedDeclaration[]): ShellRequirements {
  const requirements: ShellRequirements = {};
  for (const declared of shellShared) {
    if (declared.singleton === false) continue;
    const name = packageOfSharedKey(declared.name);
    if (requirements[name]) continue;
    requirements[name] = { version: declared.version, requiredVersion: declared.requiredVersion || `^${declared.version}` };
  }
  return requirements;
}

/** Shell requirements from `createSharedConfig(shellDir)` (used when the shell has not been built). */
export function shellRequirementsFromSharedConfig(config: Record<string, { version?: string; requiredVersion?: string | false }>): ShellRequirements {
  const requirements: ShellRequirements = {};
  for (const [key, entry] of Object.entries(config)) {
    const name = packageOfSharedKey(key);
    if (requirements[name] || !entry.version) continue;
    requirements[name] = { version: entry.version, requiredVersion: entry.requiredVersion || `^${entry.version}` };
  }
  return requirements;
}

/** What the shell provides: exact shared keys, and prefix keys (`react/`) whose deep imports it may provide. */
export type ShellProvides = { keys: ReadonlySet<string>; prefixes: readonly string[] };

/**
 * Shared keys the remote consumes that the shell does not provide. Production remotes are built
 * without fallback copies of the shared modules (`import: false`), so each of them must come from
 * the shell or the area fails to load.
 */
export function findUnprovided(remoteShared: readonly SharedDeclaration[], shell: ShellProvides): string[] {
  return [...new Set(remoteShared.map((s) => s.name))].filter((key) => !shell.keys.has(key) && !shell.prefixes.some((prefix) => key.startsWith(prefix)));
}

export function describeUnprovided(packageName: string, keys: readonly string[]): string {
  return [
    `Refusing to release ${packageName}: it needs shared modules the shell does not provide (build and deploy the shell first):`,
    ...keys.map((k) => `  - ${k}`),
  ].join('\n');
}

export function describeMismatches(packageName: string, mismatches: readonly SharedMismatch[]): string {
  const lines = mismatches.map((m) => {
    const remoteRange = m.remoteRange ? `, requires ${m.remoteRange}` : '';
    return `  - ${m.name}: ${packageName} has ${m.remoteVersion}${remoteRange}; the shell has ${m.shellVersion} and requires ${m.shellRange}`;
  });
  return [`Refusing to release ${packageName}: its shared singletons do not match the shell's ranges:`, ...lines].join('\n');
}
