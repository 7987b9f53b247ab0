/**
 * `npm test`: every unit/component test and the server suite on SQLite (root jest projects), then the
 * server suite again on PostgreSQL when it is reachable (DATABASE_URL, default
 * postgres://postgres@127.0.0.1:5432/test). Unreachable PostgreSQL is reported as skipped, or is a
 * failure when CI=true. Extra arguments go to the first jest run. Exits non-zero if anything failed.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { canConnect, ensureInstalled, log, repoRoot, runPnpm } from './workspace.mjs';

const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/test';
const inCi = /^(1|true)$/i.test(process.env.CI ?? '');

async function step(name, action) {
  log(`── ${name}`);
  try {
    await action();
    return { name, status: 'passed' };
  } catch (error) {
    console.error(`[portal] ${name} failed: ${error.message}`);
    return { name, status: 'failed' };
  }
}

async function postgresStep() {
  const databaseUrl = process.env.DATABASE_URL || DEFAULT_DATABASE_URL;
  const url = new URL(databaseUrl);
  const host = url.hostname || '127.0.0.1';
  const port = Number(url.port || 5432);
  if (!(await canConnect(host, port))) {
    const message = `PostgreSQL at ${host}:${port} is not reachable`;
    if (inCi) {
      console.error(`[portal] ${message}: failing because CI=true`);
      return { name: 'server tests on PostgreSQL', status: 'failed' };
    }
    log(`SKIPPED server tests on PostgreSQL: ${message} (set DATABASE_URL or start PostgreSQL to run them)`);
    return { name: 'server tests on PostgreSQL', status: 'skipped' };
  }
  const env = { ...process.env, DATABASE_URL: databaseUrl };
  const testPg = path.join(repoRoot, 'server', 'scripts', 'test-pg.mjs');
  return step(`server tests on PostgreSQL (${url.host}${url.pathname})`, () =>
    existsSync(testPg)
      ? runPnpm(['--filter', '@portal/server', 'run', 'test:pg'], { env })
      : runPnpm(['--filter', '@portal/server', 'exec', 'jest', '--runInBand'], { env }),
  );
}

async function main() {
  await ensureInstalled();
  const sqliteEnv = { ...process.env };
  delete sqliteEnv.DATABASE_URL;
  const extra = process.argv.slice(2);
  const results = [];
  // --forceExit: a leaked timer in any package must not hang the run (jest still names the leak).
  const jestArgs = ['exec', 'jest', '--forceExit', ...(inCi ? ['--ci'] : []), ...extra];
  results.push(await step('unit, component and server tests (SQLite)', () => runPnpm(jestArgs, { env: sqliteEnv })));
  results.push(await postgresStep());

  console.log('\n[portal] test summary:');
  for (const r of results) console.log(`  ${r.status.padEnd(7)} ${r.name}`);
  process.exit(results.some((r) => r.status === 'failed') ? 1 : 0);
}

main().catch((error) => {
  console.error(`[portal] test run failed: ${error.message}`);
  process.exit(1);
});
