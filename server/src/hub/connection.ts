/**
 * One negotiated hub connection and the two transports it can use. The connection knows its user
 * from the negotiate request; the hub (hub.ts) drives the protocol, the transports only move frames.
 */
import type { FastifyReply } from 'fastify';
import type { WebSocket } from 'ws';
import type { OnlineUser } from './realtime';
import { RecordReader } from './protocol';

/** The user behind a connection, resolved from the login token. */
export type HubUser = OnlineUser & { sessionId: number };

export type TransportKind = 'WebSockets' | 'LongPolling';

/** A frame is a whole serialised record (or several); broadcasts pass the same Buffer to every socket. */
export type Frame = string | Buffer;

export type ConnectionState = 'negotiated' | 'handshaking' | 'connected' | 'closed';

export type Transport = {
  readonly kind: TransportKind;
  write(frame: Frame): void;
  /** Ends the transport once the frames already written have gone (a Close message first). */
  end(): void;
  /** Drops the transport at once, as a network failure would. */
  abort(): void;
};

// One options object for every send: ws would otherwise treat a Buffer as a binary message.
const TEXT_MESSAGE = { binary: false } as const;

export class WebSocketTransport implements Transport {
  readonly kind = 'WebSockets';

  constructor(private readonly socket: WebSocket) {}

  write(frame: Frame): void {
    if (this.socket.readyState === this.socket.OPEN) this.socket.send(frame, TEXT_MESSAGE);
  }

  end(): void {
    if (this.socket.readyState === this.socket.OPEN || this.socket.readyState === this.socket.CONNECTING) this.socket.close(1000);
  }

  abort(): void {
    this.socket.terminate();
  }
}

type PendingPoll = { reply: FastifyReply; timer: NodeJS.Timeout };

/**
 * Long polling: frames queue until a poll takes them. A poll is held up to `pollTimeoutMs`, then
 * answered 200 empty ("poll again"); once the connection has ended, the last poll gets 204.
 */
export class LongPollingTransport implements Transport {
  readonly kind = 'LongPolling';
  private queue: Frame[] = [];
  private poll: PendingPoll | null = null;
  private flushScheduled = false;
  private ended = false;
  /** When the last poll was answered (or dropped): a client that stops polling is gone. */
  lastPollEndedAt: number;

  constructor(
    private readonly pollTimeoutMs: number,
    now: number,
  ) {
    this.lastPollEndedAt = now;
  }

  get polling(): boolean {
    return this.poll !== null;
  }

  /** True once the connection ended and the client has been told so (or never polls again). */
  get finished(): boolean {
    return this.ended && this.queue.length === 0 && this.poll === null;
  }

  write(frame: Frame): void {
    if (this.ended) return;
    this.queue.push(frame);
    // Frames written in the same tick (an answer and a push) go out in one poll response.
    if (this.poll && !this.flushScheduled) {
      this.flushScheduled = true;
      setImmediate(() => {
        this.flushScheduled = false;
        this.flush();
      });
    }
  }

  /** Takes a poll: answers at once when something is queued or the connection is over, else holds it. */
  begin(reply: FastifyReply): void {
    // A newer poll ends an older one.
    if (this.poll) this.answer(204);
    if (this.queue.length > 0) {
      this.send(reply, 200, this.drain());
      return;
    }
    if (this.ended) {
      this.send(reply, 204);
      return;
    }
    const timer = setTimeout(() => this.answer(200), this.pollTimeoutMs);
    this.poll = { reply, timer };
    reply.raw.once('close', () => {
      // The client went away mid-poll (aborted fetch, closed tab).
      if (this.poll?.reply === reply) {
        clearTimeout(this.poll.timer);
        this.poll = null;
        this.lastPollEndedAt = Date.now();
      }
    });
  }

  end(): void {
    if (this.ended) return;
    this.ended = true;
    if (this.poll) this.flush();
  }

  abort(): void {
    this.queue = [];
    this.ended = true;
    if (this.poll) this.answer(204);
  }

  private flush(): void {
    if (!this.poll) return;
    if (this.queue.length > 0) this.answer(200, this.drain());
    else if (this.ended) this.answer(204);
  }

  private drain(): string | Buffer {
    const frames = this.queue;
    this.queue = [];
    if (frames.length === 1) return frames[0];
    return Buffer.concat(frames.map((f) => (typeof f === 'string' ? Buffer.from(f) : f)));
  }

  private answer(status: 200 | 204, body?: string | Buffer): void {
    const poll = this.poll;
    if (!poll) return;
    clearTimeout(poll.timer);
    this.poll = null;
    this.send(poll.reply, status, body);
  }

  private send(reply: FastifyReply, status: 200 | 204, body?: string | Buffer): void {
    this.lastPollEndedAt = Date.now();
    if (reply.sent || reply.raw.destroyed) return;
    if (status === 204) reply.code(204).send();
    else
      reply
        .code(200)
        .type('text/plain; charset=utf-8')
        .send(body ?? '');
  }
}

/** A negotiated connection: its ids, its user, its transport and the timestamps the keep-alive needs. */
export class HubConnection {
  state: ConnectionState = 'negotiated';
  transport: Transport | null = null;
  /** Set while a WebSocket upgrade for this id is being authenticated, so a second one gets 409. */
  upgrading = false;
  /** Set while a long-polling POST is being received, so a concurrent one gets 409. */
  receiving = false;
  readonly reader: RecordReader;
  readonly createdAt: number;
  transportStartedAt = 0;
  lastReceivedAt = 0;
  lastSentAt = 0;
  closedAt = 0;

  constructor(
    readonly connectionId: string,
    readonly connectionToken: string,
    readonly user: HubUser,
    maxMessageChars: number,
    now: number,
  ) {
    this.reader = new RecordReader(maxMessageChars);
    this.createdAt = now;
  }

  write(frame: Frame): void {
    if (!this.transport) return;
    this.transport.write(frame);
    this.lastSentAt = Date.now();
  }
}
