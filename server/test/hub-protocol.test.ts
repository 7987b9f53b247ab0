/**
 * The hub's wire protocol, driven by hand (fetch and a bare WebSocket) where the official client
 * cannot show it: negotiate, status codes, handshake, record framing, message types, keep-alive.
 */
import http from 'node:http';
import { DEMO, type TestServer } from './harness';
import { closeHubServer, currentUser, eventually, hubOf, negotiate, RawHubSocket, replies, RS, sleep, startHubServer } from './hub-harness';

const TIMINGS = { keepAliveMs: 150, clientTimeoutMs: 700, handshakeTimeoutMs: 400, pollTimeoutMs: 800, pollDisconnectMs: 1200 };

let server: TestServer;
let admin: string;
let sales: string;
const sockets: RawHubSocket[] = [];

beforeAll(async () => {
  server = await startHubServer(TIMINGS, { corsOrigins: ['http://portal.example:3000'] });
  admin = await server.login(...DEMO.admin);
  sales = await server.login(...DEMO.sales);
});

afterEach(() => {
  for (const s of sockets.splice(0)) s.close();
});

afterAll(async () => {
  await closeHubServer(server);
});

async function connect(token = admin, handshake = true): Promise<RawHubSocket> {
  const socket = await RawHubSocket.connect(server.url, token, handshake);
  sockets.push(socket);
  return socket;
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function hubFetch(method: string, query: string, token: string | undefined, body?: string): Promise<{ status: number; text: string }> {
  const res = await fetch(`${server.url}/hub${query}`, {
    method,
    headers: { ...(token ? bearer(token) : {}), 'content-type': 'text/plain;charset=UTF-8' },
    body,
  });
  return { status: res.status, text: await res.text() };
}

describe('negotiate', () => {
  it('answers version 1 with a secret token and both transports, WebSockets first', async () => {
    const { status, body } = await negotiate(server.url, admin, 'negotiateVersion=1&useStatefulReconnect=true');
    expect(status).toBe(200);
    expect(Object.keys(body).sort()).toEqual(['availableTransports', 'connectionId', 'connectionToken', 'negotiateVersion']);
    expect(body.negotiateVersion).toBe(1);
    expect(body.connectionToken).not.toBe(body.connectionId);
    expect(body.availableTransports).toEqual([
      { transport: 'WebSockets', transferFormats: ['Text', 'Binary'] },
      { transport: 'LongPolling', transferFormats: ['Text', 'Binary'] },
    ]);
  });

  it('gives a client asking for a newer version the server maximum, and version 0 without a token', async () => {
    expect((await negotiate(server.url, admin, 'negotiateVersion=7')).body.negotiateVersion).toBe(1);
    const v0 = await negotiate(server.url, admin, '');
    expect(v0.body.negotiateVersion).toBe(0);
    expect(v0.body.connectionToken).toBeUndefined();
    // Version 0 clients connect with the connectionId.
    const socket = await RawHubSocket.open(server.url, `id=${String(v0.body.connectionId)}`, bearer(admin));
    sockets.push(socket);
    socket.send(`{"protocol":"json","version":1}${RS}`);
    expect(await socket.next()).toBe('{}');
  });

  it('reports a bad version as HTTP 200 with only an error', async () => {
    for (const query of ['negotiateVersion=abc', 'negotiateVersion=-1']) {
      const { status, body } = await negotiate(server.url, admin, query);
      expect(status).toBe(200);
      expect(Object.keys(body)).toEqual(['error']);
    }
  });

  it('refuses a missing, unknown or revoked token with 401', async () => {
    expect((await negotiate(server.url, undefined)).status).toBe(401);
    expect((await negotiate(server.url, 'f'.repeat(64))).status).toBe(401);
    const token = await server.login(...DEMO.finance);
    expect((await negotiate(server.url, token)).status).toBe(200);
    await server.post('/api/user/logout', {}, { token });
    expect((await negotiate(server.url, token)).status).toBe(401);
    // The token may come in the query instead of the header.
    expect((await negotiate(server.url, undefined, `negotiateVersion=1&access_token=${admin}`)).status).toBe(200);
  });

  it('answers other methods with 405', async () => {
    expect((await fetch(`${server.url}/hub/negotiate`, { headers: bearer(admin) })).status).toBe(405);
    expect((await hubFetch('PUT', '?id=x', admin, 'x')).status).toBe(405);
    expect((await hubFetch('PATCH', '', admin, 'x')).status).toBe(405);
  });

  it('allows the configured cross-origin clients (CORS_ORIGINS): preflight and echoed origin with credentials', async () => {
    const origin = 'http://portal.example:3000';
    const pre = await fetch(`${server.url}/hub/negotiate?negotiateVersion=1`, {
      method: 'OPTIONS',
      headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization,x-signalr-user-agent' },
    });
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-origin')).toBe(origin);
    expect(pre.headers.get('access-control-allow-credentials')).toBe('true');
    const allowed = pre.headers.get('access-control-allow-headers') ?? '';
    for (const h of ['authorization', 'content-type', 'x-requested-with', 'x-signalr-user-agent']) expect(allowed).toContain(h);
    const res = await negotiate(server.url, admin, 'negotiateVersion=1', { origin });
    expect(res.headers.get('access-control-allow-origin')).toBe(origin);
    expect(res.headers.get('access-control-allow-credentials')).toBe('true');
  });

  it('does not echo any other origin (issue #12)', async () => {
    for (const origin of ['http://evil.example', 'null', 'http://portal.example:3001']) {
      const pre = await fetch(`${server.url}/hub/negotiate?negotiateVersion=1`, {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'POST' },
      });
      expect(pre.headers.get('access-control-allow-origin')).toBeNull();
      expect(pre.headers.get('access-control-allow-credentials')).toBeNull();
      const res = await negotiate(server.url, admin, 'negotiateVersion=1', { origin });
      expect(res.headers.get('access-control-allow-origin')).toBeNull();
    }
    // The portal's own origin is always allowed.
    const own = await negotiate(server.url, admin, 'negotiateVersion=1', { origin: server.url });
    expect(own.headers.get('access-control-allow-origin')).toBe(server.url);
  });
});

describe('WebSocket transport', () => {
  it('refuses a missing id (400), an unknown id (404), a second socket (409), a bad token (401), another user (403)', async () => {
    await expect(RawHubSocket.open(server.url, '', bearer(admin))).rejects.toThrow('HTTP 400');
    await expect(RawHubSocket.open(server.url, 'id=nope', bearer(admin))).rejects.toThrow('HTTP 404');
    const { body } = await negotiate(server.url, admin);
    const id = `id=${String(body.connectionToken)}`;
    await expect(RawHubSocket.open(server.url, id, bearer('0'.repeat(64)))).rejects.toThrow('HTTP 401');
    await expect(RawHubSocket.open(server.url, id)).rejects.toThrow('HTTP 401');
    await expect(RawHubSocket.open(server.url, id, bearer(sales))).rejects.toThrow('HTTP 403');
    sockets.push(await RawHubSocket.open(server.url, `${id}&access_token=${admin}`));
    await expect(RawHubSocket.open(server.url, id, bearer(admin))).rejects.toThrow('HTTP 409');
  });

  it('answers a handshake for another protocol or version with an error and closes', async () => {
    for (const handshake of ['{"protocol":"messagepack","version":1}', '{"protocol":"json","version":2}', 'not json', '{"protocol":"json"}']) {
      const socket = await connect(admin, false);
      socket.send(`${handshake}${RS}`);
      const reply = JSON.parse(await socket.next()) as Record<string, unknown>;
      expect(typeof reply.error).toBe('string');
      expect(Object.keys(reply)).toEqual(['error']);
      expect((await socket.closed).code).toBe(1000);
    }
  });

  it('closes a socket whose handshake does not come in time', async () => {
    const socket = await connect(admin, false);
    const started = Date.now();
    await socket.closed;
    expect(Date.now() - started).toBeGreaterThanOrEqual(TIMINGS.handshakeTimeoutMs - 50);
  });

  it('splits several records in one frame (handshake included) and joins a record split over frames', async () => {
    const socket = await connect(admin, false);
    socket.send(
      `{"protocol":"json","version":1}${RS}{"type":1,"invocationId":"1","target":"getOnlinefriend","arguments":[]}${RS}{"type":6}${RS}{"type":1,"invocationId":"2","target":"GETONLINEFRIEND","arguments":[]}${RS}`,
    );
    expect(await socket.next()).toBe('{}');
    const completions = [await socket.nextMessage(), await socket.nextMessage()];
    expect(completions.map((c) => [c.type, c.invocationId])).toEqual([
      [3, '1'],
      [3, '2'],
    ]);
    expect(Array.isArray(completions[0].result)).toBe(true);
    socket.send('{"type":1,"invocationId":"3","tar');
    socket.send(`get":"getOnlinefriend","arguments":[]}${RS}`);
    expect(await socket.nextMessage()).toMatchObject({ type: 3, invocationId: '3' });
  });

  it('sends no Completion for an invocation without invocationId', async () => {
    const socket = await connect();
    socket.send(`{"type":1,"target":"getOnlinefriend","arguments":[]}${RS}{"type":1,"target":"noSuchMethod","arguments":[]}${RS}`);
    socket.send(`{"type":1,"invocationId":"9","target":"getOnlinefriend","arguments":[]}${RS}`);
    expect(await socket.nextMessage()).toMatchObject({ type: 3, invocationId: '9' });
  });

  it('answers unknown methods, wrong argument counts and streaming invocations with a Completion error', async () => {
    const socket = await connect();
    socket.send(`{"type":1,"invocationId":"a","target":"noSuchMethod","arguments":[]}${RS}`);
    const unknown = await socket.nextMessage();
    expect(unknown).toMatchObject({ type: 3, invocationId: 'a' });
    expect(unknown.error).toMatch(/noSuchMethod/);
    expect(unknown).not.toHaveProperty('result');
    socket.send(`{"type":1,"invocationId":"b","target":"privateMessage","arguments":[1]}${RS}`);
    expect((await socket.nextMessage()).error).toMatch(/1 argument/);
    socket.send(`{"type":4,"invocationId":"c","target":"getOnlinefriend","arguments":[]}${RS}`);
    expect((await socket.nextMessage()).error).toMatch(/streaming/);
    // Still connected.
    socket.send(`{"type":1,"invocationId":"d","target":"getOnlinefriend","arguments":[]}${RS}`);
    expect(await socket.nextMessage()).toMatchObject({ type: 3, invocationId: 'd' });
  });

  it('closes with a Close message on a malformed record', async () => {
    const socket = await connect();
    socket.send(`{"type":1,${RS}`);
    const close = await socket.nextMessage();
    expect(close.type).toBe(7);
    expect(typeof close.error).toBe('string');
    expect((await socket.closed).code).toBe(1000);
  });

  it('closes with a Close message when a record grows beyond the limit', async () => {
    const socket = await connect();
    socket.send(`{"type":1,"target":"privateMessage","arguments":[1,"${'长'.repeat(70_000)}`);
    const close = await socket.nextMessage();
    expect(close).toMatchObject({ type: 7 });
    expect(close.error).toMatch(/too large/);
    expect((await socket.closed).code).toBe(1000);
  });

  it('closes when the client sends Close', async () => {
    const socket = await connect();
    socket.send(`{"type":7}${RS}`);
    expect((await socket.closed).code).toBe(1000);
  });

  it('pings an idle client and keeps a pinging client, but drops a silent one with a reconnectable Close', async () => {
    const silent = await connect();
    const pinging = await connect(sales);
    const pinger = setInterval(() => pinging.send(`{"type":6}${RS}`), 150);
    try {
      expect(await silent.nextMessage(1000, (m) => m.type === 6)).toEqual({ type: 6 });
      const started = Date.now();
      const close = await silent.nextMessage(3000);
      expect(close).toMatchObject({ type: 7, allowReconnect: true });
      expect((await silent.closed).code).toBe(1000);
      expect(Date.now() - started).toBeLessThan(TIMINGS.clientTimeoutMs + 500);
      await sleep(TIMINGS.clientTimeoutMs);
      expect(pinging.socket.readyState).toBe(pinging.socket.OPEN);
    } finally {
      clearInterval(pinger);
    }
  });

  it('keeps a pinging client through a stall of the whole process (its pings wait unread meanwhile)', async () => {
    const pinging = await connect(sales);
    const pinger = setInterval(() => pinging.send(`{"type":6}${RS}`), 150);
    try {
      await sleep(300);
      const until = Date.now() + TIMINGS.clientTimeoutMs + 300;
      while (Date.now() < until); // the server's process (this one) does nothing else meanwhile
      await sleep(300);
      expect(pinging.socket.readyState).toBe(pinging.socket.OPEN);
    } finally {
      clearInterval(pinger);
    }
  });

  it('reports the user with the ShopID that api/user/GetUser computes', async () => {
    const socket = await connect(sales);
    socket.send(`{"type":1,"invocationId":"1","target":"getOnlinefriend","arguments":[]}${RS}`);
    const me = await currentUser(server, sales);
    const list = (await socket.nextMessage()).result as Record<string, unknown>[];
    expect(list).toContainEqual({ UserID: me.UserID, NickName: me.NickName, header: me.header, shopId: me.ShopID });
  });
});

describe('long polling transport', () => {
  async function start(token = admin): Promise<string> {
    const { body } = await negotiate(server.url, token);
    const id = `?id=${String(body.connectionToken)}`;
    const first = await hubFetch('GET', id, token);
    expect(first).toEqual({ status: 200, text: '' });
    return id;
  }

  it('answers the first poll empty at once, then delivers records; a held poll times out empty', async () => {
    const id = await start();
    expect((await hubFetch('POST', id, admin, `{"protocol":"json","version":1}${RS}`)).status).toBe(200);
    const handshake = await hubFetch('GET', id, admin);
    expect(handshake.status).toBe(200);
    expect(handshake.text.startsWith(`{}${RS}`)).toBe(true);
    const started = Date.now();
    expect(await hubFetch('GET', id, admin)).toEqual({ status: 200, text: '' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(TIMINGS.pollTimeoutMs - 50);
    // Two records in one POST; both answers come in one poll.
    const held = hubFetch('GET', id, admin);
    await hubFetch(
      'POST',
      id,
      admin,
      `{"type":1,"invocationId":"1","target":"getOnlinefriend","arguments":[]}${RS}{"type":1,"invocationId":"2","target":"getOnlinefriend","arguments":[]}${RS}`,
    );
    const answered = await held;
    expect(replies(answered.text).map((r) => r.invocationId)).toEqual(['1', '2']);
  });

  it('ends an older poll with 204 when a newer one arrives', async () => {
    const id = await start();
    await hubFetch('POST', id, admin, `{"protocol":"json","version":1}${RS}`);
    await hubFetch('GET', id, admin);
    const older = hubFetch('GET', id, admin);
    await sleep(100);
    const newer = hubFetch('GET', id, admin);
    expect((await older).status).toBe(204);
    await hubFetch('DELETE', id, admin);
    expect((await newer).status).toBe(204);
  });

  it('DELETE answers 202 and ends the held poll with 204; the id is then unknown', async () => {
    const id = await start();
    await hubFetch('POST', id, admin, `{"protocol":"json","version":1}${RS}`);
    await hubFetch('GET', id, admin);
    const held = hubFetch('GET', id, admin);
    await sleep(50);
    expect((await hubFetch('DELETE', id, admin)).status).toBe(202);
    expect((await held).status).toBe(204);
    expect((await hubFetch('GET', id, admin)).status).toBe(404);
  });

  it('refuses a missing id (400), an unknown id (404), a bad token (401), and a concurrent POST (409)', async () => {
    expect((await hubFetch('GET', '', admin)).status).toBe(400);
    expect((await hubFetch('POST', '', admin, 'x')).status).toBe(400);
    expect((await hubFetch('GET', '?id=nope', admin)).status).toBe(404);
    expect((await hubFetch('DELETE', '?id=nope', admin)).status).toBe(404);
    const id = await start();
    expect((await hubFetch('GET', id, '0'.repeat(64))).status).toBe(401);
    expect((await hubFetch('GET', id, sales)).status).toBe(403);
    // A POST whose body is still arriving holds the connection's send slot.
    const slow = http.request(`${server.url}/hub${id}`, {
      method: 'POST',
      headers: { ...bearer(admin), 'content-type': 'text/plain', 'transfer-encoding': 'chunked' },
    });
    const slowDone = new Promise<number>((resolve) => slow.on('response', (res) => resolve(res.statusCode ?? 0)));
    slow.write('{"protocol":"json",');
    await sleep(100);
    expect((await hubFetch('POST', id, admin, `{"type":6}${RS}`)).status).toBe(409);
    slow.end(`"version":1}${RS}`);
    expect(await slowDone).toBe(200);
    expect((await hubFetch('GET', id, admin)).text.startsWith(`{}${RS}`)).toBe(true);
    // A WebSocket cannot take over a long-polling connection.
    await expect(RawHubSocket.open(server.url, id.slice(1), bearer(admin))).rejects.toThrow('HTTP 400');
  });

  it('drops a client that stops polling', async () => {
    const hub = hubOf(server);
    const { body } = await negotiate(server.url, sales);
    const id = `?id=${String(body.connectionToken)}`;
    await hubFetch('GET', id, sales);
    await hubFetch('POST', id, sales, `{"protocol":"json","version":1}${RS}`);
    expect((await hubFetch('GET', id, sales)).text.startsWith(`{}${RS}`)).toBe(true);
    await eventually(() => hub.find(String(body.connectionToken)) === undefined, TIMINGS.pollDisconnectMs + 2000, 'the idle poller to be dropped');
    expect((await hubFetch('GET', id, sales)).status).toBe(404);
  });
});
