/**
 * `npm run build`: builds the shell, the four remotes and the server, one after the other
 * (webpack builds in parallel would fight over 2 cores). `--missing`: only what is missing or stale.
 */
import { BUILD_TARGETS, buildStale, buildTargets, ensureInstalled, log } from './workspace.mjs';

async function main() {
  await ensureInstalled();
  const started = Date.now();
  if (process.argv.includes('--missing')) await buildStale();
  else await buildTargets(BUILD_TARGETS);
  log(`build finished in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

main().catch((error) => {
  console.error(`\n[portal] build failed: ${error.message}`);
  process.exit(1);
});
