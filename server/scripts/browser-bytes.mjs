/**
 * Measuring what headless Chromium downloads from a portal: used by the bundle-size and the
 * monolith benchmarks (bundle-size.mjs, monolith-size.mjs), so that both count bytes the same way.
 *
 * Needs the installed workspace (playwright-core from e2e/) and Chromium (/usr/bin/chromium or CHROMIUM_PATH).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { repoRoot } from './workspace.mjs';

const { chromium } = createRequire(path.join(repoRoot, 'e2e', 'package.json'))('playwright-core');

/** Buckets a script URL by the app that owns it: shell, or the remote folder under /mf/. */
export function ownerOf(url) {
  const match = /\/mf\/(remote-[a-z]+)\//.exec(new URL(url).pathname);
  return match ? match[1] : 'shell';
}

/** The default filter of `collectScripts`: JavaScript, by resource type or file name. */
export function isScriptResponse(response) {
  return response.request().resourceType() === 'script' || /\.m?js(\?|$)/.test(response.url());
}

/**
 * Records every script the page loads into `into` (url → sizes): `sent` is what the server actually
 * sent (the encoded body, compressed when it was), `raw` the decoded bytes, `gzip` a zlib level-6
 * figure for comparison, `body` the decoded bytes themselves. Body reads finish after the page has moved on: `settled(into)` waits for them.
 * `accept` chooses other responses instead of scripts (e.g. the federation's JSON files).
 */
const pendingReads = new WeakMap();

export function collectScripts(page, into, accept = isScriptResponse) {
  const pending = pendingReads.get(into) ?? new Set();
  pendingReads.set(into, pending);
  page.on('response', (response) => {
    const url = response.url();
    if (!accept(response) || into.has(url) || !response.ok()) return;
    into.set(url, null);
    const read = (async () => {
      try {
        const body = await response.body();
        const { responseBodySize } = await response.request().sizes();
        into.set(url, { sent: responseBodySize, raw: body.length, gzip: gzipSync(body, { level: 6 }).length, body });
      } catch {
        into.delete(url);
      }
    })();
    pending.add(read);
    void read.finally(() => pending.delete(read));
  });
}

/** Waits until every body read started for `into` has finished. */
export async function settled(into) {
  const pending = pendingReads.get(into);
  while (pending && pending.size > 0) await Promise.all([...pending]);
}

/** Sums the sizes in `scripts`: `{files, sent, raw, gzip}`. */
export function totalsOf(scripts) {
  const total = { files: 0, sent: 0, raw: 0, gzip: 0 };
  for (const size of scripts.values()) {
    if (!size) continue;
    total.files += 1;
    for (const k of ['sent', 'raw', 'gzip']) total[k] += size[k];
  }
  return total;
}

/** Prints the totals of `scripts` and a line per owning app (see `ownerOf`); returns the totals. */
export function summarize(label, scripts) {
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
    console.log(
      `  ${owner.padEnd(14)} ${String(s.files).padStart(3)} files  ${kb(s.sent).padStart(10)} sent  ${kb(s.gzip).padStart(10)} gzipped  ${kb(s.raw).padStart(10)} raw`,
    );
  }
  return { files: scripts.size, ...total };
}

/**
 * Headless Chromium with a fresh profile (empty cache) on `baseUrl`. Returns the context, its first
 * page, and `close()`, which also removes the profile.
 */
export async function openBrowser(baseUrl) {
  const userDataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-bundle-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
    baseURL: baseUrl,
  });
  const page = context.pages()[0] ?? (await context.newPage());
  const close = async () => {
    try {
      await context.close();
    } finally {
      rmSync(userDataDir, { recursive: true, force: true });
    }
  };
  return { context, page, close };
}

/** Logs in on the /login page that `page` shows and waits for the idle workbench (/crm/index). */
export async function logInToWorkbench(page, user, password) {
  await page.getByPlaceholder(/用户名/).fill(user);
  await page.getByPlaceholder(/密码/).fill(password);
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await page.waitForURL((url) => url.pathname === '/crm/index', { timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  await new Promise((r) => setTimeout(r, 500));
}

/**
 * Counts the page's requests in flight from now on; `quiet()` resolves once none has been in flight
 * for `quietMs` (what `waitForLoadState('networkidle')` waits for, but after an in-app navigation,
 * which has no load state of its own). WebSockets are not requests and do not count.
 */
export function trackRequests(page) {
  const inFlight = new Set();
  let lastChange = Date.now();
  const started = (request) => {
    inFlight.add(request);
    lastChange = Date.now();
  };
  const ended = (request) => {
    inFlight.delete(request);
    lastChange = Date.now();
  };
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  return {
    async quiet({ quietMs = 500, timeoutMs = 30_000 } = {}) {
      const deadline = Date.now() + timeoutMs;
      while (inFlight.size > 0 || Date.now() - lastChange < quietMs) {
        if (Date.now() > deadline) throw new Error(`requests still in flight after ${timeoutMs / 1000} s: ${[...inFlight].map((r) => r.url()).join(', ')}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    stop() {
      page.off('request', started);
      page.off('requestfinished', ended);
      page.off('requestfailed', ended);
    },
  };
}

/**
 * Opens `pathname` inside the running single-page app, as a menu click does (no page load): the
 * router follows history changes announced by `popstate`.
 */
export async function navigateInApp(page, pathname) {
  await page.evaluate((target) => {
    window.history.pushState(null, '', target);
    window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }, pathname);
  await page.waitForURL((url) => url.pathname === pathname, { timeout: 30_000 });
}
