/**
 * `npm test`: every test of the project, in four runs:
 *   1. unit and component tests (the jsdom projects and shared-core);
 *   2. the server suite on SQLite;
 *   3. the server suite again on PostgreSQL (DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test),
 *      without the files that do not depend on the database (test-pg.mjs);
 *   4. the end-to-end suite in headless Chromium against the built portal (builds what is stale first).
 * Run 1 goes first, beside the build: component tests are the ones closest to their 5 s timeout, so
 * while they run the build runs at low CPU priority and they keep a core even when another process
 * holds the other one. Then run 2 starts, beside the rest of the build at normal priority, and once
 * the build is done runs 3 and 4 join it (the build and then run 4 are the longest chain, so they
 * are not made to share with run 3 as well): the suites wait on databases, the browser and timers,
 * and on a machine where another process keeps a core busy, several runnable lanes get more of the
 * CPU than one.
 * Run 1 and run 2 print as they go; the build's, run 3's and run 4's output is kept in logs and
 * printed when they end.
 * A run whose service is missing (PostgreSQL not reachable, no Chromium) is reported as skipped, or is
 * a failure when CI=true. `--no-e2e` leaves out run 3. Extra arguments go to the first jest run.
 * Ends with the totals over all runs and exits non-zero if anything failed.
 */
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildStale, canConnect, ensureInstalled, log, reprioritiseTree, runPnpm } from './workspace.mjs';

/** The root jest projects of run 1; run 2 is the `server` project. */
const UNIT_PROJECTS = ['shared-core', 'shared-ui', 'shell', 'remote-crm', 'remote-oa', 'remote-bi', 'remote-system'];
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
  const tests = [];
  for (const file of report.testResults ?? []) {
    for (const test of file.assertionResults ?? []) {
      tests.push({ ratio: (test.duration ?? 0) / timeoutOf(file.name), ms: test.duration, file: path.relative(process.cwd(), file.name), title: test.title });
    }
  }
  // The three slowest against their timeout (the worst decides; the others show whether it is alone).
  tests.sort((a, b) => b.ratio - a.ratio);
  for (const [i, test] of tests.slice(0, 3).entries()) slowest.push({ run: i === 0 ? name : `${name} #${i + 1}`, ...test });
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

async function endToEndRun(stdio) {
  const name = 'end-to-end tests (headless Chromium)';
  if (!chromiumPath()) return skipped(name, 'no Chromium found (apt-get install chromium, or set CHROMIUM_PATH)');
  return step(name, 'e2e', async () => {
    await runPnpm(['--filter', '@portal/e2e', 'exec', 'jest', '--runInBand', ...jsonReport('e2e')], {
      env: { ...process.env, PORTAL_E2E_SKIP_BUILD: '1' },
      stdio,
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
  // --passWithNoTests: extra arguments (a path) may select tests of one of the two runs only.
  const jestArgs = (report, projects) => [
    'exec',
    'jest',
    '--forceExit',
    '--passWithNoTests',
    ...(inCi ? ['--ci'] : []),
    ...jsonReport(report),
    '--selectProjects',
    ...projects,
    ...extra,
  ];
  const started = Date.now();
  const took = (name) => log(`${name} ended after ${((Date.now() - started) / 1000).toFixed(0)} s`);
  const buildLog = sideLog('build');
  const postgresLog = sideLog('PostgreSQL');
  const e2eLog = sideLog('end-to-end');

  // The build runs at low priority while the component tests run, then at normal priority again.
  let unitDone = false;
  let building;
  const buildPriority = () => (unitDone ? 0 : 10);
  // A full garbage collection after each test file (--logHeapUsage calls gc() when node exposes it): left
  // alone, V8 let the one jest process grow to 1.3 GB of mostly dead jsdom/antd objects before it
  // collected, and a collection that large paused whichever test was running (233 ms at 690 MB quiet, a
  // 177 ms test took 1.7 s under load). Collected per file the heap stays at 120-300 MB. Costs ~0.15 s a file.
  const unitEnv = { ...sqliteEnv, NODE_OPTIONS: [sqliteEnv.NODE_OPTIONS, '--expose-gc'].filter(Boolean).join(' ') };
  const unitRun = step('unit and component tests', 'unit', () => runPnpm([...jestArgs('unit', UNIT_PROJECTS), '--logHeapUsage'], { env: unitEnv })).finally(
    () => {
      unitDone = true;
      if (building?.exitCode === null) reprioritiseTree(building.pid, 0);
      took('unit and component tests');
    },
  );
  const buildRun =
    withEndToEnd && chromiumPath()
      ? step('build what is stale', 'build', () =>
          buildStale({
            stdio: buildLog.stdio,
            get niceness() {
              return buildPriority();
            },
            onSpawn: (child) => {
              building = child;
            },
          }),
        ).finally(() => {
          took('the build');
          buildLog.print();
        })
      : Promise.resolve(undefined);
  const [unit, build, server, postgres, endToEnd] = await Promise.all([
    unitRun,
    buildRun,
    // Two workers: each server test file has its own database, and files wait on timers and I/O.
    unitRun
      .then(() => step('server tests (SQLite)', 'server', () => runPnpm([...jestArgs('server', ['server']), '--maxWorkers=2'], { env: sqliteEnv })))
      .finally(() => took('server tests (SQLite)')),
    // After the build too: the build and then the end-to-end suite are the longest chain.
    Promise.all([unitRun, buildRun])
      .then(() => postgresRun(postgresLog.stdio))
      .finally(() => took('server tests (PostgreSQL)')),
    withEndToEnd
      ? Promise.all([unitRun, buildRun])
          .then(([, built]) => (built?.status === 'failed' ? { name: 'end-to-end tests (headless Chromium)', status: 'failed' } : endToEndRun(e2eLog.stdio)))
          .finally(() => took('end-to-end tests'))
      : undefined,
  ]);
  postgresLog.print();
  e2eLog.print();
  const results = [unit, ...(build ? [build] : []), server, postgres, ...(endToEnd ? [endToEnd] : [])];
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
