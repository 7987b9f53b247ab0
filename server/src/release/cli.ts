/**
 * `pnpm release <remote> [--version X] [--dist <folder>]`, `pnpm release --all [--if-missing]`,
 * `pnpm rollback <remote> [--to <folder>]`. Remote: crm | oa | bi | system (or remote-crm, …).
 * Exit code 1 with a clear message when refused.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { DeliveryError, readRegistry, releaseRemote, rollbackRemote, type DeliveryResult } from './delivery';
import { resolveLocations, type Locations } from './locations';
import { findRemote, REMOTES, type RemoteDescriptor } from './remotes';

const USAGE = `Usage:
  pnpm release <crm|oa|bi|system> [--version X] [--dist <folder>]
                                                  copy <remote>/dist (or --dist) into MF_DIR and point the registry at it
  pnpm release --all [--if-missing]               release every remote that has a dist (--if-missing: only those absent from the registry)
  pnpm rollback <crm|oa|bi|system> [--to <folder>] point the registry at the previous (or the named) release`;

function report(action: string, result: DeliveryResult): void {
  const from = result.previousFolder ? ` (was ${result.previousFolder})` : '';
  console.log(`${action} ${result.remote.packageName}: users now get ${result.entry}${from}`);
}

function requireRemote(name: string | undefined): RemoteDescriptor {
  const remote = name ? findRemote(name) : undefined;
  if (!remote) throw new DeliveryError(`${name ? `Unknown remote "${name}"` : 'No remote named'}.\n${USAGE}`);
  return remote;
}

async function releaseAll(locations: Locations, ifMissing: boolean): Promise<void> {
  const registry = await readRegistry(locations.mfDir);
  let released = 0;
  for (const remote of REMOTES) {
    if (ifMissing && registry.remotes[remote.area]) continue;
    if (!existsSync(path.join(locations.repoRoot, remote.packageDir, 'dist', 'mf-manifest.json'))) {
      console.log(`skip ${remote.packageName}: no dist/mf-manifest.json (not built)`);
      continue;
    }
    report('released', await releaseRemote(locations, remote));
    released += 1;
  }
  if (released === 0) console.log('nothing to release');
}

async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv.filter((a) => a !== '--'),
    allowPositionals: true,
    options: {
      version: { type: 'string' },
      to: { type: 'string' },
      dist: { type: 'string' },
      all: { type: 'boolean', default: false },
      'if-missing': { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  const [command, remoteName] = positionals;
  if (values.help || (command !== 'release' && command !== 'rollback')) {
    console.log(USAGE);
    return values.help ? 0 : 1;
  }
  const locations = resolveLocations();
  try {
    if (command === 'release' && values.all) await releaseAll(locations, values['if-missing']);
    else if (command === 'release')
      report(
        'released',
        await releaseRemote(locations, requireRemote(remoteName), {
          version: values.version,
          distDir: values.dist && path.resolve(process.env.INIT_CWD || process.cwd(), values.dist),
        }),
      );
    else report('rolled back', await rollbackRemote(locations, requireRemote(remoteName), { to: values.to }));
    return 0;
  } catch (error) {
    if (error instanceof DeliveryError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
