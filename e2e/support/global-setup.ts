/**
 * Builds what is missing (unless the caller already did), creates a fresh DATA_DIR, releases the four
 * remotes into its MF_DIR, and starts the real server (which migrates and seeds demo data) on a free
 * port. The state file path goes to the tests through PORTAL_E2E_STATE.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { launchBrowserServer } from './browser';
import { artifactsDir, deliveryCommand, repoRoot, type PortalState } from './portal';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function waitForServer(url: string, server: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}; see e2e/artifacts/server.log`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

export default async function globalSetup(): Promise<void> {
  mkdirSync(artifactsDir, { recursive: true });
  for (const file of readdirSync(artifactsDir)) if (file.endsWith('.png')) rmSync(path.join(artifactsDir, file));
  if (!process.env.PORTAL_E2E_SKIP_BUILD) {
    const build = spawnSync(process.execPath, [path.join(repoRoot, 'server', 'scripts', 'build.mjs'), '--missing'], { cwd: repoRoot, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('building the portal failed');
  }

  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-e2e-'));
  const mfDir = path.join(dataDir, 'mf');
  const release = deliveryCommand(['release', '--all'], mfDir);
  if (release.status !== 0) throw new Error(`releasing the remotes failed:\n${release.output}`);

  const port = await freePort();
  const log = createWriteStream(path.join(artifactsDir, 'server.log'));
  const server = spawn(process.execPath, [path.join(repoRoot, 'server', 'dist', 'main.js')], {
    cwd: repoRoot,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, MF_DIR: mfDir, SEED_DEMO: 'true', LOG_LEVEL: 'warn', DATABASE_URL: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.pipe(log);
  server.stderr?.pipe(log);
  globalThis.__PORTAL_E2E__ = { server, dataDir, log };

  const baseUrl = `http://127.0.0.1:${port}`;
  // The browser starts while the server migrates and seeds (the teardown closes both).
  const portal = globalThis.__PORTAL_E2E__;
  const browserStarted = launchBrowserServer().then((browser) => (portal.browser = browser));
  await waitForServer(`${baseUrl}/mf/registry.json`, server, 180_000);
  const browser = await browserStarted;
  const state: PortalState = { baseUrl, dataDir, mfDir, serverPid: server.pid ?? 0, browserEndpoint: browser.wsEndpoint() };
  const stateFile = path.join(dataDir, 'e2e-state.json');
  writeFileSync(stateFile, JSON.stringify(state));
  process.env.PORTAL_E2E_STATE = stateFile;
  console.log(`\n[e2e] portal at ${baseUrl} (DATA_DIR ${dataDir})`);
}
