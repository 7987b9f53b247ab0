/**
 * The tab's one connection to the realtime hub (spec §4 "Realtime connection", §7 "Realtime"):
 * SignalR over WebSockets, else long polling, with the login key as the `access_token` query.
 * Online when it starts, offline when it drops, and a new attempt 5 s after every drop or failed
 * start. Failures are only logged, never shown.
 *
 * The retry loop is our own rather than `withAutomaticReconnect`: that one gives up after four
 * tries and does not cover a failed first start, while the spec asks for a retry every 5 s.
 */
import { HttpTransportType, HubConnectionBuilder, LogLevel, type HubConnection } from '@microsoft/signalr';
import { getApiBaseUrl, REALTIME_RECONNECT_MS, type PortalNotification } from '@portal/shared-core';

/** `privateSystemMsg` {type:'notify'}: the user's unread count changed (a new notification, or read elsewhere). */
export type NotifyPush = {
  type: 'notify';
  notifyCount: number;
  msg?: string;
  onlineCount?: number;
  notification?: PortalNotification;
};

/** `privateMessage`: a message another user sent to this one. */
export type PrivateMessage = { fromUserId: number; NickName: string; header: string; msg: string; addtime: string };

/** One person of `getOnlinefriend` (spec §3 "Online user"). */
export type OnlineFriend = { UserID: number; NickName: string; header: string; shopId: number };

export type RealtimeEvents = {
  onOnline: (online: boolean) => void;
  onOnlineCount: (count: number) => void;
  onNotify: (push: NotifyPush) => void;
  onPrivateMessage: (message: PrivateMessage) => void;
  /** `privateSystemMsg` {type:'rights'}: an administrator changed the user's role or its rights. */
  onRightsChanged?: () => void;
  /** The hub refused the login key (401): the session may have ended; the portal checks it. */
  onUnauthorized?: () => void;
};

export type RealtimeConnectionOptions = {
  getToken: () => string | null;
  events: RealtimeEvents;
  /** Hub URL; defaults to `hub` beside the API. */
  url?: string;
  reconnectMs?: number;
};

export type RealtimeConnection = {
  start: () => void;
  stop: () => Promise<void>;
  /** Drops the connection and connects again at once (a `reconnect` push, e.g. after a password change). */
  restart: () => Promise<void>;
  getOnlineFriends: () => Promise<OnlineFriend[]>;
};

export const HUB_PATH = 'hub';

/** `hub` beside the API, as an absolute URL (the client resolves relative ones only in a real browser). */
export function defaultHubUrl(): string {
  return new URL(`${getApiBaseUrl().replace(/\/+$/, '')}/${HUB_PATH}`, window.location.href).href;
}

function warn(what: string, error?: unknown): void {
  console.warn(`[realtime] ${what}`, error ?? '');
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

export function createRealtimeConnection(options: RealtimeConnectionOptions): RealtimeConnection {
  const { events, getToken } = options;
  const reconnectMs = options.reconnectMs ?? REALTIME_RECONNECT_MS;
  /** Between start() and stop(): drops are retried. */
  let active = false;
  /** True while we close the connection on purpose, so onclose does not count it as a drop. */
  let closingOnPurpose = false;
  let connecting = false;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;

  const hub: HubConnection = new HubConnectionBuilder()
    .withUrl(options.url ?? defaultHubUrl(), {
      // The browser client sends it as `?access_token=` on the WebSocket and as a Bearer header otherwise.
      accessTokenFactory: () => getToken() ?? '',
      transport: HttpTransportType.WebSockets | HttpTransportType.LongPolling,
    })
    // The client's own console.error output would duplicate our warnings.
    .configureLogging(LogLevel.None)
    .build();

  hub.on('systemMessage', (message: unknown) => {
    if (isObject(message) && typeof message.onlineCount === 'number') events.onOnlineCount(message.onlineCount);
  });
  hub.on('privateSystemMsg', (message: unknown) => {
    if (!isObject(message)) return;
    if (message.type === 'notify') {
      const push = message as NotifyPush;
      if (typeof push.onlineCount === 'number') events.onOnlineCount(push.onlineCount);
      events.onNotify(push);
    } else if (message.type === 'reconnect') {
      void restart();
    } else if (message.type === 'rights') {
      events.onRightsChanged?.();
    }
  });
  hub.on('privateMessage', (message: unknown) => {
    if (isObject(message)) events.onPrivateMessage(message as PrivateMessage);
  });
  hub.onclose((error) => {
    if (!active || closingOnPurpose) return;
    warn('connection dropped; reconnecting in 5 s', error);
    events.onOnline(false);
    scheduleReconnect();
  });

  function scheduleReconnect(): void {
    clearTimeout(retryTimer);
    retryTimer = setTimeout(() => void connect(), reconnectMs);
  }

  async function connect(): Promise<void> {
    retryTimer = undefined;
    if (!active || connecting) return;
    connecting = true;
    try {
      await hub.start();
      connecting = false;
      if (!active) return;
      events.onOnline(true);
      void countOnlinePeople();
    } catch (error) {
      connecting = false;
      if (!active || closingOnPurpose) return;
      if (isObject(error) && error.statusCode === 401) events.onUnauthorized?.();
      warn('connecting failed; retrying in 5 s', error);
      events.onOnline(false);
      scheduleReconnect();
    }
  }

  /**
   * The hub announces the count only when a user's first connection opens or last one closes; a
   * second tab, or a reconnect while another tab stays, would not hear it. Ask once per connect.
   */
  async function countOnlinePeople(): Promise<void> {
    try {
      events.onOnlineCount((await getOnlineFriends()).length);
    } catch (error) {
      warn('getOnlinefriend failed', error);
    }
  }

  async function getOnlineFriends(): Promise<OnlineFriend[]> {
    const friends = await hub.invoke<unknown>('getOnlinefriend');
    return Array.isArray(friends) ? (friends as OnlineFriend[]) : [];
  }

  async function close(): Promise<void> {
    clearTimeout(retryTimer);
    retryTimer = undefined;
    closingOnPurpose = true;
    try {
      await hub.stop();
    } catch (error) {
      warn('closing failed', error);
    } finally {
      closingOnPurpose = false;
    }
    events.onOnline(false);
  }

  async function restart(): Promise<void> {
    if (!active) return;
    await close();
    await connect();
  }

  return {
    start: () => {
      if (active) return;
      active = true;
      void connect();
    },
    stop: async () => {
      if (!active) return;
      active = false;
      await close();
    },
    restart,
    getOnlineFriends,
  };
}
