/**
 * `npm run test:e2e`: builds what is missing or stale, then runs the end-to-end suite (e2e/) in
 * headless Chromium against the real built portal (the suite's global setup starts the server on a
 * free port with a fresh DATA_DIR and releases the remotes into it). Extra arguments go to jest.
 */
import { buildStale, ensureInstalled, log, runPnpm } from './workspace.mjs';

async function main() {
  await ensureInstalled();
  await buildStale();
  log('running the end-to-end tests…');
  await runPnpm(['--filter', '@portal/e2e', 'exec', 'jest', '--runInBand', ...process.argv.slice(2)], {
    env: { ...process.env, PORTAL_E2E_SKIP_BUILD: '1' },
  });
}

main().catch((error) => {
  console.error(`[portal] e2e failed: ${error.message}`);
  process.exit(1);
});
