/**
 * The hub: connections, the JSON hub protocol after the transport has delivered text, keep-alive,
 * presence, and delivery to users on this process and (through the backplane) on the others.
 * Transports and HTTP live in endpoints.ts; the hub methods the client calls live in hub-methods.ts.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Backplane } from './backplane';
import type { HubTimings } from './hub-config';
import { HubConnection, LongPollingTransport, type Frame, type HubUser, type Transport } from './connection';
import {
  checkHandshake,
  closeFrame,
  completionFrame,
  HANDSHAKE_OK_FRAME,
  handshakeErrorFrame,
  invocationFrame,
  MessageType,
  PING_FRAME,
  type ClientMessage,
} from './protocol';
import type { DisconnectOptions, OnlineUser, Realtime } from './realtime';

/** The largest record a client may send (privateMessage carries at most 300 characters). */
export const MAX_MESSAGE_CHARS = 64 * 1024;

/** An error whose message the caller sees in the Completion (the client's invoke() rejects with it). */
export class HubError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'HubError';
  }
}

export type HubCaller = { connection: HubConnection; user: HubUser };

export type HubMethod = {
  /** How many arguments the client must pass. */
  arity: number;
  invoke(caller: HubCaller, args: unknown[]): unknown;
};

export type CloseOptions = {
  /** Send a Close message first; `allowReconnect` lets the client's automatic reconnect run. */
  message?: { error?: string; allowReconnect?: boolean };
  /** Drop the transport at once, without a goodbye (as a network failure would). */
  abort?: boolean;
};

const MSG_UNEXPECTED = '服务器内部错误，请稍后再试';
const SHUTDOWN_PRESENCE_TIMEOUT_MS = 2000;
const CLIENT_TIMEOUT_ERROR = 'Server closed the connection: no message from the client within the timeout.';
const PROTOCOL_ERROR = 'Connection closed with an error: invalid message.';
const TOO_LARGE_ERROR = 'Connection closed with an error: message too large.';

type LocalUser = { user: OnlineUser; connections: Set<HubConnection> };

export class Hub implements Realtime {
  private readonly byToken = new Map<string, HubConnection>();
  private readonly byId = new Map<string, HubConnection>();
  /** Connections past the handshake: the audience of broadcasts. */
  private readonly connected = new Set<HubConnection>();
  private readonly users = new Map<number, LocalUser>();
  private readonly methods = new Map<string, HubMethod>();
  private tick: NodeJS.Timeout | null = null;
  private closing = false;

  constructor(
    readonly timings: HubTimings,
    private readonly backplane: Backplane,
    private readonly log: FastifyBaseLogger,
  ) {}

  get isClosing(): boolean {
    return this.closing;
  }

  /** Method names are case-insensitive, as in ASP.NET Core. */
  registerMethod(name: string, method: HubMethod): void {
    this.methods.set(name.toLowerCase(), method);
  }

  async start(): Promise<void> {
    await this.backplane.start({
      deliverAll: (frame) => this.deliver(this.connected, frame),
      deliverUser: (userId, frame) => {
        const local = this.users.get(userId);
        if (local) this.deliver(local.connections, frame);
      },
      deliverConnection: (connectionId, frame) => this.byId.get(connectionId)?.write(frame),
      closeUser: (userId, allowReconnect, exceptSessionId) => this.closeLocalUser(userId, allowReconnect, exceptSessionId),
      presenceChanged: () => void this.announceOnlineCount(),
    });
    const t = this.timings;
    // One timer for every connection; fine-grained enough for the shortest interval.
    const period = Math.max(5, Math.min(1000, Math.floor(Math.min(t.keepAliveMs, t.clientTimeoutMs, t.handshakeTimeoutMs, t.pollDisconnectMs) / 4)));
    // A tick that comes late follows a stall of the whole process (a long synchronous task, a
    // starved CPU): the clients' messages of that time may still wait unread in the sockets, so that
    // tick leaves the clients' timeouts to the next one, which comes after the reads.
    let last = Date.now();
    this.tick = setInterval(() => {
      const now = Date.now();
      const stalled = now - last > 2 * period + 50;
      last = now;
      this.checkConnections(now, stalled);
    }, period);
    this.tick.unref();
  }

  // ---- connection lifecycle -------------------------------------------------------------------

  /** Creates a connection for a negotiate request; version 0 clients use the connectionId as the token. */
  negotiate(user: HubUser, negotiateVersion: number): HubConnection {
    const connectionId = `${this.backplane.processId}.${randomBytes(12).toString('base64url')}`;
    const token = negotiateVersion >= 1 ? randomBytes(24).toString('base64url') : connectionId;
    const connection = new HubConnection(connectionId, token, user, MAX_MESSAGE_CHARS, Date.now());
    this.byToken.set(token, connection);
    this.byId.set(connectionId, connection);
    return connection;
  }

  find(connectionToken: string): HubConnection | undefined {
    return this.byToken.get(connectionToken);
  }

  /** The transport is up: the handshake is now awaited. */
  attachTransport(connection: HubConnection, transport: Transport): void {
    connection.transport = transport;
    connection.state = 'handshaking';
    connection.transportStartedAt = Date.now();
    connection.lastReceivedAt = connection.transportStartedAt;
  }

  /** Text from the client: the handshake first, then hub messages, record by record. */
  receive(connection: HubConnection, text: string): void {
    if (connection.state === 'closed' || connection.state === 'negotiated') return;
    connection.lastReceivedAt = Date.now();
    const records = connection.reader.push(text);
    if (records === 'overflow') {
      this.closeConnection(connection, { message: { error: TOO_LARGE_ERROR } });
      return;
    }
    for (const record of records) {
      if (connection.state === 'handshaking') this.handshake(connection, record);
      else if (connection.state === 'connected') this.dispatch(connection, record);
      else return;
    }
  }

  /** Ends a connection (idempotent). A long-polling one lingers until its last poll learns it is over. */
  closeConnection(connection: HubConnection, options: CloseOptions = {}): void {
    if (connection.state === 'closed') return;
    const wasConnected = connection.state === 'connected';
    connection.state = 'closed';
    connection.closedAt = Date.now();
    const transport = connection.transport;
    if (transport) {
      if (options.message) transport.write(closeFrame(options.message.error, options.message.allowReconnect));
      if (options.abort) transport.abort();
      else transport.end();
    }
    if (!transport || transport.kind === 'WebSockets') this.forget(connection);
    if (wasConnected) this.disconnected(connection);
  }

  /** Removes a finished connection from the lookup tables. */
  forget(connection: HubConnection): void {
    if (this.byToken.get(connection.connectionToken) === connection) this.byToken.delete(connection.connectionToken);
    if (this.byId.get(connection.connectionId) === connection) this.byId.delete(connection.connectionId);
  }

  // ---- Realtime (what services use) ----------------------------------------------------------

  async sendToUser(userId: number, target: string, args: unknown[]): Promise<void> {
    const frame = invocationFrame(target, args);
    const local = this.users.get(userId);
    if (local) this.deliver(local.connections, frame);
    this.backplane.publishUser(userId, frame);
  }

  async broadcast(target: string, args: unknown[]): Promise<void> {
    const frame = invocationFrame(target, args);
    this.deliver(this.connected, frame);
    this.backplane.publishAll(frame);
  }

  /** Calls `target(...args)` on one connection, wherever it lives. */
  async sendToConnection(connectionId: string, target: string, args: unknown[]): Promise<void> {
    const frame = invocationFrame(target, args);
    const local = this.byId.get(connectionId);
    if (local) local.write(frame);
    else this.backplane.publishConnection(connectionId, frame);
  }

  onlineCount(): Promise<number> {
    return this.backplane.onlineCount();
  }

  onlineUsers(): Promise<OnlineUser[]> {
    return this.backplane.onlineUsers();
  }

  async disconnectUser(userId: number, options: DisconnectOptions = {}): Promise<void> {
    const allowReconnect = options.allowReconnect === true;
    this.closeLocalUser(userId, allowReconnect, options.exceptSessionId);
    this.backplane.publishCloseUser(userId, allowReconnect, options.exceptSessionId);
  }

  /** Drops one connection without a Close message, as a network failure would. Returns whether it was here. */
  abortConnection(connectionId: string): boolean {
    const connection = this.byId.get(connectionId);
    if (!connection) return false;
    this.closeConnection(connection, { abort: true });
    return true;
  }

  /** Connections on this process past the handshake (for diagnostics and the benchmark). */
  get connectionCount(): number {
    return this.connected.size;
  }

  /**
   * Shuts the hub down: clients are told to reconnect (another process, or this one restarted, will
   * take them), this process leaves the presence registry and the others hear the new count.
   */
  async shutdown(): Promise<void> {
    if (this.closing) return;
    this.closing = true;
    if (this.tick) clearInterval(this.tick);
    this.tick = null;
    for (const connection of [...this.byToken.values()]) {
      if (connection.transport?.kind === 'WebSockets') this.closeConnection(connection, { message: { allowReconnect: true } });
      // Held polls must end now (204): the HTTP server waits for in-flight requests before it closes.
      else this.closeConnection(connection, { abort: true });
      this.forget(connection);
    }
    // Bounded: with Redis unreachable the process still stops (its presence then expires by TTL).
    let timer: NodeJS.Timeout | undefined;
    try {
      const change = await Promise.race([
        this.backplane.leaveAll(),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error('presence cleanup timed out')), SHUTDOWN_PRESENCE_TIMEOUT_MS);
        }),
      ]);
      if (change.changed) this.backplane.publishAll(invocationFrame('systemMessage', [{ onlineCount: change.onlineCount }]));
    } catch (err) {
      this.log.warn({ err }, 'realtime presence cleanup failed');
    } finally {
      clearTimeout(timer);
    }
    await this.backplane.close();
  }

  private handshake(connection: HubConnection, record: string): void {
    const verdict = checkHandshake(record);
    if (!verdict.ok) {
      connection.write(handshakeErrorFrame(verdict.error));
      this.closeConnection(connection);
      return;
    }
    connection.write(HANDSHAKE_OK_FRAME);
    connection.state = 'connected';
    this.connected.add(connection);
    let local = this.users.get(connection.user.UserID);
    const first = !local;
    if (!local) {
      const { UserID, NickName, header, shopId } = connection.user;
      local = { user: { UserID, NickName, header, shopId }, connections: new Set() };
      this.users.set(UserID, local);
    }
    local.connections.add(connection);
    if (first) {
      this.backplane.userJoined(local.user).then(
        (change) => {
          if (change.changed) void this.broadcast('systemMessage', [{ onlineCount: change.onlineCount }]);
        },
        (err: unknown) => this.log.warn({ err }, 'realtime presence update failed'),
      );
    }
  }

  private disconnected(connection: HubConnection): void {
    this.connected.delete(connection);
    const userId = connection.user.UserID;
    const local = this.users.get(userId);
    if (!local || !local.connections.delete(connection) || local.connections.size > 0) return;
    this.users.delete(userId);
    if (this.closing) return;
    this.backplane.userLeft(userId).then(
      (change) => {
        if (change.changed) void this.broadcast('systemMessage', [{ onlineCount: change.onlineCount }]);
      },
      (err: unknown) => this.log.warn({ err }, 'realtime presence update failed'),
    );
  }

  private dispatch(connection: HubConnection, record: string): void {
    let message: ClientMessage;
    try {
      message = JSON.parse(record) as ClientMessage;
    } catch {
      this.closeConnection(connection, { message: { error: PROTOCOL_ERROR } });
      return;
    }
    if (typeof message !== 'object' || message === null || typeof message.type !== 'number') {
      this.closeConnection(connection, { message: { error: PROTOCOL_ERROR } });
      return;
    }
    const invocationId = typeof message.invocationId === 'string' && message.invocationId !== '' ? message.invocationId : undefined;
    switch (message.type) {
      case MessageType.Invocation: {
        if (typeof message.target !== 'string' || message.target === '' || (message.invocationId !== undefined && invocationId === undefined)) {
          this.closeConnection(connection, { message: { error: PROTOCOL_ERROR } });
          return;
        }
        if (Array.isArray(message.streamIds) && message.streamIds.length > 0) {
          if (invocationId)
            connection.write(completionFrame(invocationId, { error: `Client sent ${message.streamIds.length} stream(s), Hub method expects 0.` }));
          return;
        }
        void this.invoke(connection, invocationId, message.target, message.arguments);
        return;
      }
      case MessageType.StreamInvocation:
        if (invocationId) {
          const target = typeof message.target === 'string' ? message.target : '';
          connection.write(
            completionFrame(invocationId, { error: `The client attempted to invoke the non-streaming '${target}' method with a streaming invocation.` }),
          );
        }
        return;
      case MessageType.Close:
        this.closeConnection(connection);
        return;
      default:
        // Ping only refreshes lastReceivedAt; stream items, cancellations, client results and
        // future message types are ignored, as the protocol asks.
        return;
    }
  }

  private async invoke(connection: HubConnection, invocationId: string | undefined, target: string, rawArgs: unknown): Promise<void> {
    const method = this.methods.get(target.toLowerCase());
    const args = Array.isArray(rawArgs) ? rawArgs : [];
    let outcome: { result?: unknown; error?: string };
    if (!method) {
      outcome = { error: `Unknown hub method '${target}'` };
    } else if (args.length !== method.arity) {
      outcome = { error: `Failed to invoke '${target}': invocation provides ${args.length} argument(s) but target expects ${method.arity}.` };
    } else {
      try {
        outcome = { result: await method.invoke({ connection, user: connection.user }, args) };
      } catch (err) {
        if (err instanceof HubError) outcome = { error: err.message };
        else {
          this.log.error({ err, target }, 'realtime hub method failed');
          outcome = { error: MSG_UNEXPECTED };
        }
      }
    }
    // A send() (no invocationId) gets no Completion, whatever happened.
    if (invocationId && connection.state === 'connected') connection.write(completionFrame(invocationId, outcome));
  }

  private deliver(connections: Iterable<HubConnection>, frame: string): void {
    // Encoded once: every socket writes the same bytes.
    const bytes: Frame = Buffer.from(frame);
    for (const connection of connections) connection.write(bytes);
  }

  private closeLocalUser(userId: number, allowReconnect: boolean, exceptSessionId?: number): void {
    const local = this.users.get(userId);
    if (!local) return;
    for (const connection of [...local.connections]) {
      if (connection.user.sessionId !== exceptSessionId) this.closeConnection(connection, { message: { allowReconnect } });
    }
  }

  private async announceOnlineCount(): Promise<void> {
    try {
      await this.broadcast('systemMessage', [{ onlineCount: await this.backplane.onlineCount() }]);
    } catch (err) {
      this.log.warn({ err }, 'realtime online count failed');
    }
  }

  private checkConnections(now: number, stalled = false): void {
    const t = this.timings;
    for (const connection of this.byToken.values()) {
      const transport = connection.transport;
      switch (connection.state) {
        case 'negotiated':
          if (now - connection.createdAt > t.pollDisconnectMs) this.forget(connection);
          break;
        case 'handshaking':
          if (now - connection.transportStartedAt > t.handshakeTimeoutMs) this.closeConnection(connection);
          break;
        case 'connected':
          if (transport?.kind === 'WebSockets') {
            if (now - connection.lastReceivedAt > t.clientTimeoutMs && !stalled) {
              this.closeConnection(connection, { message: { error: CLIENT_TIMEOUT_ERROR, allowReconnect: true } });
            } else if (now - connection.lastSentAt >= t.keepAliveMs) {
              connection.write(PING_BYTES);
            }
          } else if (transport && isIdlePoller(transport, now, t.pollDisconnectMs)) {
            this.closeConnection(connection, { abort: true });
          }
          break;
        case 'closed':
          if (!(transport instanceof LongPollingTransport) || transport.finished || isIdlePoller(transport, now, t.pollDisconnectMs)) this.forget(connection);
          break;
      }
    }
  }
}

const PING_BYTES = Buffer.from(PING_FRAME);

function isIdlePoller(transport: Transport, now: number, limitMs: number): boolean {
  return transport instanceof LongPollingTransport && !transport.polling && now - transport.lastPollEndedAt > limitMs;
}
