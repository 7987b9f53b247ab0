/**
 * Scale-out: two real server processes (`node --import tsx src/main.ts`) sharing one database (PostgreSQL when
 * DATABASE_URL is set, else one SQLite file) and one Redis, each with a client of the official
 * @microsoft/signalr client. Then two in-process servers on the same Redis for what only the server
 * API can trigger (closing a user's connections on another process, connection-addressed calls).
 *
 * Needs Redis (REDIS_URL, default redis://127.0.0.1:6379). Without it the file is skipped with a
 * message, except under CI, where it fails.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { HttpTransportType, HubConnectionState, type HubConnection } from '@microsoft/signalr';
import { Redis } from 'ioredis';
import { Client } from 'pg';
import { loadHubConfig } from '../src/hub/hub-config';
import { resolveActor } from '../src/modules/auth/session/session.service';
import { DEMO, type TestServer } from './harness';
import { closeHubServer, currentUser, eventually, EventQueue, hubClient, hubOf, sleep, startHubServer } from './hub-harness';

const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const IN_CI = Boolean(process.env.CI) && process.env.CI !== 'false';
const PRESENCE_TTL_MS = 1500;

/** Synchronous, so the decision can pick describe or describe.skip: PING Redis from a child node. */
function redisAnswers(): boolean {
  const { hostname, port } = new URL(REDIS_URL);
  const probe = `const s=require('net').connect(${Number(port) || 6379},${JSON.stringify(hostname)},()=>s.write('PING\\r\\n'));s.setTimeout(1500,()=>process.exit(1));s.on('data',d=>process.exit(String(d).startsWith('+PONG')?0:1));s.on('error',()=>process.exit(1));`;
  try {
    execFileSync(process.execPath, ['-e', probe], { stdio: 'ignore', timeout: 3000 });
    return true;
  } catch {
    return false;
  }
}

const redisUp = redisAnswers();
if (!redisUp && !IN_CI) {
  console.warn(`hub-scaleout.test.ts skipped: no Redis at ${REDIS_URL} (set REDIS_URL; under CI this fails instead).`);
}
const describeWithRedis = redisUp || IN_CI ? describe : describe.skip;

type OnlineCount = { onlineCount: number };
type Chat = { fromUserId: number; msg: string };

const serverDir = path.resolve(__dirname, '..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

type ServerProcess = { url: string; child: ChildProcess; output: string[] };

async function spawnServer(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const childEnv: NodeJS.ProcessEnv = { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' };
  if (!env.DATABASE_URL) delete childEnv.DATABASE_URL;
  // tsx as a loader (not its CLI, which runs the script in a grandchild): killing the child kills the server.
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], { cwd: serverDir, env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  const output: string[] = [];
  child.stdout?.on('data', (d: Buffer) => output.push(d.toString()));
  child.stderr?.on('data', (d: Buffer) => output.push(d.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited: ${output.join('')}`);
    try {
      // Up when the hub answers (401: no token).
      if ((await fetch(`${url}/hub/negotiate`, { method: 'POST' })).status === 401) return { url, child, output };
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error(`server did not start: ${output.join('')}`);
    await sleep(200);
  }
}

function stopProcess(proc: ServerProcess | undefined, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (!proc || proc.child.exitCode !== null || proc.child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => proc.child.kill('SIGKILL'), 10_000);
    proc.child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    proc.child.kill(signal);
  });
}

async function login(url: string, [username, password]: readonly [string, string]): Promise<string> {
  const res = await fetch(`${url}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  const body = (await res.json()) as { data: { LoginToken: string } };
  return body.data.LoginToken;
}

async function clearPrefix(prefix: string): Promise<void> {
  const redis = new Redis(REDIS_URL);
  try {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
  } finally {
    redis.disconnect();
  }
}

describeWithRedis('two server processes sharing Redis', () => {
  const prefix = `portal:test:${randomBytes(6).toString('hex')}:`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-scaleout-'));
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const schema = databaseUrl ? `t_${randomBytes(6).toString('hex')}` : undefined;
  let a: ServerProcess | undefined;
  let b: ServerProcess | undefined;
  const clients: HubConnection[] = [];

  const connect = async (proc: ServerProcess, token: string, transport: HttpTransportType, listen?: (c: HubConnection) => void): Promise<HubConnection> => {
    const connection = hubClient(proc.url, token, { transport });
    listen?.(connection);
    clients.push(connection);
    await connection.start();
    return connection;
  };

  beforeAll(async () => {
    if (databaseUrl && schema) {
      const pg = new Client({ connectionString: databaseUrl });
      await pg.connect();
      await pg.query(`CREATE SCHEMA ${schema}`);
      await pg.end();
    }
    const env: Record<string, string> = {
      DATA_DIR: dataDir,
      SHELL_DIST: path.join(dataDir, 'no-shell'),
      LOG_LEVEL: 'warn',
      SEED_DEMO: '1',
      REDIS_URL,
      HUB_REDIS_PREFIX: prefix,
      HUB_PRESENCE_TTL_MS: String(PRESENCE_TTL_MS),
      ...(databaseUrl && schema ? { DATABASE_URL: databaseUrl, DATABASE_SCHEMA: schema } : {}),
    };
    // One after the other: the first migrates and seeds the shared database.
    a = await spawnServer(env);
    b = await spawnServer(env);
  }, 180_000);

  afterAll(async () => {
    await Promise.all(clients.map((c) => c.stop()));
    await Promise.all([stopProcess(a), stopProcess(b)]);
    await clearPrefix(prefix);
    if (databaseUrl && schema) {
      const pg = new Client({ connectionString: databaseUrl });
      await pg.connect();
      await pg.query(`DROP SCHEMA ${schema} CASCADE`);
      await pg.end();
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('delivers messages across processes and agrees on who is online', async () => {
    if (!a || !b) throw new Error('servers not started');
    const adminToken = await login(a.url, DEMO.admin);
    const salesToken = await login(b.url, DEMO.sales);
    let counts!: EventQueue<OnlineCount>;
    let toAdmin!: EventQueue<Chat>;
    const admin = await connect(a, adminToken, HttpTransportType.WebSockets, (c) => {
      counts = new EventQueue<OnlineCount>(c, 'systemMessage');
      toAdmin = new EventQueue<Chat>(c, 'privateMessage');
    });
    expect(await counts.next()).toEqual({ onlineCount: 1 });

    let toSalesOnB!: EventQueue<Chat>;
    const salesOnB = await connect(b, salesToken, HttpTransportType.LongPolling, (c) => {
      toSalesOnB = new EventQueue<Chat>(c, 'privateMessage');
    });
    // The user who came online on B is announced to the client on A.
    expect(await counts.next()).toEqual({ onlineCount: 2 });

    const ids = async (c: HubConnection) => ((await c.invoke<{ UserID: number }[]>('getOnlinefriend')).map((u) => u.UserID) as number[]).sort();
    const adminId = (
      (await fetch(`${a.url}/api/user/GetUser`, { method: 'POST', headers: { authkey: adminToken } }).then((r) => r.json())) as { data: { UserID: number } }
    ).data.UserID;
    const salesId = (
      (await fetch(`${b.url}/api/user/GetUser`, { method: 'POST', headers: { authkey: salesToken } }).then((r) => r.json())) as { data: { UserID: number } }
    ).data.UserID;
    expect(await ids(admin)).toEqual([adminId, salesId].sort());
    expect(await ids(salesOnB)).toEqual([adminId, salesId].sort());

    expect(await admin.invoke('privateMessage', salesId, '来自A')).toBe(true);
    expect(await toSalesOnB.next()).toMatchObject({ fromUserId: adminId, msg: '来自A' });
    expect(await salesOnB.invoke('privateMessage', adminId, '来自B')).toBe(true);
    expect(await toAdmin.next()).toMatchObject({ fromUserId: salesId, msg: '来自B' });

    // A second tab of the same user on the other process: still two people online, no announcement.
    let toSalesOnA!: EventQueue<Chat>;
    const salesOnA = await connect(a, salesToken, HttpTransportType.WebSockets, (c) => {
      toSalesOnA = new EventQueue<Chat>(c, 'privateMessage');
    });
    expect(await counts.none(400)).toEqual([]);
    expect(await ids(salesOnA)).toEqual([adminId, salesId].sort());
    // Both tabs, on both processes, get the user's messages; the local one without Redis.
    await admin.invoke('privateMessage', salesId, '两个标签');
    expect((await toSalesOnA.next()).msg).toBe('两个标签');
    expect((await toSalesOnB.next()).msg).toBe('两个标签');

    await salesOnB.stop();
    expect(await counts.none(400)).toEqual([]);
    await salesOnA.stop();
    expect(await counts.next()).toEqual({ onlineCount: 1 });
    expect(await ids(admin)).toEqual([adminId]);
  });

  it("takes a crashed process's users offline everywhere after the presence TTL", async () => {
    if (!a || !b) throw new Error('servers not started');
    const adminToken = await login(a.url, DEMO.admin);
    const financeToken = await login(b.url, DEMO.finance);
    let counts!: EventQueue<OnlineCount>;
    const admin = await connect(a, adminToken, HttpTransportType.WebSockets, (c) => {
      counts = new EventQueue<OnlineCount>(c, 'systemMessage');
    });
    await connect(b, financeToken, HttpTransportType.WebSockets);
    await counts.next((m) => m.onlineCount === 2);
    expect(await admin.invoke('getOnlinefriend')).toHaveLength(2);

    const killedAt = Date.now();
    await stopProcess(b, 'SIGKILL');
    expect(await counts.next((m) => m.onlineCount === 1, PRESENCE_TTL_MS * 4)).toEqual({ onlineCount: 1 });
    expect(Date.now() - killedAt).toBeGreaterThanOrEqual(PRESENCE_TTL_MS / 2);
    expect(await admin.invoke('getOnlinefriend')).toHaveLength(1);
  });
});

describeWithRedis('two in-process servers on one Redis (server-side calls)', () => {
  const prefix = `portal:test:${randomBytes(6).toString('hex')}:`;
  let a: TestServer;
  let b: TestServer;
  const clients: HubConnection[] = [];

  beforeAll(async () => {
    const overrides = { redisUrl: REDIS_URL, hub: { ...loadHubConfig({}), redisPrefix: prefix } };
    a = await startHubServer({}, overrides);
    b = await startHubServer({}, overrides);
  }, 60_000);

  afterAll(async () => {
    await Promise.all(clients.map((c) => c.stop()));
    await closeHubServer(a);
    await closeHubServer(b);
    await clearPrefix(prefix);
  });

  it('closes a user on another process, and reaches a connection by id across processes', async () => {
    // Separate databases, same demo seed: the user ids match, the tokens are per server.
    const token = await b.login(...DEMO.sales);
    const salesId = (await currentUser(b, token)).UserID;
    const client = hubClient(b.url, token, { transport: HttpTransportType.WebSockets, reconnectDelays: [0, 100] });
    clients.push(client);
    const calls = new EventQueue<{ n: number }>(client, 'ping2');
    const closed = new Promise<void>((resolve) => client.onclose(() => resolve()));
    await client.start();
    await eventually(async () => (await hubOf(a).onlineCount()) >= 1, 5000, 'process A to see the user');
    expect((await hubOf(a).onlineUsers()).map((u) => u.UserID)).toContain(salesId);

    await hubOf(a).sendToConnection(client.connectionId as string, 'ping2', [{ n: 1 }]);
    expect(await calls.next()).toEqual({ n: 1 });
    await hubOf(a).broadcast('ping2', [{ n: 2 }]);
    expect(await calls.next()).toEqual({ n: 2 });

    // Another session of the same user, spared by exceptSessionId: only the first client closes.
    const otherToken = await b.login(...DEMO.sales);
    const other = hubClient(b.url, otherToken, { transport: HttpTransportType.LongPolling });
    clients.push(other);
    await other.start();
    const spared = await resolveActor(b.app.portal, otherToken);
    if (spared === 'invalid') throw new Error('session not found');
    await hubOf(a).disconnectUser(salesId, { exceptSessionId: spared.sessionId });
    await closed;
    expect(client.state).toBe(HubConnectionState.Disconnected);
    await sleep(200);
    expect(other.state).toBe(HubConnectionState.Connected);
  });
});
