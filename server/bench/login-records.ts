/**
 * 登录记录 at a million rows: the time of `api/user/getloglos` pages (count + page, in the database) for
 * the administrator (everything), a department, one person, failures only and a date range.
 *
 *   pnpm --filter @portal/server exec tsx bench/login-records.ts
 *
 * SQLite in a temporary folder; BENCH_LOGINS rows (default 1,000,000), BENCH_REQUESTS per case (default 20).
 * It prints figures; it is not a test.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createApp } from '../src/app';
import { loadConfig } from '../src/config';
import { postJson, quantile, timeRequests } from './measure';

const total = Number(process.env.BENCH_LOGINS ?? 1_000_000);
const requests = Number(process.env.BENCH_REQUESTS ?? 20);

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-logins-'));
  const app = await createApp({ ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }), shellDist: path.join(dataDir, 'none') }, { logger: false });
  try {
    const db = app.portal.db;
    const users = await db.selectFrom('users').select(['id', 'username']).execute();
    const start = Date.now() - 365 * 86400_000;
    process.stdout.write(`inserting ${total.toLocaleString()} login records…\n`);
    const t0 = performance.now();
    for (let i = 0; i < total; i += 2000) {
      const rows = Array.from({ length: Math.min(2000, total - i) }, (_, k) => {
        const n = i + k;
        const u = users[n % users.length] ?? users[0];
        const failed = n % 17 === 0;
        return {
          user_id: u?.id ?? null,
          username: u?.username ?? 'x',
          created_at: new Date(start + Math.floor((n / total) * 365 * 86400_000)).toISOString(),
          ip: `10.0.${n % 250}.${n % 200}`,
          user_agent: 'Chrome/126.0',
          success: failed ? 0 : 1,
        };
      });
      await db.insertInto('login_logs').values(rows).execute();
    }
    process.stdout.write(`  done in ${((performance.now() - t0) / 1000).toFixed(1)} s\n`);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    const url = `http://127.0.0.1:${address.port}`;
    const login = (await (
      await fetch(`${url}/api/user/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password: 'admin123' }),
      })
    ).json()) as { data: { LoginToken: string } };
    const token = login.data.LoginToken;
    const branch = await db.selectFrom('branches').select('id').where('name', '=', '销售一部').executeTakeFirstOrThrow();
    const sales1 = users.find((u) => u.username === 'sales1');
    const cases: [string, Record<string, unknown>][] = [
      ['everything, page 1', {}],
      ['everything, page 1000', { page: 1000 }],
      ['one department (销售一部)', { BranchID: branch.id }],
      ['one person', { userId: sales1?.id }],
      ['failures only', { success: 0 }],
      ['one month', { start: new Date(start + 200 * 86400_000).toISOString().slice(0, 10), end: new Date(start + 230 * 86400_000).toISOString().slice(0, 10) }],
    ];
    for (const [name, body] of cases) {
      const { sorted, last } = await timeRequests(requests, () => postJson<{ total: number }>(`${url}/api/user/getloglos`, token, { rows: 20, ...body }));
      process.stdout.write(
        `${name.padEnd(28)} total ${(last?.total ?? 0).toLocaleString().padStart(9)}   p50 ${quantile(sorted, 0.5).toFixed(1)} ms   p95 ${quantile(sorted, 0.95).toFixed(1)} ms\n`,
      );
    }
  } finally {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
