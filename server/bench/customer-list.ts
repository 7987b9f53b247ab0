/**
 * Customer list benchmark: p50 / p95 / max of `api/customer/index` over real HTTP on a large database.
 *
 *   pnpm --filter @portal/server bench
 *
 * SQLite by default: the database lives in BENCH_DB (a folder, default <tmp>/portal-bench) and is
 * seeded once up to BENCH_CUSTOMERS (default 1,000,000), then reused. With DATABASE_URL the same runs
 * on PostgreSQL in the schema BENCH_SCHEMA (default portal_bench). BENCH_REQUESTS per case (default 200).
 * BENCH_RECYCLE=1 then times the public pool's daily jobs on the same database: the recycle warnings
 * and the recycling itself. Recycling moves every due customer into the pool (on the generated data,
 * most owned customers are overdue at once), so it changes the database: run it last, then delete the
 * database (or its schema) before measuring lists again. A second run finds nothing due and times the
 * scan alone.
 * Per case it prints the API's p50 / p95 / max and, beside them, the p50 / p95 of the time the
 * database spent on the same requests (the sum of the request's query durations, from Kysely's log).
 * BENCH_CASES (a regular expression) runs only the matching cases; BENCH_EXPLAIN=1 prints each query
 * of a case's last warm-up request with its time and SQL.
 * It prints figures; it is not a test.
 */
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Client } from 'pg';
import { createApp } from '../src/app';
import { loadConfig, type AppConfig } from '../src/config';
import { openDatabase, quoteIdent } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';
import { seedOnFirstStart } from '../src/db/seed/first-start';
import { seedLargeCustomers } from '../src/db/seed/large';
import { runPoolRecycle } from '../src/modules/crm/pool/pool-recycle';
import { runRecycleWarnings } from '../src/modules/crm/pool/recycle-warning';
import { quantile } from './measure';

const target = Number(process.env.BENCH_CUSTOMERS ?? 1_000_000);
const requests = Number(process.env.BENCH_REQUESTS ?? 200);

async function prepare(config: AppConfig): Promise<void> {
  if (config.databaseUrl && config.databaseSchema) {
    const client = new Client({ connectionString: config.databaseUrl });
    await client.connect();
    await client.query(`CREATE SCHEMA IF NOT EXISTS ${quoteIdent(config.databaseSchema)}`);
    await client.end();
  }
  const handle = openDatabase(config);
  try {
    await migrateToLatest(handle.db);
    await seedOnFirstStart(handle.db, config);
    const row = await handle.db
      .selectFrom('customers')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const missing = target - Number(row.n);
    if (missing > 0) {
      process.stdout.write(`seeding ${missing.toLocaleString()} customers…\n`);
      const result = await seedLargeCustomers(handle, {
        customers: missing,
        onProgress: (d, t) => process.stdout.write(`\r  ${d.toLocaleString()} / ${t.toLocaleString()}`),
      });
      process.stdout.write(`\n  done in ${(result.ms / 1000).toFixed(1)} s\n`);
    } else {
      process.stdout.write(`reusing ${Number(row.n).toLocaleString()} customers\n`);
    }
  } finally {
    await handle.close();
  }
}

type Case = { name: string; token: string; body: Record<string, unknown> };

async function main(): Promise<void> {
  const base = loadConfig({ ...process.env, LOG_LEVEL: 'warn' });
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const dataDir = path.resolve(process.env.BENCH_DB || path.join(os.tmpdir(), 'portal-bench'));
  const config: AppConfig = {
    ...base,
    dataDir,
    sqliteFile: path.join(dataDir, 'portal.db'),
    mfDir: path.join(dataDir, 'mf'),
    databaseUrl,
    databaseSchema: databaseUrl ? process.env.BENCH_SCHEMA || 'portal_bench' : undefined,
    seedDemo: true,
  };
  await prepare(config);

  const explain = process.env.BENCH_EXPLAIN === '1';
  let sqlMs = 0;
  let queries: string[] | null = null;
  const app = await createApp(config, {
    logger: false,
    queryLog: (event) => {
      sqlMs += event.queryDurationMillis;
      queries?.push(
        `    ${event.queryDurationMillis.toFixed(1).padStart(7)} ms  ${event.query.sql.slice(0, 600)}  ${JSON.stringify(event.query.parameters).slice(0, 200)}`,
      );
    },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  const url = `http://127.0.0.1:${address.port}`;
  const post = async (p: string, body: Record<string, unknown>, token?: string) => {
    const res = await fetch(url + p, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authkey: token } : {}) },
      body: JSON.stringify(body),
    });
    return (await res.json()) as { total?: number; rows?: unknown[]; data?: { LoginToken: string }; msg?: string };
  };
  const login = async (username: string, password: string) => {
    const res = await post('/api/user/login', { username, password });
    if (!res.data) throw new Error(`login ${username}: ${res.msg}`);
    return res.data.LoginToken;
  };
  const admin = await login('admin', 'admin123');
  const sales = await login('sales1', 'sales123');
  const manager = await login('manager1', 'manager123');

  const cases: Case[] = [
    { name: 'admin page 1 (scope all)', token: admin, body: { page: 1, rows: 10 } },
    { name: 'admin page 1, key 杭州', token: admin, body: { page: 1, rows: 10, key: '杭州' } },
    { name: 'admin page 1, key 科技', token: admin, body: { page: 1, rows: 10, key: '科技' } },
    { name: 'admin page 1, key 5678 (phone)', token: admin, body: { page: 1, rows: 10, key: '5678' } },
    // 5+ letters/digits also look up a contact's WeChat id / QQ number exactly (the OR branch).
    { name: 'admin page 1, key 13856 (phone or QQ)', token: admin, body: { page: 1, rows: 10, key: '13856' } },
    { name: 'admin page 1, key wx_zhang2026 (WeChat)', token: admin, body: { page: 1, rows: 10, key: 'wx_zhang2026' } },
    { name: 'admin page 500', token: admin, body: { page: 500, rows: 10 } },
    { name: 'admin page 1, sort genjinTime asc', token: admin, body: { page: 1, rows: 10, sort: 'genjinTime', order: 'asc' } },
    { name: 'sales page 1 (scope own)', token: sales, body: { page: 1, rows: 10 } },
    { name: "sales page 1, scene 'mine'", token: sales, body: { page: 1, rows: 10, scene: 'mine' } },
    { name: 'sales page 1, key 科技', token: sales, body: { page: 1, rows: 10, key: '科技' } },
    // The customer views (issue #10).
    { name: 'sales view zaifenpei', token: sales, body: { page: 1, rows: 10, view: 'zaifenpei' } },
    { name: 'sales view nodispose', token: sales, body: { page: 1, rows: 10, view: 'nodispose' } },
    { name: 'sales watched, 即将进入公海', token: sales, body: { page: 1, rows: 10, filters: { soon: 1 } } },
    { name: 'sales view total (pool)', token: sales, body: { page: 1, rows: 10, view: 'total' } },
    { name: 'manager page 1, key 科技', token: manager, body: { page: 1, rows: 10, key: '科技' } },
    { name: 'manager view daifenpei', token: manager, body: { page: 1, rows: 10, view: 'daifenpei' } },
    { name: 'manager view teamkehu', token: manager, body: { page: 1, rows: 10, view: 'teamkehu' } },
    { name: 'manager view lizhi', token: manager, body: { page: 1, rows: 10, view: 'lizhi' } },
    { name: 'admin view black', token: admin, body: { page: 1, rows: 10, view: 'black' } },
    { name: 'admin view clue', token: admin, body: { page: 1, rows: 10, view: 'clue' } },
  ];

  const lines: string[] = [];
  const pad = (s: string, n: number) => s + ' '.repeat(Math.max(0, n - [...s].length * (/[^\x00-\x7f]/.test(s) ? 1 : 1)));
  lines.push(
    `${pad('case', 40)} ${'total'.padStart(9)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'max ms'.padStart(8)} ${'sql p50'.padStart(8)} ${'sql p95'.padStart(8)}`,
  );
  const only = process.env.BENCH_CASES ? new RegExp(process.env.BENCH_CASES) : null;
  for (const c of cases.filter((k) => !only || only.test(k.name))) {
    const first = await post('/api/customer/index', c.body, c.token);
    if (first.rows === undefined) throw new Error(`${c.name}: ${first.msg}`);
    for (let i = 0; i < 5; i++) {
      // Warm-up; BENCH_EXPLAIN prints the queries of the last one (warm caches, as the measured requests).
      queries = explain && i === 4 ? [] : null;
      await post('/api/customer/index', c.body, c.token);
      if (queries) process.stdout.write(`${c.name}:\n${queries.join('\n')}\n`);
    }
    queries = null;
    const times: number[] = [];
    const sqlTimes: number[] = [];
    for (let i = 0; i < requests; i++) {
      sqlMs = 0;
      const t0 = performance.now();
      await post('/api/customer/index', c.body, c.token);
      times.push(performance.now() - t0);
      sqlTimes.push(sqlMs);
    }
    times.sort((a, b) => a - b);
    sqlTimes.sort((a, b) => a - b);
    const fmt = (n: number) => n.toFixed(1).padStart(8);
    const total = typeof first.total === 'number' && (first as { totalCapped?: boolean }).totalCapped ? `${first.total}+` : String(first.total);
    lines.push(
      `${pad(c.name, 40)} ${total.padStart(9)} ${fmt(quantile(times, 0.5))} ${fmt(quantile(times, 0.95))} ${fmt(times[times.length - 1])} ${fmt(quantile(sqlTimes, 0.5))} ${fmt(quantile(sqlTimes, 0.95))}`,
    );
    process.stdout.write(`${lines[lines.length - 1]}\n`);
  }
  if (process.env.BENCH_RECYCLE === '1') {
    const t0 = performance.now();
    const warned = await runRecycleWarnings(app.portal);
    const t1 = performance.now();
    const recycled = await runPoolRecycle(app.portal);
    const t2 = performance.now();
    lines.push('', `recycle warnings: ${warned.customers.toLocaleString()} customers of ${warned.owners} owners warned in ${((t1 - t0) / 1000).toFixed(2)} s`);
    lines.push(`recycle job: ${recycled.recycled.toLocaleString()} customers moved to the pool in ${((t2 - t1) / 1000).toFixed(2)} s`);
    process.stdout.write(`${lines.slice(-2).join('\n')}\n`);
  }
  await app.close();
  process.stdout.write(`\n${config.databaseUrl ? 'PostgreSQL' : 'SQLite'} · ${requests} requests per case · real HTTP\n${lines.join('\n')}\n`);
}

main().catch((err: unknown) => {
  process.stderr.write(`bench failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
