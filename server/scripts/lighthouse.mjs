/**
 * Lighthouse performance (mobile preset, Lighthouse's simulated slow 4G and 4x CPU) on /login, and on
 * the workbench /crm/index after logging in (issue #13: ≥ 90 and ≥ 75). Prints the score, FCP, LCP,
 * TBT, CLS and Speed Index of each run, then the median score per page.
 *
 *   node server/scripts/lighthouse.mjs                  builds what is missing, starts a throw-away portal
 *   node server/scripts/lighthouse.mjs --url http://localhost:8080 --runs 5
 *
 * Lighthouse is a measuring tool, not a dependency of the portal: on first use it is installed into
 * <tmp>/portal-lighthouse (LIGHTHOUSE_DIR) from the npm registry. Needs Chromium (CHROMIUM_PATH or
 * /usr/bin/chromium). Scores move with the machine's load: run it on a quiet machine.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { log, withThrowawayPortal } from './workspace.mjs';

const { values } = parseArgs({
  options: {
    url: { type: 'string' },
    runs: { type: 'string', default: '3' },
    user: { type: 'string', default: 'admin' },
    password: { type: 'string', default: 'admin123' },
  },
});
const LIGHTHOUSE_VERSION = '12.8.2';
const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/** lighthouse and puppeteer-core (which it brings), installed once outside the workspace. */
async function loadTools() {
  const dir = process.env.LIGHTHOUSE_DIR || path.join(os.tmpdir(), 'portal-lighthouse');
  const pkg = path.join(dir, 'node_modules', 'lighthouse', 'package.json');
  if (!existsSync(pkg)) {
    log(`installing lighthouse ${LIGHTHOUSE_VERSION} into ${dir}…`);
    mkdirSync(dir, { recursive: true });
    execFileSync('npm', ['install', '--prefix', dir, '--no-audit', '--no-fund', '--loglevel=error', `lighthouse@${LIGHTHOUSE_VERSION}`], { stdio: 'inherit' });
  }
  const require = createRequire(pkg);
  const lighthouse = (await import(pathToFileURL(require.resolve('lighthouse')).href)).default;
  const puppeteer = (await import(pathToFileURL(require.resolve('puppeteer-core')).href)).default;
  return { lighthouse, puppeteer };
}

function line(page, lhr) {
  const a = lhr.audits;
  const score = Math.round(lhr.categories.performance.score * 100);
  console.log(
    `${page.padEnd(11)} score ${String(score).padStart(3)}   FCP ${a['first-contentful-paint'].displayValue}   LCP ${a['largest-contentful-paint'].displayValue}   TBT ${a['total-blocking-time'].displayValue}   CLS ${a['cumulative-layout-shift'].displayValue}   SI ${a['speed-index'].displayValue}`,
  );
  return score;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function measure(baseUrl) {
  const { lighthouse, puppeteer } = await loadTools();
  const runs = Math.max(1, Number(values.runs) || 3);
  const flags = { onlyCategories: ['performance'], logLevel: 'error' };
  const browser = await puppeteer.launch({ executablePath: chromiumPath, args: ['--no-sandbox', '--headless=new'] });
  const scores = { '/login': [], '/crm/index': [] };
  try {
    for (let i = 0; i < runs; i++) {
      const page = await browser.newPage();
      scores['/login'].push(line('/login', (await lighthouse(`${baseUrl}/login`, flags, undefined, page)).lhr));
      await page.close();
    }
    // Logged in once; each workbench run keeps the session (disableStorageReset).
    const page = await browser.newPage();
    await page.goto(`${baseUrl}/login`);
    await page.type('input[name="username"]', values.user);
    await page.type('input[name="password"]', values.password);
    await Promise.all([page.waitForFunction(() => location.pathname !== '/login', { timeout: 30_000 }), page.keyboard.press('Enter')]);
    for (let i = 0; i < runs; i++) {
      scores['/crm/index'].push(line('/crm/index', (await lighthouse(`${baseUrl}/crm/index`, { ...flags, disableStorageReset: true }, undefined, page)).lhr));
    }
  } finally {
    await browser.close();
  }
  console.log(`\nmedian of ${runs}: /login ${median(scores['/login'])} (goal ≥ 90), /crm/index ${median(scores['/crm/index'])} (goal ≥ 75)`);
}

async function main() {
  if (values.url) return measure(values.url);
  await withThrowawayPortal('portal-lighthouse-data-', measure);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
