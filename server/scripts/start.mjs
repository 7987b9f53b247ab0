/**
 * `npm start`: install if needed, build what is missing or stale, release remotes that the registry
 * does not list yet (and those rebuilt just now), then run the server, which migrates the database
 * and seeds demo data on first start. PORT (default 8080) and DATA_DIR (default ./data).
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { buildStale, DEMO_LOGINS, ensureInstalled, log, runDeliveryCommand, startServer } from './workspace.mjs';

const port = Number(process.env.PORT || 8080);
const dataDir = path.resolve(process.env.DATA_DIR || 'data');
const mfDir = path.resolve(process.env.MF_DIR || path.join(dataDir, 'mf'));

async function main() {
  await ensureInstalled();
  const built = await buildStale();
  mkdirSync(mfDir, { recursive: true });
  const deliveryEnv = { DATA_DIR: dataDir, MF_DIR: mfDir };
  for (const target of built.filter((t) => t.remote)) {
    log(`releasing the new build of ${target.name}…`);
    await runDeliveryCommand(['release', target.remote.area], deliveryEnv);
  }
  await runDeliveryCommand(['release', '--all', '--if-missing'], deliveryEnv);

  log(`starting the server (DATA_DIR=${dataDir})…`);
  const { child } = await startServer({ port, dataDir, mfDir });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code) => process.exit(code ?? 0));

  const url = `http://localhost:${port}`;
  console.log(`\n  销售门户 is running at \x1b[1m${url}\x1b[0m\n`);
  if (/^(0|false|no|off)$/i.test(process.env.SEED_DEMO ?? '')) {
    console.log('  SEED_DEMO is off: no demo accounts; log in as admin with the password from ADMIN_PASSWORD.');
  } else {
    console.log('  Demo logins (用户名 / 密码):');
    for (const [user, password, role] of DEMO_LOGINS) console.log(`    ${user.padEnd(10)} ${password.padEnd(12)} ${role}`);
  }
  console.log('\n  Ctrl+C stops the server.\n');
}

main().catch((error) => {
  console.error(`\n[portal] start failed: ${error.message}`);
  process.exit(1);
});
