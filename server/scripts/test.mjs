/**
 * `npm test`: every test of the project, in three runs:
 *   1. unit, component and server tests on SQLite (the root jest projects);
 *   2. the server suite again on PostgreSQL (DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test);
 *   3. the end-to-end suite in headless Chromium against the built portal (builds what is stale first).
 * Each jest run uses one worker, so on two cores run 1 goes side by side with the build and run 2
 * (their output is kept in a log and printed when they end); run 3 follows.
 * A run whose service is missing (PostgreSQL not reachable, no Chromium) is reported as skipped, or is
 * a failure when CI=true. `--no-e2e` leaves out run 3. Extra arguments go to the first jest run.
 * Ends with the totals over all runs and exits non-zero if anything failed.
 */
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildStale, canConnect, ensureInstalled, log, runPnpm } from './workspace.mjs';

const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/test';
const inCi = /^(1|true)$/i.test(process.env.CI ?? '');
const reportDir = mkdtempSync(path.join(os.tmpdir(), 'portal-test-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
/** The slowest test of each run against its timeout: a test must stay 4x below it (the test-suite issue). */
const slowest = [];

/** Each package's test timeout (jest's default 5 s unless its config says otherwise). */
function timeoutOf(file) {
  if (file.includes(`${path.sep}e2e${path.sep}`)) return 90_000;
  if (file.includes(`${path.sep}server${path.sep}`)) return 30_000;
  return 5_000;
}

/** jest arguments that write a JSON summary we add to the totals. */
function jsonReport(name) {
  return ['--json', `--outputFile=${path.join(reportDir, `${name}.json`)}`];
}

function addCounts(name) {
  const file = path.join(reportDir, `${name}.json`);
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests + (report.numRuntimeErrorTestSuites ?? 0);
  totals.skipped += report.numPendingTests + report.numTodoTests;
  let worst;
  for (const file of report.testResults ?? []) {
    for (const test of file.assertionResults ?? []) {
      const ratio = (test.duration ?? 0) / timeoutOf(file.name);
      if (!worst || ratio > worst.ratio) worst = { ratio, ms: test.duration, file: path.relative(process.cwd(), file.name), title: test.title };
    }
  }
  if (worst) slowest.push({ run: name, ...worst });
}

async function step(name, report, action) {
  log(`── ${name}`);
  try {
    await action();
    return { name, status: 'passed' };
  } catch (error) {
    console.error(`[portal] ${name} failed: ${error.message}`);
    return { name, status: 'failed' };
  } finally {
    addCounts(report);
  }
}

function skipped(name, reason) {
  if (inCi) {
    console.error(`[portal] ${name}: ${reason}; failing because CI=true`);
    return { name, status: 'failed' };
  }
  log(`SKIPPED ${name}: ${reason}`);
  return { name, status: 'skipped' };
}

/** Output of a run that goes side by side with another: into a log, printed when the run ends. */
function sideLog(name) {
  const file = path.join(reportDir, `${name}.log`);
  const fd = openSync(file, 'w');
  return {
    stdio: ['ignore', fd, fd],
    print() {
      closeSync(fd);
      log(`── output of ${name}:`);
      process.stdout.write(readFileSync(file, 'utf8'));
    },
  };
}

async function postgresRun(stdio) {
  const name = 'server tests on PostgreSQL';
  const databaseUrl = process.env.DATABASE_URL || DEFAULT_DATABASE_URL;
  const url = new URL(databaseUrl);
  const host = url.hostname || '127.0.0.1';
  const port = Number(url.port || 5432);
  if (!(await canConnect(host, port))) {
    return skipped(name, `PostgreSQL at ${host}:${port} is not reachable (set DATABASE_URL or start PostgreSQL)`);
  }
  const env = { ...process.env, DATABASE_URL: databaseUrl };
  return step(`${name} (${url.host}${url.pathname})`, 'postgres', () =>
    runPnpm(['--filter', '@portal/server', 'run', 'test:pg', ...(inCi ? ['--ci'] : []), ...jsonReport('postgres')], { env, stdio }),
  );
}

function chromiumPath() {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean);
  return candidates.find((candidate) => existsSync(candidate));
}

async function endToEndRun() {
  const name = 'end-to-end tests (headless Chromium)';
  if (!chromiumPath()) return skipped(name, 'no Chromium found (apt-get install chromium, or set CHROMIUM_PATH)');
  return step(name, 'e2e', async () => {
    await runPnpm(['--filter', '@portal/e2e', 'exec', 'jest', '--runInBand', ...jsonReport('e2e')], {
      env: { ...process.env, PORTAL_E2E_SKIP_BUILD: '1' },
    });
  });
}

async function main() {
  const args = process.argv.slice(2);
  const withEndToEnd = !args.includes('--no-e2e');
  const extra = args.filter((arg) => arg !== '--no-e2e');
  await ensureInstalled();

  const sqliteEnv = { ...process.env };
  delete sqliteEnv.DATABASE_URL;
  // --forceExit: a leaked timer in any package must not hang the run (jest still names the leak).
  const jestArgs = ['exec', 'jest', '--forceExit', ...(inCi ? ['--ci'] : []), ...jsonReport('unit'), ...extra];
  const started = Date.now();
  const side = sideLog('build and PostgreSQL');
  // Side by side: run 1 in the foreground; the build (for run 3) and run 2 in the other lane.
  const [unit, [build, postgres]] = await Promise.all([
    step('unit, component and server tests (SQLite)', 'unit', () => runPnpm(jestArgs, { env: sqliteEnv })),
    (async () => {
      const built = withEndToEnd && chromiumPath() ? await step('build what is stale', 'build', () => buildStale({ stdio: side.stdio })) : undefined;
      const pg = await postgresRun(side.stdio);
      return [built, pg];
    })(),
  ]);
  side.print();
  const results = [unit, ...(build ? [build] : []), postgres];
  if (withEndToEnd) results.push(build?.status === 'failed' ? { name: 'end-to-end tests (headless Chromium)', status: 'failed' } : await endToEndRun());
  log(`all runs took ${((Date.now() - started) / 1000).toFixed(0)} s`);

  console.log('\n[portal] test summary:');
  for (const r of results) console.log(`  ${r.status.padEnd(7)} ${r.name}`);
  for (const w of slowest) {
    const margin = w.ratio > 0 ? (1 / w.ratio).toFixed(1) : '∞';
    console.log(`  slowest ${w.run}: ${w.ms} ms (${margin}x below its timeout) ${w.file} › ${w.title}`);
  }
  rmSync(reportDir, { recursive: true, force: true });
  // The plain closing line CI reads.
  console.log(`\ntests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
  process.exit(results.some((r) => r.status === 'failed') ? 1 : 0);
}

main().catch((error) => {
  console.error(`[portal] test run failed: ${error.message}`);
  process.exit(1);
});
