import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { createApp, type PortalApp } from '../src/app';
import { loadConfig, type AppConfig } from '../src/config';

/** A clock tests can move forward. */
export class TestClock {
  private offsetMs = 0;
  readonly now = (): Date => new Date(Date.now() + this.offsetMs);
  advance(ms: number): void {
    this.offsetMs += ms;
  }
}

export type Reply<T = Record<string, unknown>> = { status: number; body: T; headers: Headers };

export type TestServer = {
  url: string;
  app: PortalApp;
  config: AppConfig;
  clock: TestClock;
  post<T = Record<string, unknown>>(urlPath: string, body?: Record<string, unknown>, opts?: RequestOpts): Promise<Reply<T>>;
  get<T = Record<string, unknown>>(urlPath: string, opts?: RequestOpts): Promise<Reply<T>>;
  /** Logs in and returns the LoginToken (fails the test otherwise). */
  login(username: string, password: string, opts?: RequestOpts): Promise<string>;
  close(): Promise<void>;
};

export type RequestOpts = { token?: string; headers?: Record<string, string>; form?: boolean };

export const DEMO = {
  admin: ['admin', 'admin123'],
  manager: ['manager1', 'manager123'],
  sales: ['sales1', 'sales123'],
  finance: ['finance1', 'finance123'],
} as const;

function formEncode(body: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(body)) {
    if (v === undefined) continue;
    params.set(k, typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v));
  }
  return params.toString();
}

/**
 * Starts the real server on a free port against a fresh database: a temporary SQLite file, or a
 * fresh PostgreSQL schema (dropped on close) when DATABASE_URL is set.
 */
export async function startServer(overrides: Partial<AppConfig> = {}): Promise<TestServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-test-'));
  const databaseUrl = process.env.DATABASE_URL || undefined;
  let schema: string | undefined;
  if (databaseUrl) {
    schema = `t_${randomBytes(6).toString('hex')}`;
    const client = new Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query(`CREATE SCHEMA ${schema}`);
    await client.end();
  }
  const config: AppConfig = {
    ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }),
    databaseUrl,
    databaseSchema: schema,
    shellDist: path.join(dataDir, 'no-shell'),
    trustProxy: true,
    ...overrides,
  };
  const clock = new TestClock();
  const dropSchema = async () => {
    if (!databaseUrl || !schema) return;
    const client = new Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query(`DROP SCHEMA ${schema} CASCADE`);
    await client.end();
  };
  let app: PortalApp;
  try {
    app = await createApp(config, { clock: clock.now, logger: false });
  } catch (err) {
    await dropSchema();
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  const url = `http://127.0.0.1:${address.port}`;

  const request = async <T>(method: string, urlPath: string, body: Record<string, unknown> | undefined, opts: RequestOpts = {}): Promise<Reply<T>> => {
    const headers: Record<string, string> = { ...(opts.headers ?? {}) };
    if (opts.token) headers.authkey = opts.token;
    let payload: string | undefined;
    if (body !== undefined) {
      if (opts.form === false) {
        headers['content-type'] = 'application/json';
        payload = JSON.stringify(body);
      } else {
        headers['content-type'] = 'application/x-www-form-urlencoded';
        payload = formEncode(body);
      }
    }
    const res = await fetch(url + urlPath, { method, headers, body: payload });
    const textBody = await res.text();
    let parsed: unknown = textBody;
    try {
      parsed = JSON.parse(textBody);
    } catch {
      /* not JSON (static files) */
    }
    return { status: res.status, body: parsed as T, headers: res.headers };
  };

  const server: TestServer = {
    url,
    app,
    config,
    clock,
    post: (p, body = {}, opts) => request('POST', p, body, opts),
    get: (p, opts) => request('GET', p, undefined, opts),
    async login(username, password, opts) {
      const res = await request<{ result: string; msg: string; data: { LoginToken: string } }>('POST', '/api/user/login', { username, password }, opts);
      if (res.body.result !== 'success') throw new Error(`login ${username} failed: ${res.status} ${res.body.msg}`);
      return res.body.data.LoginToken;
    },
    async close() {
      await app.close();
      await dropSchema();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return server;
}

/** Row counts of the tables a command may touch, to prove a refused command changed nothing. */
export async function tableCounts(app: PortalApp): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const t of ['customers', 'contacts', 'followups', 'customer_participants', 'users', 'sessions'] as const) {
    const row = await app.portal.db.selectFrom(t).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    out[t] = Number(row.n);
  }
  return out;
}
