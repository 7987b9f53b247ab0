/**
 * Scale-out over Redis, in the manner of ASP.NET Core's Redis backplane: pub/sub channels per audience
 * (`all`, `user:<id>`, and `connection:<process>` for connection-addressed messages), plus a presence
 * registry so every process agrees on who is online.
 *
 * Presence: each process keeps a hash `presence:<process>` (userId → OnlineUser JSON) that expires
 * unless heartbeated, and its heartbeat time in the sorted set `procs`. The distinct users of the live
 * processes are the online users, so a crashed process's users disappear after the TTL.
 * Times come from Redis (TIME) so clock skew between machines does not matter.
 */
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import type { Backplane, BackplaneHandlers, PresenceChange } from './backplane';
import type { OnlineUser } from './realtime';

export type RedisBackplaneOptions = {
  url: string;
  /** Prefix of every key and channel (several portals, or test runs, can share one Redis). */
  prefix: string;
  /** A process whose heartbeat is older than this is considered gone. */
  presenceTtlMs: number;
  heartbeatMs: number;
  /** How long start() waits for Redis before the server refuses to start. */
  connectTimeoutMs?: number;
};

const NOW_MS = `local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)`;

/** Drops dead processes, then counts the distinct users of the live ones. */
const COUNT_LIVE = `local removed = redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - ttl)
local procs = redis.call('ZRANGE', KEYS[1], 0, -1)
local seen = {}
local count = 0
local elsewhere = 0
for _, p in ipairs(procs) do
  local fields = redis.call('HKEYS', ARGV[1] .. 'presence:' .. p)
  for _, f in ipairs(fields) do
    if not seen[f] then
      seen[f] = true
      count = count + 1
    end
    if p ~= ARGV[2] and f == ARGV[5] then elsewhere = 1 end
  end
end`;

/**
 * KEYS: procs, own hash. ARGV: prefix, processId, ttl, op (join | leave | count | drop), userId, userJson.
 * Returns {distinct users online, 1 when the user is online on another process, dead processes removed}.
 */
const PRESENCE_SCRIPT = `${NOW_MS}
local ttl = tonumber(ARGV[3])
local op = ARGV[4]
if op == 'join' then
  redis.call('HSET', KEYS[2], ARGV[5], ARGV[6])
elseif op == 'leave' then
  redis.call('HDEL', KEYS[2], ARGV[5])
end
if op == 'drop' then
  redis.call('DEL', KEYS[2])
  redis.call('ZREM', KEYS[1], ARGV[2])
elseif op ~= 'count' then
  redis.call('PEXPIRE', KEYS[2], ttl)
  redis.call('ZADD', KEYS[1], now, ARGV[2])
end
${COUNT_LIVE}
return {count, elsewhere, removed}`;

/** KEYS: procs, own hash. ARGV: prefix, processId, ttl, then userId/userJson pairs. Rewrites the own hash. */
const HEARTBEAT_SCRIPT = `${NOW_MS}
local ttl = tonumber(ARGV[3])
redis.call('DEL', KEYS[2])
for i = 4, #ARGV, 2 do
  redis.call('HSET', KEYS[2], ARGV[i], ARGV[i + 1])
end
redis.call('PEXPIRE', KEYS[2], ttl)
redis.call('ZADD', KEYS[1], now, ARGV[2])
return redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - ttl)`;

/** KEYS: procs. ARGV: prefix, ttl. The users of the live processes, one JSON per distinct user. */
const USERS_SCRIPT = `${NOW_MS}
local ttl = tonumber(ARGV[2])
local procs = redis.call('ZRANGEBYSCORE', KEYS[1], now - ttl, '+inf')
local seen = {}
local out = {}
for _, p in ipairs(procs) do
  local kv = redis.call('HGETALL', ARGV[1] .. 'presence:' .. p)
  for i = 1, #kv, 2 do
    if not seen[kv[i]] then
      seen[kv[i]] = true
      out[#out + 1] = kv[i + 1]
    end
  end
end
return out`;

type PresenceCommands = {
  hubPresence(
    procs: string,
    own: string,
    prefix: string,
    processId: string,
    ttl: number,
    op: string,
    userId: string,
    userJson: string,
  ): Promise<[number, number, number]>;
  hubHeartbeat(procs: string, own: string, prefix: string, processId: string, ttl: number, ...pairs: string[]): Promise<number>;
  hubUsers(procs: string, prefix: string, ttl: number): Promise<string[]>;
};

// Channel messages are `<origin process>|<kind>|<payload>`: kind f = frame, c = close the user's connections
// (payload `<allowReconnect 0|1>|<exceptSessionId or empty>`).
const SEP = '|';

export class RedisBackplane implements Backplane {
  readonly processId = randomBytes(8).toString('hex');
  private readonly pub: Redis;
  private readonly sub: Redis;
  private readonly commands: PresenceCommands;
  private readonly joined = new Map<number, string>();
  private handlers: BackplaneHandlers | null = null;
  private heartbeat: NodeJS.Timeout | null = null;
  private readonly keys: { procs: string; own: string; all: string; connection: string };

  constructor(
    private readonly options: RedisBackplaneOptions,
    private readonly log: FastifyBaseLogger,
  ) {
    const { prefix } = options;
    this.keys = {
      procs: `${prefix}procs`,
      own: `${prefix}presence:${this.processId}`,
      all: `${prefix}all`,
      connection: `${prefix}connection:${this.processId}`,
    };
    this.pub = new Redis(options.url, { lazyConnect: true });
    this.sub = new Redis(options.url, { lazyConnect: true });
    this.pub.defineCommand('hubPresence', { numberOfKeys: 2, lua: PRESENCE_SCRIPT });
    this.pub.defineCommand('hubHeartbeat', { numberOfKeys: 2, lua: HEARTBEAT_SCRIPT });
    this.pub.defineCommand('hubUsers', { numberOfKeys: 1, lua: USERS_SCRIPT });
    this.commands = this.pub as unknown as PresenceCommands;
    for (const client of [this.pub, this.sub]) client.on('error', (err: Error) => this.log.warn({ err }, 'realtime Redis error'));
  }

  async start(handlers: BackplaneHandlers): Promise<void> {
    this.handlers = handlers;
    this.sub.on('message', (channel: string, message: string) => this.receive(channel, message));
    const timeout = this.options.connectTimeoutMs ?? 10_000;
    let timer: NodeJS.Timeout | undefined;
    const ready = (async () => {
      await Promise.all([this.pub.connect(), this.sub.connect()]);
      await this.sub.subscribe(this.keys.all, this.keys.connection);
      await this.sendHeartbeat();
    })();
    try {
      await Promise.race([
        ready,
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error(`no answer within ${timeout} ms`)), timeout);
        }),
      ]);
    } catch (err) {
      this.pub.disconnect();
      this.sub.disconnect();
      throw new Error(`无法连接 Redis（REDIS_URL ${this.safeUrl()}）：${err instanceof Error ? err.message : String(err)}`);
    } finally {
      clearTimeout(timer);
    }
    this.heartbeat = setInterval(() => {
      this.sendHeartbeat().catch((err: unknown) => this.log.warn({ err }, 'realtime presence heartbeat failed'));
    }, this.options.heartbeatMs);
    this.heartbeat.unref();
  }

  publishAll(frame: string): void {
    this.publish(this.keys.all, `${this.processId}${SEP}f${SEP}${frame}`);
  }

  publishUser(userId: number, frame: string): void {
    this.publish(this.userChannel(userId), `${this.processId}${SEP}f${SEP}${frame}`);
  }

  publishConnection(connectionId: string, frame: string): void {
    const processId = connectionId.slice(0, connectionId.indexOf('.'));
    if (!processId) return;
    this.publish(`${this.options.prefix}connection:${processId}`, `${this.processId}${SEP}f${SEP}${connectionId}${SEP}${frame}`);
  }

  publishCloseUser(userId: number, allowReconnect: boolean, exceptSessionId?: number): void {
    this.publish(this.userChannel(userId), `${this.processId}${SEP}c${SEP}${allowReconnect ? 1 : 0}${SEP}${exceptSessionId ?? ''}`);
  }

  async userJoined(user: OnlineUser): Promise<PresenceChange> {
    const json = JSON.stringify(user);
    this.joined.set(user.UserID, json);
    // Subscribe first, so nothing sent to the user after they show as online is missed.
    void this.sub.subscribe(this.userChannel(user.UserID)).catch((err: unknown) => this.log.warn({ err }, 'realtime subscribe failed'));
    return this.presence('join', String(user.UserID), json);
  }

  async userLeft(userId: number): Promise<PresenceChange> {
    this.joined.delete(userId);
    void this.sub.unsubscribe(this.userChannel(userId)).catch((err: unknown) => this.log.warn({ err }, 'realtime unsubscribe failed'));
    return this.presence('leave', String(userId), '');
  }

  async leaveAll(): Promise<PresenceChange> {
    const had = this.joined.size > 0;
    this.joined.clear();
    const { onlineCount } = await this.presence('drop', '', '');
    return { changed: had, onlineCount };
  }

  async onlineCount(): Promise<number> {
    return (await this.presence('count', '', '')).onlineCount;
  }

  async onlineUsers(): Promise<OnlineUser[]> {
    const rows = await this.commands.hubUsers(this.keys.procs, this.options.prefix, this.options.presenceTtlMs);
    return rows.map((row) => JSON.parse(row) as OnlineUser);
  }

  async close(): Promise<void> {
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
    // QUIT when connected; a client still trying to reconnect is just dropped.
    const quit = async (client: Redis) => {
      if (client.status !== 'ready') return client.disconnect();
      await client.quit().catch(() => client.disconnect());
    };
    await Promise.all([quit(this.pub), quit(this.sub)]);
  }

  /** The Redis URL without its password, for messages. */
  private safeUrl(): string {
    try {
      const url = new URL(this.options.url);
      if (url.password) url.password = '***';
      return url.toString();
    } catch {
      return 'invalid URL';
    }
  }

  private userChannel(userId: number): string {
    return `${this.options.prefix}user:${userId}`;
  }

  private publish(channel: string, message: string): void {
    this.pub.publish(channel, message).catch((err: unknown) => this.log.warn({ err, channel }, 'realtime publish failed'));
  }

  private async presence(op: 'join' | 'leave' | 'count' | 'drop', userId: string, json: string): Promise<PresenceChange> {
    const [count, elsewhere, removed] = await this.commands.hubPresence(
      this.keys.procs,
      this.keys.own,
      this.options.prefix,
      this.processId,
      this.options.presenceTtlMs,
      op,
      userId,
      json,
    );
    if (removed > 0) this.handlers?.presenceChanged();
    return { changed: elsewhere === 0, onlineCount: count };
  }

  private async sendHeartbeat(): Promise<void> {
    const pairs: string[] = [];
    for (const [userId, json] of this.joined) pairs.push(String(userId), json);
    const removed = await this.commands.hubHeartbeat(this.keys.procs, this.keys.own, this.options.prefix, this.processId, this.options.presenceTtlMs, ...pairs);
    if (removed > 0) this.handlers?.presenceChanged();
  }

  private receive(channel: string, message: string): void {
    const handlers = this.handlers;
    if (!handlers) return;
    const first = message.indexOf(SEP);
    // Our own publications: the local connections were served directly.
    if (first === -1 || message.slice(0, first) === this.processId) return;
    const kind = message[first + 1];
    const payload = message.slice(first + 3);
    if (channel === this.keys.all) {
      if (kind === 'f') handlers.deliverAll(payload);
      return;
    }
    if (channel === this.keys.connection) {
      const cut = payload.indexOf(SEP);
      if (kind === 'f' && cut !== -1) handlers.deliverConnection(payload.slice(0, cut), payload.slice(cut + 1));
      return;
    }
    const userPrefix = `${this.options.prefix}user:`;
    if (!channel.startsWith(userPrefix)) return;
    const userId = Number(channel.slice(userPrefix.length));
    if (kind === 'f') handlers.deliverUser(userId, payload);
    else if (kind === 'c') {
      const [allowReconnect, exceptSessionId] = payload.split(SEP);
      handlers.closeUser(userId, allowReconnect === '1', exceptSessionId ? Number(exceptSessionId) : undefined);
    }
  }
}
