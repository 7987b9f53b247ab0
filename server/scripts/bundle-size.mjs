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
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { collectScripts, logInToWorkbench, openBrowser, settled, summarize } from './browser-bytes.mjs';
import { buildStale, ensureInstalled, freePort, log, runDeliveryCommand, startServer } from './workspace.mjs';

const { values } = parseArgs({ options: { url: { type: 'string' }, user: { type: 'string', default: 'admin' }, password: { type: 'string', default: 'admin123' } } });

async function measure(baseUrl) {
  const { page, close } = await openBrowser(baseUrl);
  try {
    const beforeLogin = new Map();
    collectScripts(page, beforeLogin);
    await page.goto('/login', { waitUntil: 'networkidle' });
    await settled(beforeLogin);
    const login = summarize('Before login (/login)', beforeLogin);

    const afterLogin = new Map(beforeLogin);
    page.removeAllListeners('response');
    collectScripts(page, afterLogin);
    await logInToWorkbench(page, values.user, values.password);
    await settled(afterLogin);
    const workbench = summarize('Up to the workbench (/crm/index, login page included)', afterLogin);
    console.log(`\nadded by login → workbench: ${((workbench.sent - login.sent) / 1024).toFixed(1)} KiB sent, ${((workbench.gzip - login.gzip) / 1024).toFixed(1)} KiB gzipped`);
  } finally {
    await close();
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
