/**
 * The names a remote imports from a shared key that the shell shares as a facade (antd and
 * react-router-dom: only the names in shared-core/build/antd-facade.mjs and react-router-facade.mjs). Every build records them in `shared-exports.json`
 * (shared-core/build/shared-exports-plugin.cjs): `uses` per key, and in the shell `provides`. A
 * remote using a name the shell's facade lacks would get `undefined` and crash the page rendering it,
 * so a release (or rollback) of such a build is refused, naming the names.
 */
import path from 'node:path';
import { readJsonFile } from './json-file';

export const SHARED_EXPORTS_FILE = 'shared-exports.json';

/** Shared key → export names. */
export type ExportNames = Record<string, readonly string[]>;
export type SharedExportsRecord = { uses: ExportNames; provides?: ExportNames };

function namesOf(value: unknown, file: string, field: string): ExportNames {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error(`${file}: "${field}" is not an object`);
  const names: Record<string, string[]> = {};
  for (const [key, list] of Object.entries(value)) {
    if (!Array.isArray(list) || !list.every((n) => typeof n === 'string')) throw new Error(`${file}: "${field}.${key}" is not a list of names`);
    names[key] = list as string[];
  }
  return names;
}

/** The build's record, or undefined when the build has none (built before the check existed). */
export async function readSharedExports(buildDir: string): Promise<SharedExportsRecord | undefined> {
  const file = path.join(buildDir, SHARED_EXPORTS_FILE);
  const json = (await readJsonFile(file)) as { uses?: unknown; provides?: unknown } | undefined;
  if (json === undefined) return undefined;
  return { uses: namesOf(json.uses ?? {}, file, 'uses'), ...(json.provides === undefined ? {} : { provides: namesOf(json.provides, file, 'provides') }) };
}

export type MissingExports = { key: string; names: string[] };

/** Per facade key the shell provides: the names the remote uses that the shell's facade lacks. */
export function findMissingExports(uses: ExportNames, shellProvides: ExportNames): MissingExports[] {
  const missing: MissingExports[] = [];
  for (const [key, provided] of Object.entries(shellProvides)) {
    const have = new Set(provided);
    const names = [...new Set(uses[key] ?? [])].filter((name) => !have.has(name)).sort();
    if (names.length > 0) missing.push({ key, names });
  }
  return missing;
}

export function describeMissingExports(packageName: string, missing: readonly MissingExports[]): string {
  return [
    `Refusing to release ${packageName}: it uses exports the shell's shared facades do not provide (add them to the facade, then build and deploy the shell first):`,
    ...missing.map((m) => `  - ${m.key}: ${m.names.join(', ')}`),
  ].join('\n');
}

/**
 * A remote whose build recorded no names for keys the shell shares as facades (no record at all, or one
 * written before a facade existed) cannot be checked against the shell.
 */
export function describeUnrecorded(packageName: string, keys: readonly string[], hasRecord = false): string {
  const what = hasRecord ? `its ${SHARED_EXPORTS_FILE} records nothing for ${keys.join(', ')}` : `its build has no ${SHARED_EXPORTS_FILE}`;
  return `Refusing to release ${packageName}: ${what}, so the names it imports from ${keys.join(', ')} cannot be checked against the shell's facade (it was built before the facade; rebuild it)`;
}
