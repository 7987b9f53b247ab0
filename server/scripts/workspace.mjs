/**
 * Helpers shared by the root orchestration scripts (start, build, dev, test, test-e2e) and the benchmarks.
 * Node built-ins only: these run on a fresh clone with nothing but Node 20 and npm.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const PNPM_VERSION = '10.34.9';

export const REMOTES = ['crm', 'oa', 'bi', 'system'].map((area) => ({
  area,
  dir: `remote-${area}`,
  pkg: `@portal/remote-${area}`,
  mfName: `remote_${area}`,
  devPort: { crm: 3001, oa: 3002, bi: 3003, system: 3004 }[area],
}));

/** Shared sources every frontend build compiles (consumed as TypeScript source). */
const FRONTEND_SHARED = ['shared-core/src', 'shared-core/build', 'shared-ui/src', 'shared-ui/build'];
const frontendInputs = (dir) => [
  `${dir}/src`,
  `${dir}/public`,
  `${dir}/package.json`,
  `${dir}/webpack.config.js`,
  `${dir}/webpack.config.cjs`,
  `${dir}/tsconfig.json`,
  ...FRONTEND_SHARED,
];

/** What `build` produces, in build order (sequential: the machine may have only 2 cores). */
export const BUILD_TARGETS = [
  { name: 'shell', pkg: '@portal/shell', output: 'shell/dist/index.html', inputs: frontendInputs('shell') },
  ...REMOTES.map((r) => ({ name: r.dir, pkg: r.pkg, output: `${r.dir}/dist/mf-manifest.json`, inputs: frontendInputs(r.dir), remote: r })),
  {
    name: 'server',
    pkg: '@portal/server',
    output: 'server/dist/main.js',
    inputs: ['server/src', 'shared-contract/src', 'shared-contract/package.json', 'server/package.json', 'server/tsconfig.json', 'server/tsconfig.build.json'],
  },
];

export function log(message) {
  console.log(`\x1b[36m[portal]\x1b[0m ${message}`);
}

/** Newest mtime (ms) of the files under `paths` (relative to the repo), skipping node_modules, dist and tests. */
export function newestMtime(paths) {
  let newest = 0;
  const visit = (file) => {
    let stat;
    try {
      stat = statSync(file);
    } catch {
      return;
    }
    if (stat.isDirectory()) {
      for (const entry of readdirSync(file)) {
        if (entry === 'node_modules' || entry === 'dist' || entry.startsWith('.')) continue;
        visit(path.join(file, entry));
      }
    } else if (!/\.test\.tsx?$/.test(file)) {
      newest = Math.max(newest, stat.mtimeMs);
    }
  };
  for (const p of paths) visit(path.join(repoRoot, p));
  return newest;
}

/** A target needs building when its output is missing or older than any of its sources. */
export function isStale(target) {
  const output = path.join(repoRoot, target.output);
  if (!existsSync(output)) return true;
  return statSync(output).mtimeMs < newestMtime(target.inputs);
}

/** `pnpm` when installed, else `npx -y pnpm@<version>` (fresh machine with only Node and npm). */
export function pnpmCommand() {
  const probe = spawnSync('pnpm', ['--version'], { stdio: 'ignore', shell: process.platform === 'win32' });
  return probe.status === 0 ? ['pnpm'] : ['npx', '-y', `pnpm@${PNPM_VERSION}`];
}

/**
 * Runs a command with inherited stdio; resolves when it exits 0, rejects otherwise. `niceness`
 * (0–19) lowers the command's CPU priority, and that of everything it starts, from the beginning.
 */
export function run(command, args, { niceness, onSpawn, ...options } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: repoRoot, stdio: 'inherit', shell: process.platform === 'win32', ...options });
    if (niceness && child.pid) {
      try {
        os.setPriority(child.pid, niceness);
      } catch {
        // Not allowed here: the command runs at normal priority.
      }
    }
    onSpawn?.(child);
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`${[command, ...args].join(' ')} failed (${signal ?? `exit ${code}`})`));
    });
  });
}

export function runPnpm(args, options = {}) {
  const [command, ...prefix] = pnpmCommand();
  return run(command, [...prefix, ...args], options);
}

/**
 * Sets the CPU priority of process `pid` and everything below it, thread by thread (Linux keeps a
 * priority per thread), reading the process tree from /proc. Best effort: elsewhere, or where raising
 * a priority back is not allowed (only root may), the processes keep theirs.
 */
export function reprioritiseTree(pid, niceness) {
  if (!existsSync('/proc')) return;
  const children = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // /proc/<pid>/stat: "pid (comm) state ppid …"; comm may hold spaces and parentheses.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // The process ended meanwhile.
    }
  }
  const queue = [pid];
  while (queue.length > 0) {
    const next = queue.shift();
    queue.push(...(children.get(next) ?? []));
    let threads = [next];
    try {
      threads = readdirSync(`/proc/${next}/task`).map(Number);
    } catch {
      // Ended meanwhile.
    }
    for (const tid of threads) {
      try {
        os.setPriority(tid, niceness);
      } catch {
        // Not allowed, or ended meanwhile.
      }
    }
  }
}

/** node_modules is missing (at the root or in a package), or older than the lockfile. */
export function needsInstall() {
  const marker = path.join(repoRoot, 'node_modules', '.modules.yaml');
  if (!existsSync(marker)) return true;
  if (statSync(path.join(repoRoot, 'pnpm-lock.yaml')).mtimeMs > statSync(marker).mtimeMs) return true;
  return ['shell', ...REMOTES.map((r) => r.dir), 'server', 'e2e'].some((dir) => !existsSync(path.join(repoRoot, dir, 'node_modules')));
}

export async function ensureInstalled() {
  if (!needsInstall()) return;
  log('installing dependencies (pnpm install --frozen-lockfile)…');
  await runPnpm(['install', '--frozen-lockfile']);
}

/** Builds the given targets one after the other (`options` go to `run`, e.g. stdio into a log file). */
export async function buildTargets(targets, options = {}) {
  for (const target of targets) {
    log(`building ${target.name}…`);
    const started = Date.now();
    await runPnpm(['--filter', target.pkg, 'run', 'build'], options);
    log(`built ${target.name} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
}

/** Builds whatever is missing or stale; returns the targets it built. */
export async function buildStale(options = {}) {
  const stale = BUILD_TARGETS.filter(isStale);
  if (stale.length === 0) log('all builds are up to date');
  await buildTargets(stale, options);
  return stale;
}

/** Runs the release command (the compiled `server/dist/release/cli.js`, built first when stale). */
export function runDeliveryCommand(args, env = {}) {
  return run(process.execPath, [path.join(repoRoot, 'server', 'scripts', 'delivery.mjs'), ...args], { env: { ...process.env, ...env } });
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** True when a TCP connection to host:port opens within `timeoutMs`. */
export function canConnect(host, port, timeoutMs = 1500) {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/** Polls `url` until it answers (any HTTP status) or `timeoutMs` passes. */
export async function waitForHttp(url, timeoutMs = 60_000, isAlive = () => true) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!isAlive()) throw new Error(`the server exited before answering ${url}`);
    try {
      await fetch(url, { signal: AbortSignal.timeout(2000) });
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

export const DEMO_LOGINS = [
  ['admin', 'admin123', '超级管理员'],
  ['manager1', 'manager123', '销售经理'],
  ['sales1', 'sales123', '销售'],
  ['finance1', 'finance123', '财务'],
];

/**
 * Starts `node server/dist/main.js` (which migrates, and seeds on first start) and waits until it answers.
 * Returns the child process and the base URL.
 */
export async function startServer({ port, dataDir, mfDir, env = {}, stdio = 'inherit' }) {
  const child = spawn(process.execPath, [path.join(repoRoot, 'server', 'dist', 'main.js')], {
    cwd: repoRoot,
    stdio,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, ...(mfDir ? { MF_DIR: mfDir } : {}), ...env },
  });
  let alive = true;
  child.on('exit', () => {
    alive = false;
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitForHttp(`${baseUrl}/mf/registry.json`, 120_000, () => alive);
  return { child, baseUrl };
}

/**
 * A throw-away server for the benchmarks: starts the built server on a free port with `dataDir`,
 * `mfDir` and `env` (quiet logs, SQLite unless `env` says otherwise), runs `fn(baseUrl)`, then stops
 * it (SIGTERM, at most 5 s) and returns what `fn` returned.
 */
export async function withServer({ dataDir, mfDir, env = {} }, fn) {
  const server = await startServer({ port: await freePort(), dataDir, mfDir, env: { LOG_LEVEL: 'warn', DATABASE_URL: '', ...env }, stdio: 'ignore' });
  try {
    return await fn(server.baseUrl);
  } finally {
    if (server.child.exitCode === null) {
      const exited = new Promise((resolve) => server.child.once('exit', resolve));
      server.child.kill('SIGTERM');
      let timer;
      await Promise.race([exited, new Promise((r) => (timer = setTimeout(r, 5000)))]);
      clearTimeout(timer);
    }
  }
}

/**
 * The benchmarks' portal: builds what is stale, releases every remote into a temporary data folder
 * (`<tmp>/<prefix>…`), runs `fn(baseUrl)` against a throw-away server on it, and removes the folder.
 */
export async function withThrowawayPortal(prefix, fn) {
  await ensureInstalled();
  await buildStale();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), prefix));
  const mfDir = path.join(dataDir, 'mf');
  try {
    await runDeliveryCommand(['release', '--all'], { MF_DIR: mfDir, DATA_DIR: dataDir });
    log('starting a throw-away portal…');
    return await withServer({ dataDir, mfDir }, fn);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
