/**
 * What the hub needs to reach connections on other server processes and to know who is online
 * everywhere. One process alone uses the in-memory backplane; several share Redis (redis-backplane.ts).
 */
import type { OnlineUser } from './realtime';

/** How a presence update changed the distinct-user count (a user's first tab anywhere, last tab anywhere). */
export type PresenceChange = { changed: boolean; onlineCount: number };

/** Called by the backplane for traffic that other processes published. */
export type BackplaneHandlers = {
  deliverAll(frame: string): void;
  deliverUser(userId: number, frame: string): void;
  deliverConnection(connectionId: string, frame: string): void;
  closeUser(userId: number, allowReconnect: boolean, exceptSessionId?: number): void;
  /** Users vanished without a goodbye (a crashed process): tell everyone the new count. */
  presenceChanged(): void;
};

export type Backplane = {
  /** Prefixes this process's connection ids, so a connection-addressed message finds its process. */
  readonly processId: string;
  start(handlers: BackplaneHandlers): Promise<void>;
  publishAll(frame: string): void;
  publishUser(userId: number, frame: string): void;
  publishConnection(connectionId: string, frame: string): void;
  publishCloseUser(userId: number, allowReconnect: boolean, exceptSessionId?: number): void;
  /** The user's first connection on this process opened. */
  userJoined(user: OnlineUser): Promise<PresenceChange>;
  /** The user's last connection on this process closed. */
  userLeft(userId: number): Promise<PresenceChange>;
  /** This process is going away with all its users. */
  leaveAll(): Promise<PresenceChange>;
  onlineCount(): Promise<number>;
  onlineUsers(): Promise<OnlineUser[]>;
  close(): Promise<void>;
};

/** A single process: presence is this process's users, nothing to publish. */
export class MemoryBackplane implements Backplane {
  readonly processId = 'local';
  private readonly users = new Map<number, OnlineUser>();

  async start(): Promise<void> {}
  publishAll(): void {}
  publishUser(): void {}
  publishConnection(): void {}
  publishCloseUser(): void {}

  async userJoined(user: OnlineUser): Promise<PresenceChange> {
    const changed = !this.users.has(user.UserID);
    this.users.set(user.UserID, user);
    return { changed, onlineCount: this.users.size };
  }

  async userLeft(userId: number): Promise<PresenceChange> {
    const changed = this.users.delete(userId);
    return { changed, onlineCount: this.users.size };
  }

  async leaveAll(): Promise<PresenceChange> {
    const changed = this.users.size > 0;
    this.users.clear();
    return { changed, onlineCount: 0 };
  }

  async onlineCount(): Promise<number> {
    return this.users.size;
  }

  async onlineUsers(): Promise<OnlineUser[]> {
    return [...this.users.values()];
  }

  async close(): Promise<void> {}
}
