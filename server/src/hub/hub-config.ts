/** Realtime hub settings read from the environment (HUB_*); part of AppConfig. */

/** Protocol timings in milliseconds; the defaults match the official client's. Tests shorten them. */
export type HubTimings = {
  /** Send a Ping when nothing else went to a client for this long. */
  keepAliveMs: number;
  /** Drop a WebSocket client that sent nothing (not even a Ping) for this long. */
  clientTimeoutMs: number;
  /** Close a transport whose handshake has not arrived within this time. */
  handshakeTimeoutMs: number;
  /** How long a long poll is held before it answers "poll again". */
  pollTimeoutMs: number;
  /** Drop a long-polling client that has not polled for this long (and negotiations never used). */
  pollDisconnectMs: number;
};

export type HubConfig = {
  /** Prefix of the Redis keys and channels, so several portals (or test runs) can share one Redis. */
  redisPrefix: string;
  /** A server process whose presence heartbeat is older than this counts as gone (its users go offline). */
  presenceTtlMs: number;
  timings: HubTimings;
};

export const DEFAULT_HUB_TIMINGS: HubTimings = {
  keepAliveMs: 15_000,
  clientTimeoutMs: 30_000,
  handshakeTimeoutMs: 15_000,
  pollTimeoutMs: 90_000,
  pollDisconnectMs: 15_000,
};

function milliseconds(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const value = env[name];
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`${name} must be a positive number of milliseconds, got "${value}"`);
  return n;
}

export function loadHubConfig(env: NodeJS.ProcessEnv): HubConfig {
  const d = DEFAULT_HUB_TIMINGS;
  return {
    redisPrefix: env.HUB_REDIS_PREFIX || 'portal:hub:',
    presenceTtlMs: milliseconds(env, 'HUB_PRESENCE_TTL_MS', 30_000),
    timings: {
      keepAliveMs: milliseconds(env, 'HUB_KEEPALIVE_MS', d.keepAliveMs),
      clientTimeoutMs: milliseconds(env, 'HUB_CLIENT_TIMEOUT_MS', d.clientTimeoutMs),
      handshakeTimeoutMs: milliseconds(env, 'HUB_HANDSHAKE_TIMEOUT_MS', d.handshakeTimeoutMs),
      pollTimeoutMs: milliseconds(env, 'HUB_POLL_TIMEOUT_MS', d.pollTimeoutMs),
      pollDisconnectMs: milliseconds(env, 'HUB_POLL_DISCONNECT_MS', d.pollDisconnectMs),
    },
  };
}
