/**
 * Federated portal against the same pages built as one monolith (issue #13): the JavaScript headless
 * Chromium downloads at three stages, measured as bundle-size.mjs measures (browser-bytes.mjs):
 *   1. /login before logging in;
 *   2. up to the idle workbench (/crm/index) after logging in;
 *   3. up to the idle customer list (/crm/customer/watched), opened in the app from the workbench.
 * Each stage includes the ones before it. Printed per stage: sent (brotli/gzip from the builds'
 * precompressed siblings), raw and gzip-6 bytes of both builds and the ratio federated / monolith.
 *
 * The monolith (server/scripts/monolith/webpack.config.cjs) is the shell's production config without
 * Module Federation, with the remotes' route tables imported statically (lazy chunk per area). It is
 * built into a temporary folder and served by the real server (SHELL_DIST pointed at it, an empty
 * MF_DIR), so the API, login and compression are the federated portal's.
 *
 *   node server/scripts/monolith-size.mjs                      builds what is missing and the monolith
 *   node server/scripts/monolith-size.mjs --monolith <dir>     reuses (or builds into and keeps) <dir>
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { collectScripts, logInToWorkbench, navigateInApp, openBrowser, ownerOf, settled, summarize, totalsOf, trackRequests } from './browser-bytes.mjs';
import { buildStale, ensureInstalled, log, repoRoot, run, runDeliveryCommand, withServer } from './workspace.mjs';

const { values } = parseArgs({
  options: {
    monolith: { type: 'string' },
    user: { type: 'string', default: 'admin' },
    password: { type: 'string', default: 'admin123' },
  },
});

const CUSTOMER_LIST = '/crm/customer/watched';
const STAGES = [
  { key: 'login', label: 'before login (/login)' },
  { key: 'workbench', label: 'workbench (/crm/index)' },
  { key: 'customers', label: `customer list (${CUSTOMER_LIST})` },
];

/** Builds the monolith into `outDir` with the shell's webpack, at a lower CPU priority. */
async function buildMonolith(outDir) {
  const webpackCli = createRequire(path.join(repoRoot, 'shell', 'package.json')).resolve('webpack-cli/bin/cli.js');
  const config = path.join(repoRoot, 'server', 'scripts', 'monolith', 'webpack.config.cjs');
  log(`building the monolith into ${outDir}…`);
  const started = Date.now();
  await run(process.execPath, [webpackCli, '--config', config, '--mode', 'production', '--env', `out=${outDir}`, '--stats', 'errors-warnings'], {
    niceness: 5,
  });
  log(`built the monolith in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/** The federation's own JSON: /mf/registry.json and the remotes' mf-manifest.json (not JavaScript, counted apart). */
const isFederationJson = (response) => /\/mf\/.*\.json(\?|$)/.test(response.url());

/**
 * The three stages in one fresh browser: per stage the cumulative scripts (url → sizes) and the
 * federation JSON files. Prints each stage's per-app breakdown.
 */
async function measureStages(name, baseUrl) {
  const { page, close } = await openBrowser(baseUrl);
  const requests = trackRequests(page);
  const scripts = new Map();
  const json = new Map();
  const stages = {};
  const mfRequests = [];
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    const url = message.location().url ?? '';
    // Neither build has a favicon: the browser's 404 for it says nothing about the page.
    if (message.type() === 'error' && !url.endsWith('/favicon.ico')) errors.push(`${message.text()} ${url}`.trim());
  });
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/mf/')) mfRequests.push(request.url());
  });
  const snapshot = async (stage) => {
    await settled(scripts);
    await settled(json);
    stages[stage.key] = { scripts: new Map(scripts), json: new Map(json) };
    summarize(`${name}, ${stage.label}`, scripts);
  };
  try {
    collectScripts(page, scripts);
    collectScripts(page, json, isFederationJson);
    await page.goto('/login', { waitUntil: 'networkidle' });
    await snapshot(STAGES[0]);

    await logInToWorkbench(page, values.user, values.password);
    await requests.quiet();
    await snapshot(STAGES[1]);

    await navigateInApp(page, CUSTOMER_LIST);
    await page.locator('.ant-table-row').first().waitFor({ timeout: 30_000 });
    await requests.quiet();
    await snapshot(STAGES[2]);
  } finally {
    requests.stop();
    await close();
  }
  // A page that broke would download less: say so rather than print a flattering ratio.
  if (errors.length > 0) console.log(`\n${name}: ${errors.length} errors in the page:\n  ${errors.join('\n  ')}`);
  return { ...stages, mfRequests, errors };
}

const kib = (n) => `${(n / 1024).toFixed(1)} KiB`;
const ratio = (a, b) => (b > 0 ? `${(a / b).toFixed(2)}×` : '—');

function printTable(federated, monolith) {
  const W = 40;
  console.log('\nFederated / monolith, JavaScript downloaded up to each stage (earlier stages included):');
  console.log(
    `  ${'stage'.padEnd(W)} ${'files'.padStart(7)}  ${'bytes'.padEnd(5)} ${'federated'.padStart(11)} ${'monolith'.padStart(11)} ${'ratio'.padStart(7)}`,
  );
  for (const stage of STAGES) {
    const f = totalsOf(federated[stage.key].scripts);
    const m = totalsOf(monolith[stage.key].scripts);
    for (const [i, measure] of ['sent', 'raw', 'gzip'].entries()) {
      const [label, files] = i === 0 ? [stage.label, `${f.files}/${m.files}`] : ['', ''];
      console.log(
        `  ${label.padEnd(W)} ${files.padStart(7)}  ${measure.padEnd(5)} ${kib(f[measure]).padStart(11)} ${kib(m[measure]).padStart(11)} ${ratio(f[measure], m[measure]).padStart(7)}`,
      );
    }
  }
  console.log('\nFederation JSON (registry.json, mf-manifest.json; not in the figures above), sent / raw:');
  for (const stage of STAGES) {
    const j = totalsOf(federated[stage.key].json);
    const m = totalsOf(monolith[stage.key].json);
    console.log(`  ${stage.label.padEnd(40)} federated ${j.files} files ${kib(j.sent)} / ${kib(j.raw)}; monolith ${m.files} files`);
  }
  console.log('\nFederated JavaScript per app (sent), per stage:');
  for (const stage of STAGES) {
    const byOwner = new Map();
    for (const [url, size] of federated[stage.key].scripts) {
      if (size) byOwner.set(ownerOf(url), (byOwner.get(ownerOf(url)) ?? 0) + size.sent);
    }
    console.log(
      `  ${stage.label.padEnd(40)} ${[...byOwner]
        .sort()
        .map(([owner, sent]) => `${owner} ${kib(sent)}`)
        .join(', ')}`,
    );
  }
}

async function main() {
  await ensureInstalled();
  await buildStale();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-monolith-'));
  const monolithDir = values.monolith ? path.resolve(values.monolith) : path.join(dataDir, 'monolith');
  try {
    if (existsSync(path.join(monolithDir, 'index.html'))) log(`reusing the monolith in ${monolithDir}`);
    else await buildMonolith(monolithDir);

    const mfDir = path.join(dataDir, 'mf');
    await runDeliveryCommand(['release', '--all'], { MF_DIR: mfDir, DATA_DIR: dataDir });
    log('measuring the federated portal…');
    const federated = await withServer({ dataDir, mfDir, env: {} }, (baseUrl) => measureStages('federated', baseUrl));

    // The same database and server; the shell folder is the monolith and no remote is released.
    const emptyMf = path.join(dataDir, 'mf-empty');
    mkdirSync(emptyMf, { recursive: true });
    log('measuring the monolith…');
    const monolith = await withServer({ dataDir, mfDir: emptyMf, env: { SHELL_DIST: monolithDir } }, (baseUrl) => measureStages('monolith', baseUrl));

    const asked = monolith.mfRequests;
    if (asked.length > 0) throw new Error(`the monolith asked for federation files: ${asked.join(', ')}`);
    printTable(federated, monolith);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(`[portal] monolith benchmark failed: ${error.message}`);
  process.exit(1);
});
