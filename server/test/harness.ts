import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { createApp, type PortalApp } from '../src/app';
import { loadConfig, type AppConfig } from '../src/config';
import { adminQuery, TEMPLATE_SCHEMA, withDatabase } from './seeded-template';

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
 * Drops a test database once the closed app's connections are gone. The pool's `end()` resolves
 * before each backend has exited; `WITH (FORCE)` would terminate those and their clients would
 * raise an unhandled error, so it is only the last resort after 5 s.
 */
async function dropDatabase(baseUrl: string, database: string): Promise<void> {
  for (let attempt = 0; attempt < 50; attempt++) {
    try {
      await adminQuery(baseUrl, `DROP DATABASE IF EXISTS ${database}`);
      return;
    } catch (err) {
      if ((err as { code?: string }).code !== '55006') throw err; // 55006: still accessed by other users
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  await adminQuery(baseUrl, `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
}

/** Overrides that change what the first start seeds: such a server seeds its own database. */
const SEED_OVERRIDES = ['seedDemo', 'adminPassword', 'databaseUrl', 'databaseSchema', 'sqliteFile'] as const;

/**
 * Starts the real server on a free port against a fresh database: a temporary SQLite file, or a
 * fresh PostgreSQL database or schema (dropped on close) when DATABASE_URL is set. With the default
 * seed the database is a copy of the run's seeded template (test/seeded-template.ts).
 */
export async function startServer(overrides: Partial<AppConfig> = {}): Promise<TestServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-test-'));
  const baseUrl = process.env.DATABASE_URL || undefined;
  const defaultSeed = !SEED_OVERRIDES.some((key) => key in overrides);
  const pgTemplate = defaultSeed ? process.env.PORTAL_TEST_PG_TEMPLATE : undefined;
  const sqliteTemplate = defaultSeed ? process.env.PORTAL_TEST_SQLITE_TEMPLATE : undefined;
  let databaseUrl = baseUrl;
  let schema: string | undefined;
  let database: string | undefined;
  if (baseUrl && pgTemplate) {
    database = `t_${randomBytes(6).toString('hex')}`;
    await adminQuery(baseUrl, `CREATE DATABASE ${database} TEMPLATE ${pgTemplate}`);
    databaseUrl = withDatabase(baseUrl, database);
    schema = TEMPLATE_SCHEMA;
  } else if (baseUrl) {
    schema = `t_${randomBytes(6).toString('hex')}`;
    await adminQuery(baseUrl, `CREATE SCHEMA ${schema}`);
  } else if (sqliteTemplate) {
    fs.copyFileSync(sqliteTemplate, path.join(dataDir, 'portal.db'));
  }
  const config: AppConfig = {
    ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }),
    databaseUrl,
    databaseSchema: schema,
    shellDist: path.join(dataDir, 'no-shell'),
    trustProxy: true,
    // Tests need no durability across power cuts (sqlite-durability.test.ts sets FULL itself).
    sqliteSynchronous: 'NORMAL',
    ...overrides,
  };
  // The seeded template's uploads (the demo's 进件资料) go with its database, so every file row has its file.
  const templateUploads = process.env.PORTAL_TEST_TEMPLATE_DIR ? path.join(process.env.PORTAL_TEST_TEMPLATE_DIR, 'uploads') : undefined;
  if ((pgTemplate || sqliteTemplate) && templateUploads && fs.existsSync(templateUploads)) fs.cpSync(templateUploads, config.uploadDir, { recursive: true });
  const clock = new TestClock();
  const dropSchema = async () => {
    if (baseUrl && database) await dropDatabase(baseUrl, database);
    else if (baseUrl && schema) await adminQuery(baseUrl, `DROP SCHEMA ${schema} CASCADE`);
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
      // The tests are over: connections still open (a response body a test did not read keeps its
      // connection busy, and the server's close would wait for it) are cut.
      const closing = app.close();
      app.server.closeAllConnections();
      await closing;
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
    const row = await app.portal.db
      .selectFrom(t)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    out[t] = Number(row.n);
  }
  return out;
}
