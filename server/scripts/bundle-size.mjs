/**
 * Bundle figures: the JavaScript a browser actually downloads (as measured in headless Chromium)
 * 1. on the login page before logging in, and 2. after logging in, up to the workbench (/crm/index)
 * being idle. Sizes: as sent by the server (compressed where it compressed), raw, and gzipped at zlib
 * level 6 for comparison.
 *
 *   node server/scripts/bundle-size.mjs               builds what is missing, starts a throw-away portal
 *   node server/scripts/bundle-size.mjs --url http://localhost:8080   measures a running portal
 *
 * Needs the installed workspace (playwright-core from e2e/) and Chromium (/usr/bin/chromium or CHROMIUM_PATH).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { buildStale, ensureInstalled, freePort, log, repoRoot, runDeliveryCommand, startServer } from './workspace.mjs';

const { values } = parseArgs({ options: { url: { type: 'string' }, user: { type: 'string', default: 'admin' }, password: { type: 'string', default: 'admin123' } } });

const { chromium } = createRequire(path.join(repoRoot, 'e2e', 'package.json'))('playwright-core');

/** Buckets a script URL by the app that owns it: shell, or the remote folder under /mf/. */
function ownerOf(url) {
  const match = /\/mf\/(remote-[a-z]+)\//.exec(new URL(url).pathname);
  return match ? match[1] : 'shell';
}

/**
 * Records every script the page loads into `into` (url → sizes): `sent` is what the server actually
 * sent (the encoded body, compressed when it was), `raw` the decoded bytes, `gzip` a zlib level-6
 * figure for comparison. Body reads finish after the page has moved on: `settled(into)` waits for them.
 */
const pendingReads = new WeakMap();

function collectScripts(page, into) {
  const pending = pendingReads.get(into) ?? new Set();
  pendingReads.set(into, pending);
  page.on('response', (response) => {
    const url = response.url();
    const isScript = response.request().resourceType() === 'script' || /\.m?js(\?|$)/.test(url);
    if (!isScript || into.has(url) || !response.ok()) return;
    into.set(url, null);
    const read = (async () => {
      try {
        const body = await response.body();
        const { responseBodySize } = await response.request().sizes();
        into.set(url, { sent: responseBodySize, raw: body.length, gzip: gzipSync(body, { level: 6 }).length });
      } catch {
        into.delete(url);
      }
    })();
    pending.add(read);
    void read.finally(() => pending.delete(read));
  });
}

/** Waits until every body read started for `into` has finished. */
async function settled(into) {
  const pending = pendingReads.get(into);
  while (pending && pending.size > 0) await Promise.all([...pending]);
}

function summarize(label, scripts) {
  const byOwner = new Map();
  const total = { sent: 0, raw: 0, gzip: 0 };
  for (const [url, size] of scripts) {
    if (!size) continue;
    for (const k of Object.keys(total)) total[k] += size[k];
    const owner = byOwner.get(ownerOf(url)) ?? { files: 0, sent: 0, raw: 0, gzip: 0 };
    byOwner.set(ownerOf(url), { files: owner.files + 1, sent: owner.sent + size.sent, raw: owner.raw + size.raw, gzip: owner.gzip + size.gzip });
  }
  const kb = (n) => `${(n / 1024).toFixed(1)} KiB`;
  console.log(`\n${label}: ${scripts.size} JS files, ${kb(total.sent)} sent (${total.sent} bytes), ${kb(total.gzip)} gzipped, ${kb(total.raw)} raw`);
  for (const [owner, s] of [...byOwner].sort()) {
    console.log(`  ${owner.padEnd(14)} ${String(s.files).padStart(3)} files  ${kb(s.sent).padStart(10)} sent  ${kb(s.gzip).padStart(10)} gzipped  ${kb(s.raw).padStart(10)} raw`);
  }
  return { files: scripts.size, ...total };
}

async function measure(baseUrl) {
  const userDataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-bundle-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    baseURL: baseUrl,
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    const beforeLogin = new Map();
    collectScripts(page, beforeLogin);
    await page.goto('/login', { waitUntil: 'networkidle' });
    await settled(beforeLogin);
    const login = summarize('Before login (/login)', beforeLogin);

    const afterLogin = new Map(beforeLogin);
    page.removeAllListeners('response');
    collectScripts(page, afterLogin);
    await page.getByPlaceholder(/用户名/).fill(values.user);
    await page.getByPlaceholder(/密码/).fill(values.password);
    await page.getByRole('button', { name: /登\s*录/ }).click();
    await page.waitForURL((url) => url.pathname === '/crm/index', { timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    await new Promise((r) => setTimeout(r, 500));
    await settled(afterLogin);
    const workbench = summarize('Up to the workbench (/crm/index, login page included)', afterLogin);
    console.log(`\nadded by login → workbench: ${((workbench.sent - login.sent) / 1024).toFixed(1)} KiB sent, ${((workbench.gzip - login.gzip) / 1024).toFixed(1)} KiB gzipped`);
  } finally {
    await context.close();
    rmSync(userDataDir, { recursive: true, force: true });
  }
}

async function main() {
  if (values.url) return measure(values.url);
  await ensureInstalled();
  await buildStale();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-bundle-'));
  const mfDir = path.join(dataDir, 'mf');
  let server;
  try {
    await runDeliveryCommand(['release', '--all'], { MF_DIR: mfDir, DATA_DIR: dataDir });
    log('starting a throw-away portal…');
    server = (await startServer({ port: await freePort(), dataDir, mfDir, env: { LOG_LEVEL: 'warn', DATABASE_URL: '' }, stdio: 'ignore' }));
    await measure(server.baseUrl);
  } finally {
    if (server && server.child.exitCode === null) {
      const exited = new Promise((resolve) => server.child.once('exit', resolve));
      server.child.kill('SIGTERM');
      let timer;
      await Promise.race([exited, new Promise((r) => (timer = setTimeout(r, 5000)))]);
      clearTimeout(timer);
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(`[portal] bundle-size failed: ${error.message}`);
  process.exit(1);
});
