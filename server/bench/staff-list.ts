/**
 * 员工管理 at 10,000 staff: the time of `api/user/index` pages (20 a page, count + page in the
 * database) for the cases an administrator uses: 在职 page 1 and a deep page, 离职, a department
 * with its sub-departments, and searches by name, account and mobile.
 *
 *   pnpm --filter @portal/server exec tsx bench/staff-list.ts
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test pnpm --filter @portal/server exec tsx bench/staff-list.ts
 *
 * SQLite in a temporary folder, or a fresh schema (dropped afterwards) when DATABASE_URL is set;
 * BENCH_STAFF users (default 10,000), BENCH_REQUESTS per case (default 50). It prints figures; it is not a test.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { Client } from 'pg';
import { createApp } from '../src/app';
import { loadConfig } from '../src/config';
import { postJson, quantile, timeRequests } from './measure';

const total = Number(process.env.BENCH_STAFF ?? 10_000);
// Every ninth is 离职; names, accounts (staffN) and mobiles (139…) are distinct.
const requests = Number(process.env.BENCH_REQUESTS ?? 50);
const SURNAMES = '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗';
const GIVEN = '伟芳娜敏静丽强磊军洋勇艳杰娟涛明超秀霞平刚桂';

async function admin(url: string, query: string): Promise<void> {
  const client = new Client({ connectionString: url });
  await client.connect();
  await client.query(query);
  await client.end();
}

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-staff-'));
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const schema = databaseUrl ? `bench_${randomBytes(5).toString('hex')}` : undefined;
  if (databaseUrl) await admin(databaseUrl, `CREATE SCHEMA ${schema}`);
  const app = await createApp(
    { ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }), databaseUrl, databaseSchema: schema, shellDist: path.join(dataDir, 'none') },
    { logger: false },
  );
  try {
    const db = app.portal.db;
    const template = await db.selectFrom('users').select(['password_hash', 'role_id']).where('username', '=', 'sales1').executeTakeFirstOrThrow();
    const branches = await db.selectFrom('branches').select(['id', 'name', 'parent_id']).execute();
    process.stdout.write(`${databaseUrl ? 'PostgreSQL' : 'SQLite'}: inserting ${total.toLocaleString()} staff in ${branches.length} departments…\n`);
    const t0 = performance.now();
    const now = new Date().toISOString();
    for (let i = 0; i < total; i += 1000) {
      const rows = Array.from({ length: Math.min(1000, total - i) }, (_, k) => {
        const n = i + k;
        return {
          username: `staff${n}`,
          nick_name: `${SURNAMES[n % SURNAMES.length]}${GIVEN[Math.floor(n / SURNAMES.length) % GIVEN.length]}${n}`,
          header: '',
          branch_id: branches[n % branches.length].id,
          role_id: template.role_id,
          quit_status: n % 9 === 0 ? 1 : 0,
          mobile: `139${String(n).padStart(8, '0')}`,
          password_hash: template.password_hash,
          created_at: now,
        };
      });
      await db.insertInto('users').values(rows).execute();
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
    const top = [...branches].sort((a, b) => a.id - b.id).find((b) => b.parent_id !== null && branches.some((c) => c.parent_id === b.id)) ?? branches[0];
    const cases: [string, Record<string, unknown>][] = [
      ['everyone, page 1', {}],
      ['everyone, page 200', { page: 200 }],
      ['在职', { QuitStatus: 0 }],
      ['离职', { QuitStatus: 1 }],
      [`department with sub-departments (${top.name})`, { BranchID: top.id }],
      ['search by name (王)', { key: '王' }],
      ['search by account (staff42)', { key: 'staff42' }],
      ['search by mobile (1390000123)', { key: '1390000123' }],
    ];
    process.stdout.write(`api/user/index, ${requests} requests per case (ms):\n`);
    for (const [name, body] of cases) {
      const { sorted, last } = await timeRequests(requests, () => postJson<{ total: number }>(`${url}/api/user/index`, token, { rows: 20, ...body }));
      process.stdout.write(
        `  ${name.padEnd(44)} total ${String(last?.total ?? 0).padStart(6)}   p50 ${quantile(sorted, 0.5).toFixed(1).padStart(6)}   p95 ${quantile(sorted, 0.95).toFixed(1).padStart(6)}\n`,
      );
    }
  } finally {
    await app.close();
    if (databaseUrl) await admin(databaseUrl, `DROP SCHEMA ${schema} CASCADE`);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
