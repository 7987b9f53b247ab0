/**
 * The hub with the official @microsoft/signalr client (the one the portal's shell uses), over
 * WebSockets and over long polling: invoke, pushes, presence, errors, Close and reconnect.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { HttpTransportType, HubConnectionState, type HubConnection } from '@microsoft/signalr';
import { resolveActor } from '../src/modules/auth/session/session.service';
import { DEMO, type TestServer } from './harness';
import {
  closeHubServer,
  currentUser,
  eventually,
  EventQueue,
  hubClient,
  hubOf,
  RecordingHttpClient,
  sleep,
  startHubServer,
  TRANSPORTS,
  type ClientOptions,
} from './hub-harness';

type OnlineCount = { onlineCount: number };
type Chat = { fromUserId: number; NickName: string; header: string; msg: string; addtime: string };

let server: TestServer;
const tokens: Record<'admin' | 'sales' | 'manager', string> = { admin: '', sales: '', manager: '' };
const ids: Record<'admin' | 'sales' | 'manager', number> = { admin: 0, sales: 0, manager: 0 };
const open: HubConnection[] = [];

beforeAll(async () => {
  // Short polls keep the long-polling cases quick; the other timings are the defaults.
  server = await startHubServer({ pollTimeoutMs: 1000 });
  for (const who of ['admin', 'sales', 'manager'] as const) {
    const [username, password] = DEMO[who];
    tokens[who] = await server.login(username, password);
    ids[who] = (await currentUser(server, tokens[who])).UserID;
  }
});

afterEach(async () => {
  await Promise.all(open.splice(0).map((c) => c.stop()));
  // Each case starts with nobody online.
  await eventually(async () => (await hubOf(server).onlineCount()) === 0, 5000, 'everyone to be offline');
});

afterAll(async () => {
  await closeHubServer(server);
});

function client(who: keyof typeof tokens, options: ClientOptions = {}): HubConnection {
  const connection = hubClient(server.url, tokens[who], options);
  open.push(connection);
  return connection;
}

describe.each(TRANSPORTS)('over %s', (_name, transport) => {
  const connect = async (who: keyof typeof tokens, options: ClientOptions = {}): Promise<HubConnection> => {
    const connection = client(who, { transport, ...options });
    await connection.start();
    return connection;
  };

  it('connects with a bearer token and lists the online users once each, with their shopId', async () => {
    const a = await connect('admin');
    await connect('sales');
    await connect('sales');
    const users = await a.invoke<Record<string, unknown>[]>('getOnlinefriend');
    const me = await currentUser(server, tokens.admin);
    expect(users).toHaveLength(2);
    expect(users).toContainEqual({ UserID: me.UserID, NickName: me.NickName, header: me.header, shopId: me.ShopID });
    expect(users.map((u) => u.UserID).sort()).toEqual([ids.admin, ids.sales].sort());
  });

  it('connects with access_token in the query, and refuses a bad token', async () => {
    const a = await connect('admin', { tokenInQuery: true });
    expect(await a.invoke('getOnlinefriend')).toHaveLength(1);
    const bad = hubClient(server.url, 'f'.repeat(64), { transport, tokenInQuery: true });
    await expect(bad.start()).rejects.toThrow(/401/);
  });

  it('delivers privateMessage to every tab of the recipient (handler names are case-insensitive)', async () => {
    const a = await connect('admin');
    const tab1 = client('sales', { transport });
    const tab2 = client('sales', { transport });
    const got1 = new EventQueue<Chat>(tab1, 'privatemessage');
    const got2 = new EventQueue<Chat>(tab2, 'PrivateMessage');
    const echo = new EventQueue<Chat>(a, 'privateMessage');
    await Promise.all([tab1.start(), tab2.start()]);
    expect(await a.invoke('privateMessage', ids.sales, '  下午三点开会 ')).toBe(true);
    for (const received of [await got1.next(), await got2.next()]) {
      expect(received).toEqual({
        fromUserId: ids.admin,
        NickName: '系统管理员',
        header: expect.any(String),
        msg: '下午三点开会',
        addtime: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
      });
    }
    expect(await echo.none(200)).toEqual([]);
  });

  it('announces the online count when a user first comes and last goes; a second tab counts once', async () => {
    const a = client('admin', { transport });
    const counts = new EventQueue<OnlineCount>(a, 'systemMessage');
    await a.start();
    expect(await counts.next()).toEqual({ onlineCount: 1 });
    const tab1 = await connect('sales');
    expect(await counts.next()).toEqual({ onlineCount: 2 });
    const tab2 = await connect('sales');
    expect(await counts.none(300)).toEqual([]);
    expect(await hubOf(server).onlineCount()).toBe(2);
    await tab2.stop();
    expect(await counts.none(300)).toEqual([]);
    await tab1.stop();
    expect(await counts.next()).toEqual({ onlineCount: 1 });
    expect(await a.invoke('getOnlinefriend')).toHaveLength(1);
  });

  it('rejects invoke with the hub error, and the connection stays usable', async () => {
    const a = await connect('admin');
    await expect(a.invoke('privateMessage', ids.sales, '长'.repeat(301))).rejects.toThrow('消息内容不能超过300个字符');
    await expect(a.invoke('privateMessage', ids.sales, '   ')).rejects.toThrow('消息内容不能为空');
    await expect(a.invoke('privateMessage', 'abc', '你好')).rejects.toThrow('接收人不正确');
    await expect(a.invoke('privateMessage', 999999, '你好')).rejects.toThrow('接收人不存在');
    await expect(a.invoke('noSuchMethod')).rejects.toThrow(/noSuchMethod/);
    expect(await a.invoke('privateMessage', ids.sales, '长'.repeat(300))).toBe(true);
    expect(a.state).toBe(HubConnectionState.Connected);
  });

  it('runs a fire-and-forget send (no Completion expected)', async () => {
    const a = await connect('admin');
    const s = client('sales', { transport });
    const got = new EventQueue<Chat>(s, 'privateMessage');
    await s.start();
    await a.send('privateMessage', ids.sales, '收到请回复');
    expect((await got.next()).msg).toBe('收到请回复');
    // A failing send is silent too; the connection carries on.
    await a.send('privateMessage', ids.sales, '');
    expect(await a.invoke('getOnlinefriend')).toHaveLength(2);
  });

  it('ends the client for good on Close without allowReconnect', async () => {
    const s = client('sales', { transport, reconnectDelays: [0, 100] });
    let reconnecting = 0;
    s.onreconnecting(() => void reconnecting++);
    const closed = new Promise<Error | undefined>((resolve) => s.onclose(resolve));
    await s.start();
    await hubOf(server).disconnectUser(ids.sales);
    await closed;
    await sleep(300);
    expect(reconnecting).toBe(0);
    expect(s.state).toBe(HubConnectionState.Disconnected);
    expect(await hubOf(server).onlineCount()).toBe(0);
  });

  it('reconnects (new negotiate, new connection id) on Close with allowReconnect', async () => {
    const s = client('sales', { transport, reconnectDelays: [0, 100, 500] });
    await s.start();
    const before = s.connectionId;
    const reconnected = new Promise<string | undefined>((resolve) => s.onreconnected(resolve));
    await hubOf(server).disconnectUser(ids.sales, { allowReconnect: true });
    const after = await reconnected;
    expect(after).toBeTruthy();
    expect(after).not.toBe(before);
    expect(await s.invoke('getOnlinefriend')).toHaveLength(1);
  });

  it('reconnects automatically after the server drops the connection without a word', async () => {
    const s = client('sales', { transport, reconnectDelays: [0, 100, 500] });
    await s.start();
    const reconnected = new Promise<string | undefined>((resolve) => s.onreconnected(resolve));
    expect(hubOf(server).abortConnection(s.connectionId as string)).toBe(true);
    expect(await reconnected).not.toBe(undefined);
    expect(s.state).toBe(HubConnectionState.Connected);
    expect(await s.invoke('getOnlinefriend')).toHaveLength(1);
  });
});

describe('closing a user from the server', () => {
  it('spares the session named by exceptSessionId', async () => {
    const otherToken = await server.login(...DEMO.sales);
    const kept = client('sales');
    const other = hubClient(server.url, otherToken, { transport: HttpTransportType.LongPolling });
    open.push(other);
    const otherClosed = new Promise<void>((resolve) => other.onclose(() => resolve()));
    await Promise.all([kept.start(), other.start()]);
    const actor = await resolveActor(server.app.portal, tokens.sales);
    if (actor === 'invalid') throw new Error('session not found');
    await hubOf(server).disconnectUser(ids.sales, { exceptSessionId: actor.sessionId });
    await otherClosed;
    await sleep(200);
    expect(kept.state).toBe(HubConnectionState.Connected);
    expect(await hubOf(server).onlineCount()).toBe(1);
  });
});

describe('long polling with the official client', () => {
  it('polls again after an empty timeout, receives pushes, and stop() sends DELETE (202)', async () => {
    const recorder = new RecordingHttpClient();
    const s = client('sales', { transport: HttpTransportType.LongPolling, httpClient: recorder });
    const got = new EventQueue<Chat>(s, 'privateMessage');
    await s.start();
    const first = recorder.transportExchanges()[0];
    expect(first).toMatchObject({ method: 'GET', status: 200, body: '' });
    // Held polls time out empty (pollTimeoutMs 1000) and are reissued: the first and two more, which
    // take ~2 s on a quiet machine (waited for rather than slept: a loaded CI machine is slower).
    const emptyPolls = () => recorder.transportExchanges().filter((e) => e.method === 'GET' && e.status === 200 && e.body === '');
    await eventually(() => emptyPolls().length >= 3, 10_000, 'three empty polls');
    expect(emptyPolls().length).toBeGreaterThanOrEqual(3);
    await hubOf(server).sendToUser(ids.sales, 'privateMessage', [{ msg: '推送' }]);
    expect((await got.next()).msg).toBe('推送');
    const connectionId = s.connectionId as string;
    await s.stop();
    expect(
      recorder
        .transportExchanges()
        .filter((e) => e.method === 'DELETE')
        .map((e) => e.status),
    ).toEqual([202]);
    expect(hubOf(server).abortConnection(connectionId)).toBe(false);
  });
});

describe('WebSockets refused', () => {
  it('falls back to long polling when a proxy blocks WebSockets', async () => {
    // A proxy that passes HTTP but refuses every upgrade, as some corporate proxies do.
    const target = new URL(server.url);
    const proxy = http.createServer((req, res) => {
      const upstream = http.request({ host: target.hostname, port: target.port, path: req.url, method: req.method, headers: req.headers }, (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      });
      req.pipe(upstream);
    });
    proxy.on('upgrade', (_req, socket) => socket.end('HTTP/1.1 403 Forbidden\r\nContent-Length: 0\r\n\r\n'));
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    const proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
    try {
      const recorder = new RecordingHttpClient();
      const s = client('sales', { url: `${proxyUrl}/hub`, httpClient: recorder });
      await s.start();
      expect(await s.invoke('getOnlinefriend')).toHaveLength(1);
      // Negotiated twice (the client renegotiates before the next transport), then polled.
      expect(recorder.exchanges.filter((e) => e.url.includes('/negotiate'))).toHaveLength(2);
      expect(recorder.transportExchanges().some((e) => e.method === 'GET' && e.status === 200)).toBe(true);
      await s.stop();
    } finally {
      proxy.closeAllConnections();
      await new Promise<void>((resolve) => proxy.close(() => resolve()));
    }
  });
});

describe('keep-alive', () => {
  let fast: TestServer;
  beforeAll(async () => {
    fast = await startHubServer({ keepAliveMs: 100, clientTimeoutMs: 1000 });
  });
  afterAll(async () => {
    await closeHubServer(fast);
  });

  it('keeps an idle WebSocket client connected with server pings', async () => {
    const token = await fast.login(...DEMO.admin);
    // Without the server's pings this client would give up after 600 ms of silence.
    const c = hubClient(fast.url, token, { transport: HttpTransportType.WebSockets, serverTimeoutMs: 600, keepAliveMs: 200 });
    let closedWith: Error | undefined | 'open' = 'open';
    c.onclose((err) => {
      closedWith = err;
    });
    await c.start();
    await sleep(2000);
    expect(closedWith).toBe('open');
    expect(c.state).toBe(HubConnectionState.Connected);
    expect(await c.invoke('getOnlinefriend')).toHaveLength(1);
    await c.stop();
  });
});

describe('sessions ended over HTTP end their realtime connections', () => {
  it('api/user/RevokeSessions closes the user’s connections and their reconnect is refused', async () => {
    const revoked = hubClient(server.url, tokens.sales, { reconnectDelays: [0, 100] });
    open.push(revoked);
    const closed = new Promise<Error | undefined>((resolve) => revoked.onclose(resolve));
    await revoked.start();
    expect(await hubOf(server).onlineCount()).toBe(1);
    const res = await server.post('/api/user/RevokeSessions', { id: ids.sales }, { token: tokens.admin });
    expect(res.body.result).toBe('success');
    // allowReconnect: the client reconnects at once with the revoked key, is refused, and gives up.
    await closed;
    expect(revoked.state).toBe(HubConnectionState.Disconnected);
    expect(await hubOf(server).onlineCount()).toBe(0);
    tokens.sales = await server.login(...DEMO.sales);
  });
});
