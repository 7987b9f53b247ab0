/**
 * Bundle figures: the JavaScript a browser actually downloads (as measured in headless Chromium)
 * 1. on the login page before logging in, 2. after logging in, up to the workbench (/crm/index)
 * being idle, and 3. after that, up to the customer list (我的客户, /crm/customer/watched, opened
 * from the side menu) being idle. Sizes: as sent by the server (compressed where it compressed), raw,
 * and gzipped at zlib level 6 for comparison; per app, and per package through the source maps.
 *
 *   node server/scripts/bundle-size.mjs               builds what is missing, starts a throw-away portal
 *   node server/scripts/bundle-size.mjs --url http://localhost:8080   measures a running portal
 *   --top N   how many packages each stage's split by package lists (default 15)
 *
 * Needs the installed workspace (playwright-core from e2e/) and Chromium (/usr/bin/chromium or CHROMIUM_PATH).
 */
import { parseArgs } from 'node:util';
import { collectScripts, logInToWorkbench, openBrowser, ownerOf, settled, summarize as summarizeByApp } from './browser-bytes.mjs';
import { withThrowawayPortal } from './workspace.mjs';

const { values } = parseArgs({
  options: {
    url: { type: 'string' },
    user: { type: 'string', default: 'admin' },
    password: { type: 'string', default: 'admin123' },
    top: { type: 'string', default: '15' },
  },
});

const kb = (n) => `${(n / 1024).toFixed(1)} KiB`;

const BASE64 = new Map([...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'].map((c, i) => [c, i]));

/** Decodes one source-map segment (base64 VLQ) into its numbers. */
function decodeSegment(text) {
  const values = [];
  let value = 0;
  let shift = 0;
  for (const char of text) {
    const digit = BASE64.get(char);
    if (digit === undefined) throw new Error(`bad source-map character "${char}"`);
    value += (digit & 31) << shift;
    if (digit & 32) {
      shift += 5;
    } else {
      values.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
  }
  return values;
}

/**
 * Bytes of `code` per source of its source map (`sources[i]`, or null for unmapped code): each mapped
 * segment owns the generated text up to the next segment of its line. Columns count UTF-16 units, as
 * source maps do; the figures are UTF-8 bytes, so they add up to the file's raw length.
 * (Decoded here rather than with the `source-map` package: no workspace package depends on it directly.)
 */
function bytesPerSource(code, map) {
  const perSource = new Map();
  const add = (source, bytes) => bytes > 0 && perSource.set(source, (perSource.get(source) ?? 0) + bytes);
  const lines = code.split('\n');
  const mappingLines = map.mappings.split(';');
  let sourceIndex = 0;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    add(null, i < lines.length - 1 ? 1 : 0); // the newline
    let column = 0;
    let owner = null;
    let from = 0;
    for (const segment of (mappingLines[i] ?? '').split(',')) {
      if (!segment) continue;
      const [columnDelta, sourceDelta] = decodeSegment(segment); // the column restarts per line, the source index does not
      column += columnDelta;
      add(owner, Buffer.byteLength(line.slice(from, column)));
      from = column;
      if (sourceDelta === undefined) {
        owner = null;
      } else {
        sourceIndex += sourceDelta;
        owner = map.sources[sourceIndex] ?? null;
      }
    }
    add(owner, Buffer.byteLength(line.slice(from)));
  }
  return perSource;
}

/**
 * The package a source of `app`'s source map belongs to: the npm package under the last
 * node_modules/, `<workspace folder> (source)` for our own code, `(webpack runtime)`, or `(unmapped)`.
 */
function packageOfSource(source, app) {
  if (source === null) return '(unmapped)';
  if (source === '(no source map)') return source;
  const modules = source.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const parts = source.slice(modules + 'node_modules/'.length).split('/');
    return parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
  }
  const inApp = source.replace(/^webpack:\/\/[^/]*\//, '');
  if (/^(webpack|\(webpack\))\b/.test(inApp) || inApp.startsWith('external ') || inApp.startsWith('ignored')) return '(webpack runtime)';
  const workspaceFolder = /^\.\.\/([^/]+)\//.exec(inApp);
  return `${workspaceFolder ? workspaceFolder[1] : app} (source)`;
}

/**
 * Splits one script's sizes by package through its source map (fetched from the sourceMappingURL the
 * file names): raw bytes exactly, sent and gzip bytes apportioned by raw bytes (compression ratios
 * differ a little between packages, so those two are estimates). Cached per URL across stages.
 */
const splitCache = new Map();
async function splitByPackage(url, size) {
  if (splitCache.has(url)) return splitCache.get(url);
  const split = new Map();
  const code = size.body.toString('utf8');
  const mapRef = /\/\/# sourceMappingURL=(\S+)\s*$/.exec(code);
  let perSource = new Map([['(no source map)', size.raw]]);
  if (mapRef && !mapRef[1].startsWith('data:')) {
    try {
      const response = await fetch(new URL(mapRef[1], url));
      if (response.ok) perSource = bytesPerSource(code, await response.json());
    } catch (error) {
      console.warn(`  (no source map for ${url}: ${error.message})`);
    }
  }
  for (const [source, raw] of perSource) {
    const name = packageOfSource(source, ownerOf(url));
    const share = raw / size.raw;
    const entry = split.get(name) ?? { sent: 0, raw: 0, gzip: 0 };
    split.set(name, { sent: entry.sent + size.sent * share, raw: entry.raw + raw, gzip: entry.gzip + size.gzip * share });
  }
  splitCache.set(url, split);
  return split;
}

/** Prints the `top` packages of `scripts` by bytes sent (the rest summed in one line). */
async function summarizePackages(scripts, top = Number(values.top)) {
  const byPackage = new Map();
  for (const [url, size] of scripts) {
    if (!size) continue;
    for (const [name, s] of await splitByPackage(url, size)) {
      const entry = byPackage.get(name) ?? { sent: 0, raw: 0, gzip: 0 };
      byPackage.set(name, { sent: entry.sent + s.sent, raw: entry.raw + s.raw, gzip: entry.gzip + s.gzip });
    }
  }
  const sorted = [...byPackage].sort((a, b) => b[1].sent - a[1].sent);
  console.log(`  by package (source maps; sent and gzipped apportioned by raw bytes):`);
  const line = (name, s) =>
    console.log(`    ${name.padEnd(44)} ${kb(s.sent).padStart(10)} sent  ${kb(s.gzip).padStart(10)} gzipped  ${kb(s.raw).padStart(10)} raw`);
  for (const [name, s] of sorted.slice(0, top)) line(name, s);
  const rest = sorted.slice(top);
  if (rest.length > 0)
    line(
      `${rest.length} others`,
      rest.reduce((t, [, s]) => ({ sent: t.sent + s.sent, raw: t.raw + s.raw, gzip: t.gzip + s.gzip }), { sent: 0, raw: 0, gzip: 0 }),
    );
}

/** Prints a stage: its totals, a line per app and the split by package; returns the totals. */
async function summarize(label, scripts) {
  const total = summarizeByApp(label, scripts);
  await summarizePackages(scripts);
  return total;
}

async function measure(baseUrl) {
  const { page, close } = await openBrowser(baseUrl);
  try {
    const beforeLogin = new Map();
    collectScripts(page, beforeLogin);
    await page.goto('/login', { waitUntil: 'networkidle' });
    await settled(beforeLogin);
    const login = await summarize('Before login (/login)', beforeLogin);

    const afterLogin = new Map(beforeLogin);
    page.removeAllListeners('response');
    collectScripts(page, afterLogin);
    await logInToWorkbench(page, values.user, values.password);
    await settled(afterLogin);
    const workbench = await summarize('Up to the workbench (/crm/index, login page included)', afterLogin);
    console.log(
      `\nadded by login → workbench: ${((workbench.sent - login.sent) / 1024).toFixed(1)} KiB sent, ${((workbench.gzip - login.gzip) / 1024).toFixed(1)} KiB gzipped`,
    );

    // 3. From the idle workbench to the customer list, through the side menu as a user would.
    const toCustomers = new Map(afterLogin);
    page.removeAllListeners('response');
    collectScripts(page, toCustomers);
    await page
      .getByRole('menuitem', { name: /我的客户/ })
      .first()
      .click();
    await page.waitForURL((url) => url.pathname === '/crm/customer/watched', { timeout: 30_000 });
    await page.locator('.ant-table-row').first().waitFor({ timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    await new Promise((r) => setTimeout(r, 500));
    await settled(toCustomers);
    const customers = await summarize('Up to the customer list (/crm/customer/watched, via the workbench, login page included)', toCustomers);
    console.log(
      `\nadded by workbench → customer list: ${((customers.sent - workbench.sent) / 1024).toFixed(1)} KiB sent, ${((customers.gzip - workbench.gzip) / 1024).toFixed(1)} KiB gzipped`,
    );
  } finally {
    await close();
  }
}

async function main() {
  if (values.url) return measure(values.url);
  await withThrowawayPortal('portal-bundle-', measure);
}

main().catch((error) => {
  console.error(`[portal] bundle-size failed: ${error.message}`);
  process.exit(1);
});
