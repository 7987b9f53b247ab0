/**
 * Where things are: the repository root (found from the working directory), DATA_DIR (default
 * `<repo>/data`) and MF_DIR (default `<DATA_DIR>/mf`). Relative values are taken from the directory
 * the command was started in (INIT_CWD under pnpm/npm), like any command-line path.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';

export type Locations = { repoRoot: string; dataDir: string; mfDir: string };

export function findRepoRoot(start: string = process.cwd()): string {
  let dir = path.resolve(start);
  for (;;) {
    if (existsSync(path.join(dir, 'pnpm-workspace.yaml'))) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`No pnpm-workspace.yaml found above ${start}`);
    dir = parent;
  }
}

export function resolveLocations(env: NodeJS.ProcessEnv = process.env, cwd: string = process.cwd()): Locations {
  const repoRoot = findRepoRoot(cwd);
  const base = env.INIT_CWD || cwd;
  const dataDir = env.DATA_DIR ? path.resolve(base, env.DATA_DIR) : path.join(repoRoot, 'data');
  const mfDir = env.MF_DIR ? path.resolve(base, env.MF_DIR) : path.join(dataDir, 'mf');
  return { repoRoot, dataDir, mfDir };
}
