/**
 * Generates large volumes of customers for benchmarks:
 *   pnpm --filter @portal/server seed:large -- --customers 1000000
 * Uses the same environment as the server (DATA_DIR / DATABASE_URL); migrates and seeds the demo
 * company first when the database is empty.
 */
import { loadConfig } from '../../config';
import { openDatabase } from '../database';
import { migrateToLatest } from '../migrate';
import { seedOnFirstStart } from './first-start';
import { seedLargeCustomers } from './large';

function argValue(name: string): string | undefined {
  const args = process.argv.slice(2);
  const i = args.findIndex((a) => a === `--${name}` || a.startsWith(`--${name}=`));
  if (i === -1) return undefined;
  return args[i].includes('=') ? args[i].split('=')[1] : args[i + 1];
}

async function main(): Promise<void> {
  const customers = Number(argValue('customers') ?? '1000000');
  if (!Number.isSafeInteger(customers) || customers <= 0) throw new Error('--customers must be a positive integer');
  const config = loadConfig();
  const handle = openDatabase(config);
  try {
    await migrateToLatest(handle.db);
    await seedOnFirstStart(handle.db, config);
    const result = await seedLargeCustomers(handle, {
      customers,
      onProgress: (done, total) => process.stdout.write(`\r${done.toLocaleString()} / ${total.toLocaleString()} customers`),
    });
    process.stdout.write(
      `\ninserted ${result.inserted.toLocaleString()} customers (ids from ${result.firstId}) in ${(result.ms / 1000).toFixed(1)} s into ${config.databaseUrl ? 'PostgreSQL' : config.sqliteFile}\n`,
    );
  } finally {
    await handle.close();
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`seed:large failed: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
