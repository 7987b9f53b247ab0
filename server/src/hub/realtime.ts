/**
 * What the rest of the server may ask of the realtime hub (spec §7 "Realtime"). Services receive it
 * through the AppContext, so they never know whether the hub runs alone or scaled out over Redis.
 */

/** A person shown in the online panel (spec §3 "Online user"). */
export type OnlineUser = { UserID: number; NickName: string; header: string; shopId: number };

export type Realtime = {
  /** Calls `target(...args)` on every connection (every tab) of one user, on any process. */
  sendToUser(userId: number, target: string, args: unknown[]): Promise<void>;
  /** Calls `target(...args)` on every connection of every user, on any process. */
  broadcast(target: string, args: unknown[]): Promise<void>;
  /** Distinct users online (a user with several tabs counts once), across processes. */
  onlineCount(): Promise<number>;
  /** The distinct users online, across processes. */
  onlineUsers(): Promise<OnlineUser[]>;
  /**
   * Closes a user's connections on every process (sessions revoked, password changed, account
   * disabled). With allowReconnect the clients reconnect at once and authenticate again, so a
   * revoked token ends up refused; `exceptSessionId` spares the connections of the session that acted.
   */
  disconnectUser?(userId: number, options?: DisconnectOptions): Promise<void>;
};

export type DisconnectOptions = { allowReconnect?: boolean; exceptSessionId?: number };

/** Used until the hub is attached (and by scripts that run without one): nobody is online. */
export const offlineRealtime: Realtime = {
  sendToUser: async () => undefined,
  broadcast: async () => undefined,
  onlineCount: async () => 0,
  onlineUsers: async () => [],
  disconnectUser: async () => undefined,
};
