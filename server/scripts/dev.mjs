/**
 * `npm run dev`: the API server (tsx watch, port 8080) + the shell dev server (3000, proxies /api,
 * /mf … to 8080) + the four remote dev servers (3001–3004), all with hot reload. The server serves a
 * dev registry (MF_DIR=<DATA_DIR>/mf-dev) pointing the shell at the remote dev servers' manifests,
 * so the released builds in <DATA_DIR>/mf are left alone. Open http://localhost:3000.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DEMO_LOGINS, ensureInstalled, log, pnpmCommand, REMOTES, repoRoot } from './workspace.mjs';

const dataDir = path.resolve(process.env.DATA_DIR || 'data');
const mfDir = path.join(dataDir, 'mf-dev');
const apiPort = Number(process.env.PORT || 8080);

function writeDevRegistry() {
  const remotes = Object.fromEntries(REMOTES.map((r) => [r.area, { name: r.mfName, version: 'dev', entry: `http://localhost:${r.devPort}/mf-manifest.json` }]));
  mkdirSync(mfDir, { recursive: true });
  writeFileSync(path.join(mfDir, 'registry.json'), `${JSON.stringify({ remotes }, null, 2)}\n`);
}

const children = [];
const COLORS = [32, 33, 34, 35, 36, 91];

function startProcess(label, args, env = {}) {
  const [command, ...prefix] = pnpmCommand();
  const child = spawn(command, [...prefix, ...args], {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    shell: process.platform === 'win32',
    // Own process group, so stopping kills pnpm and the webpack/tsx processes under it.
    detached: process.platform !== 'win32',
  });
  const tag = `\x1b[${COLORS[children.length % COLORS.length]}m[${label}]\x1b[0m `;
  for (const stream of [child.stdout, child.stderr]) {
    let pending = '';
    stream.on('data', (chunk) => {
      const lines = (pending + chunk.toString()).split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) process.stdout.write(`${tag}${line}\n`);
    });
  }
  child.on('exit', (code, signal) => {
    log(`${label} exited (${signal ?? code})`);
    if (!stopping) stopAll(1);
  });
  children.push(child);
}

let stopping = false;
function stopAll(code) {
  stopping = true;
  for (const child of children) {
    if (child.exitCode !== null) continue;
    try {
      if (process.platform === 'win32') child.kill('SIGTERM');
      else process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
  setTimeout(() => process.exit(code), 500);
}

async function main() {
  await ensureInstalled();
  writeDevRegistry();
  process.on('SIGINT', () => stopAll(0));
  process.on('SIGTERM', () => stopAll(0));
  startProcess('server', ['--filter', '@portal/server', 'exec', 'tsx', 'watch', 'src/main.ts'], {
    PORT: String(apiPort),
    DATA_DIR: dataDir,
    MF_DIR: mfDir,
    LOG_LEVEL: process.env.LOG_LEVEL || 'info',
  });
  startProcess('shell', ['--filter', '@portal/shell', 'run', 'dev']);
  for (const remote of REMOTES) startProcess(remote.area, ['--filter', remote.pkg, 'run', 'dev']);
  log('dev mode: open http://localhost:3000 (API on :8080, remotes on :3001-3004). Ctrl+C stops everything.');
  log(`demo logins: ${DEMO_LOGINS.map(([u, p]) => `${u}/${p}`).join(', ')}`);
}

main().catch((error) => {
  console.error(`[portal] dev failed: ${error.message}`);
  stopAll(1);
});
