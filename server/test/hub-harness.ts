/**
 * Helpers for the realtime hub tests: a server with chosen hub timings, the official
 * @microsoft/signalr client, a raw WebSocket hub client, and queues to await pushed events.
 */
import {
  DefaultHttpClient,
  HttpClient,
  HttpError,
  HttpTransportType,
  HubConnectionBuilder,
  LogLevel,
  NullLogger,
  type HttpRequest,
  type HttpResponse,
  type HubConnection,
} from '@microsoft/signalr';
import WebSocket from 'ws';
import type { AppConfig } from '../src/config';
import { Hub } from '../src/hub/hub';
import { loadHubConfig, type HubTimings } from '../src/hub/hub-config';
import { startServer, type TestServer } from './harness';

export const RS = '\x1e';

export const TRANSPORTS = [
  ['WebSockets', HttpTransportType.WebSockets],
  ['LongPolling', HttpTransportType.LongPolling],
] as const;

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

export async function startHubServer(timings: Partial<HubTimings> = {}, overrides: Partial<AppConfig> = {}): Promise<TestServer> {
  const base = loadHubConfig({});
  return startServer({ hub: { ...base, timings: { ...base.timings, ...timings } }, ...overrides });
}

/**
 * Closes a hub test server. The official client's fetch (undici) opens a spare socket after it aborts
 * a poll and never sends a request on it; Node counts such a socket as busy until headersTimeout
 * (60 s), so app.close() would wait for it. Test servers cut it.
 */
export async function closeHubServer(server: TestServer): Promise<void> {
  const closing = server.close();
  server.app.server.closeAllConnections();
  await closing;
}

/** The hub behind ctx.realtime (the test talks to it as other services would). */
export function hubOf(server: TestServer): Hub {
  const hub = server.app.portal.realtime;
  if (!(hub instanceof Hub)) throw new Error('ctx.realtime is not the hub');
  return hub;
}

/** Polls until `check` holds (server-side effects of a client action arrive asynchronously). */
export async function eventually(check: () => boolean | Promise<boolean>, timeoutMs = 5000, what = 'condition'): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

/** Records every HTTP exchange of the official client (method, URL, status). */
export class RecordingHttpClient extends HttpClient {
  readonly exchanges: { method: string; url: string; status: number; body: string }[] = [];
  private readonly inner = new DefaultHttpClient(NullLogger.instance);

  override async send(request: HttpRequest): Promise<HttpResponse> {
    const method = request.method ?? '';
    const url = request.url ?? '';
    try {
      const response = await this.inner.send(request);
      this.exchanges.push({ method, url, status: response.statusCode, body: typeof response.content === 'string' ? response.content : '' });
      return response;
    } catch (err) {
      if (err instanceof HttpError) this.exchanges.push({ method, url, status: err.statusCode, body: '' });
      throw err;
    }
  }

  override getCookieString(url: string): string {
    return this.inner.getCookieString(url);
  }

  /** Exchanges with the connection endpoint itself (polls, sends, DELETE), not negotiate. */
  transportExchanges(): { method: string; url: string; status: number; body: string }[] {
    return this.exchanges.filter((e) => /\/hub\?/.test(e.url));
  }
}

export type ClientOptions = {
  transport?: HttpTransportType;
  /** Put the token in `?access_token=` instead of an accessTokenFactory (as a browser WebSocket does). */
  tokenInQuery?: boolean;
  reconnectDelays?: number[];
  httpClient?: HttpClient;
  serverTimeoutMs?: number;
  keepAliveMs?: number;
  url?: string;
};

/** The official client, not yet started. */
export function hubClient(serverUrl: string, token: string, options: ClientOptions = {}): HubConnection {
  const base = options.url ?? `${serverUrl}/hub`;
  const url = options.tokenInQuery ? `${base}?access_token=${encodeURIComponent(token)}` : base;
  let builder = new HubConnectionBuilder()
    .withUrl(url, {
      transport: options.transport,
      accessTokenFactory: options.tokenInQuery ? undefined : () => token,
      httpClient: options.httpClient,
    })
    .configureLogging(LogLevel.None);
  if (options.reconnectDelays) builder = builder.withAutomaticReconnect(options.reconnectDelays);
  if (options.serverTimeoutMs) builder = builder.withServerTimeout(options.serverTimeoutMs);
  if (options.keepAliveMs) builder = builder.withKeepAliveInterval(options.keepAliveMs);
  return builder.build();
}

/** Values pushed to one client method, awaitable in order. */
export class EventQueue<T = unknown> {
  private readonly items: T[] = [];
  private waiter: { resolve: (v: T) => void; predicate: (v: T) => boolean } | null = null;
  /** Everything received so far (consumed or not). */
  readonly all: T[] = [];

  constructor(connection: HubConnection, method: string) {
    connection.on(method, (value: T) => {
      this.all.push(value);
      if (this.waiter && this.waiter.predicate(value)) {
        const { resolve } = this.waiter;
        this.waiter = null;
        resolve(value);
      } else {
        this.items.push(value);
      }
      // Returning nothing: a value would be taken as a client result.
    });
  }

  /** The next value (matching `predicate`), skipping non-matching ones. */
  next(predicate: (v: T) => boolean = () => true, timeoutMs = 5000): Promise<T> {
    while (this.items.length > 0) {
      const value = this.items.shift() as T;
      if (predicate(value)) return Promise.resolve(value);
    }
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiter = null;
        reject(new Error(`no matching event within ${timeoutMs} ms`));
      }, timeoutMs);
      this.waiter = {
        predicate,
        resolve: (v) => {
          clearTimeout(timer);
          resolve(v);
        },
      };
    });
  }

  /** Nothing arrives within `ms` (to prove an event is NOT sent). */
  async none(ms: number): Promise<T[]> {
    await sleep(ms);
    const unexpected = [...this.items];
    this.items.length = 0;
    return unexpected;
  }
}

/** POST {hub}/negotiate the way the client does; returns status and body. */
export async function negotiate(
  serverUrl: string,
  token: string | undefined,
  query = 'negotiateVersion=1',
  headers: Record<string, string> = {},
): Promise<{ status: number; body: Record<string, unknown>; headers: Headers }> {
  const res = await fetch(`${serverUrl}/hub/negotiate${query ? `?${query}` : ''}`, {
    method: 'POST',
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
  });
  const text = await res.text();
  let body: Record<string, unknown> = {};
  try {
    body = JSON.parse(text) as Record<string, unknown>;
  } catch {
    /* empty */
  }
  return { status: res.status, body, headers: res.headers };
}

/** Records other than keep-alive Pings and online-count announcements. */
export const isReply = (message: Record<string, unknown>): boolean => message.type !== 6 && message.target !== 'systemMessage';

/** The records of a long-polling response body, without online-count announcements. */
export const replies = (body: string): Record<string, unknown>[] =>
  body
    .split(RS)
    .filter(Boolean)
    .map((r) => JSON.parse(r) as Record<string, unknown>)
    .filter(isReply);

/** A hub client over a bare WebSocket: sends raw text, reads records one by one. */
export class RawHubSocket {
  private buffer: string[] = [];
  private waiter: ((record: string) => void) | null = null;
  readonly closed: Promise<{ code: number }>;

  private constructor(readonly socket: WebSocket) {
    socket.on('message', (data: Buffer) => {
      for (const record of data.toString('utf8').split(RS)) {
        if (record === '') continue;
        if (this.waiter) {
          const w = this.waiter;
          this.waiter = null;
          w(record);
        } else this.buffer.push(record);
      }
    });
    this.closed = new Promise((resolve) => socket.on('close', (code: number) => resolve({ code })));
  }

  /** Opens the socket for a negotiated connection; rejects with the HTTP status when refused. */
  static open(serverUrl: string, query: string, headers: Record<string, string> = {}): Promise<RawHubSocket> {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(`${serverUrl.replace(/^http/, 'ws')}/hub${query ? `?${query}` : ''}`, { headers });
      socket.once('open', () => resolve(new RawHubSocket(socket)));
      socket.once('unexpected-response', (_req, res) => {
        reject(new Error(`HTTP ${res.statusCode}`));
        socket.terminate();
      });
      socket.once('error', (err) => reject(err));
    });
  }

  /** Negotiates with `token` and opens the socket; optionally completes the handshake. */
  static async connect(serverUrl: string, token: string, handshake = true): Promise<RawHubSocket> {
    const { body } = await negotiate(serverUrl, token);
    const raw = await RawHubSocket.open(serverUrl, `id=${String(body.connectionToken)}`, { authorization: `Bearer ${token}` });
    if (handshake) {
      raw.send(`{"protocol":"json","version":1}${RS}`);
      expect(await raw.next()).toBe('{}');
    }
    return raw;
  }

  send(text: string): void {
    this.socket.send(text);
  }

  /** The next record (as text). */
  next(timeoutMs = 3000): Promise<string> {
    const queued = this.buffer.shift();
    if (queued !== undefined) return Promise.resolve(queued);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiter = null;
        reject(new Error(`no record within ${timeoutMs} ms`));
      }, timeoutMs);
      this.waiter = (record) => {
        clearTimeout(timer);
        resolve(record);
      };
    });
  }

  /** The next record `accept`s (by default: not a Ping, not a systemMessage announcement), parsed. */
  async nextMessage(timeoutMs = 3000, accept: (message: Record<string, unknown>) => boolean = isReply): Promise<Record<string, unknown>> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const message = JSON.parse(await this.next(Math.max(1, deadline - Date.now()))) as Record<string, unknown>;
      if (accept(message)) return message;
    }
  }

  close(): void {
    this.socket.terminate();
  }
}

/** A user's id from api/user/GetUser (with the ShopID the hub must report as shopId). */
export async function currentUser(server: TestServer, token: string): Promise<{ UserID: number; NickName: string; header: string; ShopID: number }> {
  const res = await server.post<{ data: { UserID: number; NickName: string; header: string; ShopID: number } }>('/api/user/GetUser', {}, { token });
  return res.body.data;
}
