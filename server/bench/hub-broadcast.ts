/**
 * Realtime hub broadcast benchmark: N concurrent WebSocket clients (default 2,000) on one server
 * process, broadcast latency p50 / p99 / max, memory per connection, against a bare `ws` server
 * sending the same bytes in the same run. Goal: the hub within 2x of bare ws.
 *
 *   pnpm --filter @portal/server bench:hub
 *
 * BENCH_HUB_CLIENTS (2000), BENCH_HUB_ROUNDS (20 measured, after 3 warm-up), BENCH_HUB_PAYLOAD
 * (characters of padding in each message, 120). Both servers run in child processes (with
 * --expose-gc, memory measured there after a full GC); this process is the load generator: raw
 * `ws` clients (negotiate + handshake for the hub) that read the send time out of each message.
 * Rounds alternate between the two servers so that a busy machine slows both alike.
 * It prints figures; it is not a test.
 */
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import WebSocket, { WebSocketServer } from 'ws';
import { createApp } from '../src/app';
import { loadConfig, type AppConfig } from '../src/config';
import { Hub } from '../src/hub/hub';
import { invocationFrame } from '../src/hub/protocol';
import { quantile } from './measure';

const CLIENTS = Number(process.env.BENCH_HUB_CLIENTS ?? 2000);
const ROUNDS = Number(process.env.BENCH_HUB_ROUNDS ?? 20);
const WARMUP_ROUNDS = 3;
const PAD = 'x'.repeat(Number(process.env.BENCH_HUB_PAYLOAD ?? 120));
const CONNECT_CONCURRENCY = 50;
const RS = '\x1e';

type Role = 'hub' | 'bare';
type Memory = { rss: number; heapUsed: number; external: number; connections: number };
type ToChild = { kind: 'memory' } | { kind: 'broadcast' } | { kind: 'stop' };
/** `ms`: how long the server's broadcast call took (serialise once, write to every socket). */
type FromChild = { kind: 'ready'; port: number } | ({ kind: 'memory' } & Memory) | { kind: 'sent'; ms: number };

/** Wall-clock milliseconds with sub-millisecond precision, comparable across processes. */
const now = (): number => performance.timeOrigin + performance.now();

// ---- server side (child processes) ----------------------------------------------------------------

function send(message: FromChild): void {
  process.send?.(message);
}

function memory(connections: number): Memory {
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  gc?.();
  const m = process.memoryUsage();
  return { rss: m.rss, heapUsed: m.heapUsed, external: m.external, connections };
}

async function runHub(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-hub-'));
  const base = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  // No keep-alive traffic during the measurement (the bare server has none either).
  const config: AppConfig = {
    ...base,
    databaseUrl: undefined,
    redisUrl: undefined,
    shellDist: path.join(dataDir, 'no-shell'),
    hub: { ...base.hub, timings: { ...base.hub.timings, keepAliveMs: 600_000, clientTimeoutMs: 600_000 } },
  };
  const app = await createApp(config, { logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const hub = app.portal.realtime;
  if (!(hub instanceof Hub)) throw new Error('no hub');
  process.on('message', (message: ToChild) => {
    if (message.kind === 'memory') send({ kind: 'memory', ...memory(hub.connectionCount) });
    else if (message.kind === 'broadcast') {
      const started = now();
      void hub.broadcast('bench', [{ t: started, pad: PAD }]).then(() => send({ kind: 'sent', ms: now() - started }));
    } else if (message.kind === 'stop') {
      void app.close().finally(() => {
        fs.rmSync(dataDir, { recursive: true, force: true });
        process.exit(0);
      });
    }
  });
  send({ kind: 'ready', port: (app.server.address() as { port: number }).port });
}

async function runBare(): Promise<void> {
  const server = http.createServer((_req, res) => res.writeHead(404).end());
  const wss = new WebSocketServer({ noServer: true, perMessageDeflate: false });
  server.on('upgrade', (req, socket, head) => wss.handleUpgrade(req, socket, head, (ws) => ws.on('message', () => undefined)));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const text = { binary: false } as const;
  process.on('message', (message: ToChild) => {
    if (message.kind === 'memory') send({ kind: 'memory', ...memory(wss.clients.size) });
    else if (message.kind === 'broadcast') {
      // The same bytes the hub sends: one serialisation, one Buffer, written to every socket.
      const started = now();
      const frame = Buffer.from(invocationFrame('bench', [{ t: started, pad: PAD }]));
      for (const ws of wss.clients) ws.send(frame, text);
      send({ kind: 'sent', ms: now() - started });
    } else if (message.kind === 'stop') {
      for (const ws of wss.clients) ws.terminate();
      server.close(() => process.exit(0));
    }
  });
  send({ kind: 'ready', port: (server.address() as { port: number }).port });
}

// ---- load generator (parent) ----------------------------------------------------------------------

class ServerChild {
  private waiting: ((m: FromChild) => void) | null = null;
  readonly child: ChildProcess;
  url = '';

  constructor(readonly role: Role) {
    this.child = fork(__filename, [`--role=${role}`], { execArgv: ['--expose-gc', '--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    this.child.on('message', (m: FromChild) => {
      const w = this.waiting;
      this.waiting = null;
      w?.(m);
    });
  }

  request(message: ToChild | null): Promise<FromChild> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${this.role} server did not answer`)), 120_000);
      this.waiting = (m) => {
        clearTimeout(timer);
        resolve(m);
      };
      if (message) this.child.send(message);
    });
  }

  async start(): Promise<void> {
    const ready = await this.request(null);
    if (ready.kind !== 'ready') throw new Error('unexpected message');
    this.url = `http://127.0.0.1:${ready.port}`;
  }

  async memory(): Promise<Memory> {
    const m = await this.request({ kind: 'memory' });
    if (m.kind !== 'memory') throw new Error('unexpected message');
    return m;
  }
}

/** Latencies of the current round, filled by every client's message handler. */
class Round {
  latencies: number[] = [];
  private done: (() => void) | null = null;
  expected = 0;

  start(expected: number): Promise<void> {
    this.latencies = [];
    this.expected = expected;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`round incomplete: ${this.latencies.length}/${expected}`)), 30_000);
      this.done = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }

  record(text: string): void {
    const at = now();
    const i = text.indexOf('"t":');
    if (i === -1 || !text.includes('"target":"bench"')) return;
    this.latencies.push(at - parseFloat(text.slice(i + 4)));
    if (this.latencies.length === this.expected) this.done?.();
  }
}

async function openHubClient(base: string, token: string, round: Round): Promise<WebSocket> {
  const res = await fetch(`${base}/hub/negotiate?negotiateVersion=1`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
  const { connectionToken } = (await res.json()) as { connectionToken: string };
  const ws = new WebSocket(`${base.replace(/^http/, 'ws')}/hub?id=${encodeURIComponent(connectionToken)}`, {
    headers: { authorization: `Bearer ${token}` },
    perMessageDeflate: false,
  });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => ws.send(`{"protocol":"json","version":1}${RS}`));
    ws.once('message', (data: Buffer) => (data.toString().startsWith(`{}${RS}`) ? resolve() : reject(new Error(`handshake: ${data.toString()}`))));
    ws.once('error', reject);
  });
  ws.on('message', (data: Buffer) => round.record(data.toString()));
  return ws;
}

async function openBareClient(base: string, round: Round): Promise<WebSocket> {
  const ws = new WebSocket(`${base.replace(/^http/, 'ws')}/`, { perMessageDeflate: false });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  ws.on('message', (data: Buffer) => round.record(data.toString()));
  return ws;
}

async function connectAll(open: () => Promise<WebSocket>): Promise<{ sockets: WebSocket[]; ms: number }> {
  const sockets: WebSocket[] = [];
  const started = performance.now();
  for (let i = 0; i < CLIENTS; i += CONNECT_CONCURRENCY) {
    const batch = Math.min(CONNECT_CONCURRENCY, CLIENTS - i);
    sockets.push(...(await Promise.all(Array.from({ length: batch }, open))));
  }
  return { sockets, ms: performance.now() - started };
}

async function login(base: string): Promise<string> {
  const res = await fetch(`${base}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: 'admin123' }),
  });
  const body = (await res.json()) as { data?: { LoginToken: string }; msg?: string };
  if (!body.data) throw new Error(`login failed: ${body.msg}`);
  return body.data.LoginToken;
}

type Result = { name: string; connectMs: number; latencies: number[]; lastClient: number[]; sendLoop: number[]; perConnRss: number; perConnHeap: number };

async function main(): Promise<void> {
  process.stdout.write(`hub broadcast benchmark: ${CLIENTS} WebSocket clients, ${ROUNDS} rounds (+${WARMUP_ROUNDS} warm-up), ${PAD.length}-char padding\n`);
  const hub = new ServerChild('hub');
  const bare = new ServerChild('bare');
  await Promise.all([hub.start(), bare.start()]);
  const token = await login(hub.url);
  const [hubBefore, bareBefore] = [await hub.memory(), await bare.memory()];

  const hubRound = new Round();
  const bareRound = new Round();
  const hubClients = await connectAll(() => openHubClient(hub.url, token, hubRound));
  const bareClients = await connectAll(() => openBareClient(bare.url, bareRound));
  await new Promise((resolve) => setTimeout(resolve, 500));
  const [hubAfter, bareAfter] = [await hub.memory(), await bare.memory()];
  if (hubAfter.connections !== CLIENTS || bareAfter.connections !== CLIENTS)
    throw new Error(`connected ${hubAfter.connections} / ${bareAfter.connections} of ${CLIENTS}`);

  const results: Record<Role, Result> = {
    hub: {
      name: 'hub (SignalR JSON)',
      connectMs: hubClients.ms,
      latencies: [],
      lastClient: [],
      sendLoop: [],
      perConnRss: (hubAfter.rss - hubBefore.rss) / CLIENTS,
      perConnHeap: (hubAfter.heapUsed + hubAfter.external - hubBefore.heapUsed - hubBefore.external) / CLIENTS,
    },
    bare: {
      name: 'bare ws',
      connectMs: bareClients.ms,
      latencies: [],
      lastClient: [],
      sendLoop: [],
      perConnRss: (bareAfter.rss - bareBefore.rss) / CLIENTS,
      perConnHeap: (bareAfter.heapUsed + bareAfter.external - bareBefore.heapUsed - bareBefore.external) / CLIENTS,
    },
  };
  const runRound = async (role: Role, measured: boolean) => {
    const child = role === 'hub' ? hub : bare;
    const round = role === 'hub' ? hubRound : bareRound;
    const complete = round.start(CLIENTS);
    const sent = child.request({ kind: 'broadcast' });
    await complete;
    const reply = await sent;
    if (measured) {
      if (reply.kind === 'sent') results[role].sendLoop.push(reply.ms);
      results[role].latencies.push(...round.latencies);
      results[role].lastClient.push(Math.max(...round.latencies));
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  };
  for (let i = 0; i < WARMUP_ROUNDS + ROUNDS; i++) {
    const measured = i >= WARMUP_ROUNDS;
    // Alternate which server goes first.
    for (const role of i % 2 === 0 ? (['hub', 'bare'] as const) : (['bare', 'hub'] as const)) await runRound(role, measured);
  }

  for (const ws of [...hubClients.sockets, ...bareClients.sockets]) ws.terminate();
  hub.child.send({ kind: 'stop' } satisfies ToChild);
  bare.child.send({ kind: 'stop' } satisfies ToChild);

  const row = (r: Result) => {
    const sorted = [...r.latencies].sort((a, b) => a - b);
    const last = [...r.lastClient].sort((a, b) => a - b);
    const loop = [...r.sendLoop].sort((a, c) => a - c);
    return {
      p50: quantile(sorted, 0.5),
      p99: quantile(sorted, 0.99),
      max: sorted[sorted.length - 1],
      allP50: quantile(last, 0.5),
      loopP50: quantile(loop, 0.5),
      rssKb: r.perConnRss / 1024,
      heapKb: r.perConnHeap / 1024,
      connectS: r.connectMs / 1000,
    };
  };
  const h = row(results.hub);
  const b = row(results.bare);
  const f = (n: number, digits = 2) => n.toFixed(digits).padStart(9);
  const lines = [
    '',
    '| server             | p50 ms    | p99 ms    | max ms    | all-reached p50 ms | send loop p50 ms | RSS/conn KB | heap+ext/conn KB | connect all s |',
    '|--------------------|-----------|-----------|-----------|--------------------|------------------|-------------|------------------|---------------|',
    `| ${results.hub.name.padEnd(18)} | ${f(h.p50)} | ${f(h.p99)} | ${f(h.max)} | ${f(h.allP50).padStart(18)} | ${f(h.loopP50).padStart(16)} | ${f(h.rssKb, 1).padStart(11)} | ${f(h.heapKb, 1).padStart(16)} | ${f(h.connectS).padStart(13)} |`,
    `| ${results.bare.name.padEnd(18)} | ${f(b.p50)} | ${f(b.p99)} | ${f(b.max)} | ${f(b.allP50).padStart(18)} | ${f(b.loopP50).padStart(16)} | ${f(b.rssKb, 1).padStart(11)} | ${f(b.heapKb, 1).padStart(16)} | ${f(b.connectS).padStart(13)} |`,
    `| ratio hub / bare   | ${f(h.p50 / b.p50)} | ${f(h.p99 / b.p99)} | ${f(h.max / b.max)} | ${f(h.allP50 / b.allP50).padStart(18)} | ${f(h.loopP50 / b.loopP50).padStart(16)} | ${f(h.rssKb / b.rssKb).padStart(11)} | ${f(h.heapKb / b.heapKb).padStart(16)} |               |`,
    '',
    `latency: from the server's send call to each client's message event, ${CLIENTS} clients x ${ROUNDS} rounds per server;`,
    `"all-reached": time until the last of the ${CLIENTS} clients had the message (median over rounds);`,
    '"send loop": time of the server\'s broadcast call itself (serialise once, write to every socket).',
    `memory: server process after full GC, (with clients - before clients) / ${CLIENTS}; hub connections negotiate over HTTP first.`,
    `goal: hub within 2x of bare ws -> latency p50 ${h.p50 / b.p50 <= 2 ? 'met' : 'NOT met'}, p99 ${h.p99 / b.p99 <= 2 ? 'met' : 'NOT met'}.`,
    '',
  ];
  process.stdout.write(lines.join('\n'));
}

const role = process.argv.find((a) => a.startsWith('--role='))?.slice('--role='.length);
const run = role === 'hub' ? runHub : role === 'bare' ? runBare : main;
run().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
