/**
 * The hub's HTTP face (aspnetcore `TransportProtocols.md`): negotiate, long polling (GET poll, POST
 * send, DELETE), the WebSocket upgrade on the raw HTTP server, CORS, and the status codes the
 * official client relies on.
 */
import { NegotiateReply } from '@portal/shared-contract';
import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import { WebSocketServer, type RawData } from 'ws';
import { failure } from '../http/envelope';
import type { RouteDeclaration } from '../http/route';
import { MSG_LOGIN_EXPIRED, MSG_LOGIN_REQUIRED } from '../http/errors';
import { LongPollingTransport, WebSocketTransport, type HubConnection, type HubUser } from './connection';
import { MAX_MESSAGE_CHARS, type Hub } from './hub';
import { isAllowedOrigin } from '../http/cors-origins';

export type HubAuth = {
  /** The full user for a new connection (negotiate); null when the token is unknown, expired or revoked. */
  authenticate(token: string): Promise<HubUser | null>;
  /** The user id behind a token on later requests; null when it is no longer valid. */
  userIdOf(token: string): Promise<number | null>;
};

const SUPPORTED_NEGOTIATE_VERSION = 1;
const AVAILABLE_TRANSPORTS = [
  { transport: 'WebSockets', transferFormats: ['Text', 'Binary'] },
  { transport: 'LongPolling', transferFormats: ['Text', 'Binary'] },
];
const CORS_ALLOWED_HEADERS = 'authorization, content-type, x-requested-with, x-signalr-user-agent';
/** How long a closing server waits for WebSocket close handshakes before cutting the sockets. */
const CLOSE_GRACE_MS = 500;

type Query = Record<string, string | string[] | undefined>;

const first = (value: string | string[] | undefined): string | undefined => (Array.isArray(value) ? value[0] : value);

/**
 * `Authorization: Bearer <token>` (fetch, Node's WebSocket), `?access_token=` (browser WebSocket), or
 * the API's own `authkey` header.
 */
function tokenOf(headers: IncomingHttpHeaders, queryToken: string | undefined | null): string | undefined {
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(headers.authorization ?? '');
  const authkey = typeof headers.authkey === 'string' ? headers.authkey.trim() : undefined;
  const token = bearer?.[1] ?? queryToken ?? (authkey || undefined);
  return token ? token : undefined;
}

let allowedOrigins: readonly string[] = [];

/** CORS for the hub: the portal's own origin and CORS_ORIGINS only (http/cors-origins.ts). */
function allowOrigin(request: FastifyRequest, reply: FastifyReply): void {
  const origin = request.headers.origin;
  reply.header('vary', 'Origin');
  if (!origin || !isAllowedOrigin(request, origin, allowedOrigins)) return;
  reply.header('access-control-allow-origin', origin).header('access-control-allow-credentials', 'true');
}

function preflight(reply: FastifyReply, methods: string): FastifyReply {
  return reply
    .code(204)
    .header('access-control-allow-methods', methods)
    .header('access-control-allow-headers', CORS_ALLOWED_HEADERS)
    .header('access-control-max-age', '600')
    .send();
}

function rejectUpgrade(socket: Duplex, status: number, reason: string): void {
  if (socket.destroyed) return;
  socket.end(`HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

export function registerHubEndpoints(
  app: FastifyInstance,
  hub: Hub,
  options: { path: string; auth: HubAuth; log: FastifyBaseLogger; corsOrigins?: readonly string[] },
): void {
  const { path, auth, log } = options;
  allowedOrigins = options.corsOrigins ?? [];
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_CHARS * 4, perMessageDeflate: false });

  /** The connection named by `?id=`, or the reply already sent (400 / 404). */
  const connectionOf = (request: FastifyRequest, reply: FastifyReply): HubConnection | null => {
    const id = first((request.query as Query).id);
    if (!id) {
      reply.code(400).type('text/plain').send('Connection ID required');
      return null;
    }
    const connection = hub.find(id);
    if (!connection) {
      reply.code(404).type('text/plain').send('No Connection with that ID');
      return null;
    }
    return connection;
  };

  /** Later requests must come from the user who negotiated: 401 for a dead token, 403 for another user. */
  const sameUser = async (request: FastifyRequest, reply: FastifyReply, connection: HubConnection): Promise<boolean> => {
    const token = tokenOf(request.headers, first((request.query as Query).access_token));
    const userId = token ? await auth.userIdOf(token) : null;
    if (userId === null) {
      reply.code(401).send(failure(token ? MSG_LOGIN_EXPIRED : MSG_LOGIN_REQUIRED));
      return false;
    }
    if (userId !== connection.user.UserID) {
      reply.code(403).type('text/plain').send('Forbidden');
      return false;
    }
    return true;
  };

  const negotiate = async (request: FastifyRequest, reply: FastifyReply) => {
    reply.header('cache-control', 'no-cache');
    const raw = first((request.query as Query).negotiateVersion);
    let version = 0;
    if (raw !== undefined) {
      if (!/^-?\d+$/.test(raw)) return { error: 'The client requested a non-integer protocol version.' };
      version = Math.min(Number(raw), SUPPORTED_NEGOTIATE_VERSION);
      if (version < 0) return { error: `The client requested version '${raw}', but the server does not support this version.` };
    }
    const token = tokenOf(request.headers, first((request.query as Query).access_token));
    const user = token ? await auth.authenticate(token) : null;
    if (!user) return reply.code(401).send(failure(token ? MSG_LOGIN_EXPIRED : MSG_LOGIN_REQUIRED));
    if (hub.isClosing) return { error: 'The server is shutting down.' };
    const connection = hub.negotiate(user, version);
    // Never offer useStatefulReconnect: this server does not implement it.
    return version >= 1
      ? {
          connectionId: connection.connectionId,
          connectionToken: connection.connectionToken,
          negotiateVersion: version,
          availableTransports: AVAILABLE_TRANSPORTS,
        }
      : { connectionId: connection.connectionId, negotiateVersion: 0, availableTransports: AVAILABLE_TRANSPORTS };
  };

  /** GET: the first poll starts the transport and answers at once; later ones wait for frames. */
  const poll = async (request: FastifyRequest, reply: FastifyReply) => {
    const connection = connectionOf(request, reply);
    if (!connection || !(await sameUser(request, reply, connection))) return reply;
    reply.header('cache-control', 'no-cache');
    const transport = connection.transport;
    if (!transport) {
      if (connection.state !== 'negotiated') return reply.code(404).type('text/plain').send('No Connection with that ID');
      hub.attachTransport(connection, new LongPollingTransport(hub.timings.pollTimeoutMs, Date.now()));
      return reply.code(200).type('text/plain; charset=utf-8').send('');
    }
    if (!(transport instanceof LongPollingTransport)) return reply.code(400).type('text/plain').send('Cannot change transports mid-connection');
    transport.begin(reply);
    if (connection.state === 'closed' && transport.finished) hub.forget(connection);
    return reply;
  };

  /** POST: records from the client (several may come in one body). */
  const send = async (request: FastifyRequest, reply: FastifyReply) => {
    const connection = request.hubConnection;
    if (!connection || !(await sameUser(request, reply, connection))) return reply;
    if (!(connection.transport instanceof LongPollingTransport))
      return reply.code(400).type('text/plain').send('No long-polling transport for this connection');
    if (connection.state === 'closed') return reply.code(404).type('text/plain').send('No Connection with that ID');
    const body = request.body;
    if (typeof body === 'string' && body.length > 0) hub.receive(connection, body);
    return reply.code(200).type('text/plain').send('');
  };

  /** DELETE: the client stops; a held poll ends with 204. */
  const remove = async (request: FastifyRequest, reply: FastifyReply) => {
    const connection = connectionOf(request, reply);
    if (!connection || !(await sameUser(request, reply, connection))) return reply;
    if (connection.transport && !(connection.transport instanceof LongPollingTransport)) {
      return reply.code(400).type('text/plain').send('Cannot terminate this connection using the DELETE endpoint.');
    }
    hub.closeConnection(connection, { abort: true });
    hub.forget(connection);
    return reply.code(202).type('text/plain').send('');
  };

  app.register(async (scope) => {
    // The client posts text records (and an empty negotiate body) with whatever content type.
    scope.decorateRequest('hubConnection', null);
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));

    const negotiateDeclaration: RouteDeclaration = {
      method: 'POST',
      url: `${path}/negotiate`,
      summary: '实时推送：协商连接（SignalR 协议，返回 connectionToken 与可用传输方式）',
      description: '登录令牌放在 Authorization: Bearer、?access_token= 或 authkey 请求头中；无效时回答401。',
      tag: 'realtime',
      access: 'login',
      record: 'self',
      reply: NegotiateReply,
    };
    // Typed as a plain FastifySchema: the 401/405 replies below have no schema.
    const negotiateSchema: FastifySchema = { response: { 200: NegotiateReply } };
    scope.all(`${path}/negotiate`, { schema: negotiateSchema, config: { declaration: negotiateDeclaration } }, async (request, reply) => {
      allowOrigin(request, reply);
      if (request.method === 'POST') return negotiate(request, reply);
      if (request.method === 'OPTIONS') return preflight(reply, 'POST, OPTIONS');
      return reply.code(405).header('allow', 'POST').send();
    });

    const connectionDeclaration: RouteDeclaration = {
      method: 'GET',
      url: path,
      summary: '实时推送：长轮询（GET 取消息，POST 发送，DELETE 结束；?id= 为连接令牌）',
      description: '连接令牌由协商得到；之后的每个请求都必须来自协商时的同一用户（否则401或403）。WebSocket 在同一路径升级。',
      tag: 'realtime',
      access: 'public',
      record: 'self',
    };
    scope.all(
      path,
      {
        config: { declaration: connectionDeclaration },
        // A second concurrent POST on one connection is refused before its body is read.
        onRequest: async (request, reply) => {
          if (request.method !== 'POST') return;
          allowOrigin(request, reply);
          const connection = connectionOf(request, reply);
          if (!connection) return reply;
          if (connection.receiving) return reply.code(409).type('text/plain').send('Another send request is in progress');
          connection.receiving = true;
          reply.raw.once('close', () => {
            connection.receiving = false;
          });
          request.hubConnection = connection;
        },
      },
      async (request, reply) => {
        allowOrigin(request, reply);
        switch (request.method) {
          case 'GET':
            return poll(request, reply);
          case 'POST':
            return send(request, reply);
          case 'DELETE':
            return remove(request, reply);
          case 'OPTIONS':
            return preflight(reply, 'GET, POST, DELETE, OPTIONS');
          default:
            return reply.code(405).header('allow', 'GET, POST, DELETE').send();
        }
      },
    );
  });

  const upgrade = async (request: IncomingMessage, socket: Duplex, head: Buffer, url: URL) => {
    const id = url.searchParams.get('id');
    if (!id) return rejectUpgrade(socket, 400, 'Bad Request');
    const connection = hub.find(id);
    if (!connection) return rejectUpgrade(socket, 404, 'Not Found');
    if (connection.transport?.kind === 'LongPolling') return rejectUpgrade(socket, 400, 'Bad Request');
    if (connection.transport || connection.upgrading || connection.state !== 'negotiated') return rejectUpgrade(socket, 409, 'Conflict');
    connection.upgrading = true;
    let userId: number | null;
    try {
      const token = tokenOf(request.headers, url.searchParams.get('access_token'));
      userId = token ? await auth.userIdOf(token) : null;
    } finally {
      connection.upgrading = false;
    }
    if (userId === null) return rejectUpgrade(socket, 401, 'Unauthorized');
    if (userId !== connection.user.UserID) return rejectUpgrade(socket, 403, 'Forbidden');
    if (connection.state !== 'negotiated' || hub.find(id) !== connection) return rejectUpgrade(socket, 404, 'Not Found');
    if (socket.destroyed) return;
    wss.handleUpgrade(request, socket, head, (ws) => {
      hub.attachTransport(connection, new WebSocketTransport(ws));
      ws.on('message', (data: RawData) => hub.receive(connection, rawText(data)));
      ws.on('close', () => hub.closeConnection(connection));
      ws.on('error', (err) => log.debug({ err }, 'realtime socket error'));
    });
  };

  app.server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', (err) => log.debug({ err }, 'realtime upgrade socket error'));
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (url.pathname !== path) {
      // Another part of the server may handle other upgrades; alone, refuse them.
      if (app.server.listenerCount('upgrade') === 1) rejectUpgrade(socket, 404, 'Not Found');
      return;
    }
    upgrade(request, socket, head, url).catch((err: unknown) => {
      log.error({ err }, 'realtime upgrade failed');
      rejectUpgrade(socket, 500, 'Internal Server Error');
    });
  });

  app.addHook('preClose', async () => {
    await hub.shutdown();
    if (wss.clients.size > 0) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, CLOSE_GRACE_MS);
        const check = () => {
          if (wss.clients.size === 0) {
            clearTimeout(timer);
            resolve();
          }
        };
        for (const ws of wss.clients) ws.once('close', check);
      });
      for (const ws of wss.clients) ws.terminate();
    }
    wss.close();
  });
}

function rawText(data: RawData): string {
  if (Buffer.isBuffer(data)) return data.toString('utf8');
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.from(data).toString('utf8');
}

declare module 'fastify' {
  // Module augmentation merges interfaces only.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyRequest {
    /** The long-polling connection a POST writes to (set before its body is read). */
    hubConnection: HubConnection | null;
  }
}
