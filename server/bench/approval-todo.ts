/**
 * Approval benchmark: 待我审批 (api/WorkFlow/todo) and 我已审批 over real HTTP with BENCH_INSTANCES
 * instances (default 100,000) and ten steps each (1,000,000 steps), and the server time of one
 * decision (api/WorkFlow/Approved) on that database.
 *
 *   pnpm --filter @portal/server exec tsx bench/approval-todo.ts
 *
 * SQLite in a fresh temporary folder (or DATABASE_URL + BENCH_SCHEMA for PostgreSQL: a schema of its
 * own, dropped at the end unless BENCH_KEEP=1, e.g. to EXPLAIN the list queries). It prints figures
 * for 待我审批 (todo), 我已审批 (completed), 我发起的 (mySubmit); it is not a test.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { Client } from 'pg';
import { createApp } from '../src/app';
import { loadConfig, type AppConfig } from '../src/config';
import { openDatabase, quoteIdent } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';
import { seedOnFirstStart } from '../src/db/seed/first-start';
import { quantile } from './measure';

const instances = Number(process.env.BENCH_INSTANCES ?? 100_000);
const STEPS_PER_INSTANCE = 10;
const requests = Number(process.env.BENCH_REQUESTS ?? 100);

async function seed(config: AppConfig): Promise<void> {
  const handle = openDatabase(config);
  const db = handle.db;
  try {
    await migrateToLatest(db);
    await seedOnFirstStart(db, config);
    const users = (await db.selectFrom('users').select('id').where('quit_status', '=', 0).execute()).map((u) => u.id);
    const flow = await db.selectFrom('wf_flows').select(['id', 'version_id']).where('form_mode', '=', 'baoxiao').executeTakeFirstOrThrow();
    const t0 = performance.now();
    const now = new Date().toISOString();
    const batch = 500;
    for (let start = 0; start < instances; start += batch) {
      await db.transaction().execute(async (tx) => {
        const n = Math.min(batch, instances - start);
        const rows = await tx
          .insertInto('wf_instances')
          .values(
            Array.from({ length: n }, (_, i) => ({
              flow_id: flow.id,
              version_id: flow.version_id!,
              title: `报销 ${start + i}`,
              form_mode: 'baoxiao',
              record_id: 0,
              submitter_id: users[(start + i) % users.length],
              branch_id: null,
              status: (start + i) % 50 === 0 ? 1 : 2,
              round: 1,
              state: '{}',
              form_data: '{}',
              last_urged_at: '',
              created_at: now,
              updated_at: now,
              finished_at: '',
            })),
          )
          .returning(['id', 'status'])
          .execute();
        const steps = rows.flatMap((inst, i) =>
          Array.from({ length: STEPS_PER_INSTANCE }, (_, k) => {
            const open = inst.status === 1 && k === STEPS_PER_INSTANCE - 1;
            return {
              instance_id: inst.id,
              node_id: `n${k}`,
              step_name: `节点${k}`,
              node_kind: 'approver',
              user_id: users[(start + i + k) % users.length],
              status: open ? 0 : 3,
              outcome: open ? '' : 'approved',
              mode: 'or',
              seq: 0,
              active: 1,
              round: 1,
              comment: '',
              forwarded_from: null,
              received_at: '',
              due_at: '',
              reminded_at: '',
              decided_at: open ? '' : now,
              created_at: now,
            };
          }),
        );
        for (let s = 0; s < steps.length; s += 1000)
          await tx
            .insertInto('wf_steps')
            .values(steps.slice(s, s + 1000))
            .execute();
      });
      if (start % 10_000 === 0) process.stdout.write(`\r  ${start.toLocaleString()} / ${instances.toLocaleString()} instances`);
    }
    // A bulk load leaves PostgreSQL's visibility map empty until autovacuum passes (as it does on any
    // live table of this size): vacuum now, so the counts are index-only as they are in steady state.
    if (config.databaseUrl) for (const t of ['wf_steps', 'wf_instances', 'wf_cc']) await sql`VACUUM ANALYZE ${sql.table(t)}`.execute(db);
    process.stdout.write(
      `\n  seeded ${instances.toLocaleString()} instances and ${(instances * STEPS_PER_INSTANCE).toLocaleString()} steps in ${((performance.now() - t0) / 1000).toFixed(1)} s\n`,
    );
  } finally {
    await handle.close();
  }
}

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-approval-bench-'));
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const schema = databaseUrl ? (process.env.BENCH_SCHEMA ?? 'portal_approval_bench') : undefined;
  if (databaseUrl && schema) {
    const client = new Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query(`DROP SCHEMA IF EXISTS ${quoteIdent(schema)} CASCADE`);
    await client.query(`CREATE SCHEMA ${quoteIdent(schema)}`);
    await client.end();
  }
  const config: AppConfig = {
    ...loadConfig({ ...process.env, LOG_LEVEL: 'warn' }),
    dataDir,
    sqliteFile: path.join(dataDir, 'portal.db'),
    databaseUrl,
    databaseSchema: schema,
    seedDemo: true,
  };
  await seed(config);
  const app = await createApp(config, { logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const url = typeof address === 'object' && address ? `http://127.0.0.1:${address.port}` : '';
  const post = async (p: string, body: Record<string, unknown>, token?: string) => {
    const res = await fetch(url + p, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authkey: token } : {}) },
      body: JSON.stringify(body),
    });
    return (await res.json()) as Record<string, unknown> & { data?: Record<string, unknown>; rows?: { id: number; TaskID: number }[]; total?: number };
  };
  try {
    const login = await post('/api/user/login', { username: 'manager1', password: 'manager123' });
    const token = (login.data as { LoginToken: string }).LoginToken;
    for (const list of ['todo', 'completed', 'mySubmit']) {
      const times: number[] = [];
      let total = 0;
      for (let i = 0; i < requests; i++) {
        const t = performance.now();
        const r = await post(`/api/WorkFlow/${list}`, { page: 1 + (i % 3), rows: 10 }, token);
        times.push(performance.now() - t);
        total = Number(r.total);
      }
      times.sort((a, b) => a - b);
      console.log(
        `${list}: ${total.toLocaleString()} rows for manager1 — p50 ${quantile(times, 0.5).toFixed(1)} ms, p95 ${quantile(times, 0.95).toFixed(1)} ms, max ${times[times.length - 1].toFixed(1)} ms`,
      );
    }
    // One decision on a real instance: submit a claim as a rep, then time the manager's 同意.
    const rep = ((await post('/api/user/login', { username: 'sales2', password: 'sales123' })).data as { LoginToken: string }).LoginToken;
    const decisions: number[] = [];
    for (let i = 0; i < 20; i++) {
      const sub = await post('/api/baoxiao/add', { type: 1, title: `基准 ${i}`, Money: '100' }, rep);
      const taskid = Number((sub.data as { taskid: number }).taskid);
      const step = await app.portal.db.selectFrom('wf_steps').select('id').where('instance_id', '=', taskid).where('status', '<', 3).executeTakeFirstOrThrow();
      const t = performance.now();
      const r = await post('/api/WorkFlow/Approved', { ids: String(step.id) }, token);
      decisions.push(performance.now() - t);
      if (r.result !== 'success') throw new Error(JSON.stringify(r));
    }
    decisions.sort((a, b) => a - b);
    console.log(`one decision (Approved, over HTTP): p50 ${quantile(decisions, 0.5).toFixed(1)} ms, max ${decisions[decisions.length - 1].toFixed(1)} ms`);
  } finally {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (databaseUrl && schema && process.env.BENCH_KEEP !== '1') {
      const client = new Client({ connectionString: databaseUrl });
      await client.connect();
      await client.query(`DROP SCHEMA IF EXISTS ${quoteIdent(schema)} CASCADE`);
      await client.end();
    }
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
