/**
 * Attempt counters shared by every server process (table `throttle_counters`, migration 009).
 * An attempt is counted BEFORE the expensive or secret check it guards (a password), in one atomic
 * upsert that returns the new count, so parallel attempts cannot all slip under the limit: with a
 * limit of 5, the 6th of 40 simultaneous guesses is already refused. Windows are fixed: a counter
 * restarts at 1 when its window is over.
 */
import { sql } from 'kysely';
import type { AppContext } from '../../../app-context';

export type CounterKind = 'login-pair' | 'login-ip' | 'login-account' | 'password' | 'duplicate' | 'public-search' | 'remote-report';
export type Counter = { key: string; kind: CounterKind; username?: string; ip?: string };

/** Failed-login limits (issue #12): per account AND source IP together, per IP, and an account-wide slowdown. */
export const LOGIN_LIMITS = {
  windowMinutes: 15,
  /** Failures of one account from one IP: then that IP may not try that account until the window ends. */
  perAccountAndIp: 5,
  /** Failures from one IP, whatever the account. */
  perIp: 20,
  /** Account-wide failures (any IP) after which each further try of the account waits `slowdownMs`. */
  slowAccountAfter: 5,
  slowdownMs: 1000,
} as const;

/** Wrong old passwords in 改密码 (EditPwd) per user. */
export const PASSWORD_CHANGE_LIMIT = { windowMinutes: 15, perUser: 5 } as const;

const windowStart = (ctx: AppContext, windowMinutes: number): string => new Date(ctx.clock().getTime() - windowMinutes * 60_000).toISOString();

export const loginPairKey = (username: string, ip: string): Counter => ({ key: `login-pair:${username}\n${ip}`, kind: 'login-pair', username, ip });
export const loginIpKey = (ip: string): Counter => ({ key: `login-ip:${ip}`, kind: 'login-ip', ip });
export const loginAccountKey = (username: string): Counter => ({ key: `login-account:${username}`, kind: 'login-account', username });

/** Counts one attempt and returns the count including it. */
export async function countAttempt(ctx: AppContext, c: Counter, windowMinutes: number): Promise<number> {
  const now = ctx.clock().toISOString();
  const since = windowStart(ctx, windowMinutes);
  const row = await ctx.db
    .insertInto('throttle_counters')
    .values({
      key: c.key.slice(0, 300),
      count: 1,
      window_start: now,
      kind: c.kind,
      username: c.username?.slice(0, 100) ?? null,
      ip: c.ip?.slice(0, 64) ?? null,
    })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        count: sql<number>`case when throttle_counters.window_start < ${since} then 1 else throttle_counters.count + 1 end`,
        window_start: sql<string>`case when throttle_counters.window_start < ${since} then ${now} else throttle_counters.window_start end`,
      }),
    )
    .returning('count')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Gives back one counted attempt (it turned out to be legitimate). */
export async function refundAttempt(ctx: AppContext, c: Counter): Promise<void> {
  await ctx.db
    .updateTable('throttle_counters')
    .set({ count: sql<number>`count - 1` })
    .where('key', '=', c.key.slice(0, 300))
    .where('count', '>', 0)
    .execute();
}

/** The current count within the window (0 when none). */
export async function currentCount(ctx: AppContext, c: Counter, windowMinutes: number): Promise<number> {
  const row = await ctx.db
    .selectFrom('throttle_counters')
    .select('count')
    .where('key', '=', c.key.slice(0, 300))
    .where('window_start', '>=', windowStart(ctx, windowMinutes))
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

export async function clearCounters(ctx: AppContext, counters: Counter[]): Promise<void> {
  if (counters.length === 0) return;
  await ctx.db
    .deleteFrom('throttle_counters')
    .where(
      'key',
      'in',
      counters.map((c) => c.key.slice(0, 300)),
    )
    .execute();
}

/** Removes counters whose window is over (housekeeping; a stale counter restarts anyway). */
export async function sweepCounters(ctx: AppContext): Promise<void> {
  await ctx.db
    .deleteFrom('throttle_counters')
    .where('window_start', '<', windowStart(ctx, 24 * 60))
    .execute();
}

/** Accounts that some IP may not try any more in the current window (admin page: 锁定的账号). */
export async function lockedAccounts(
  ctx: AppContext,
): Promise<{ userId: number | null; username: string; nickName: string | null; ip: string; count: number; windowStart: string }[]> {
  const rows = await ctx.db
    .selectFrom('throttle_counters as t')
    .leftJoin('users as u', 'u.username', 't.username')
    .select(['u.id as userId', 't.username', 'u.nick_name as nickName', 't.ip', 't.count', 't.window_start as windowStart'])
    .where('t.kind', '=', 'login-pair')
    .where('t.count', '>=', LOGIN_LIMITS.perAccountAndIp)
    .where('t.window_start', '>=', windowStart(ctx, LOGIN_LIMITS.windowMinutes))
    .orderBy('t.window_start', 'desc')
    .execute();
  return rows.map((r) => ({
    userId: r.userId,
    username: r.username ?? '',
    nickName: r.nickName,
    ip: r.ip ?? '',
    count: Number(r.count),
    windowStart: r.windowStart,
  }));
}

/** Lifts every lock and slowdown of an account (all IPs). Returns how many counters were removed. */
export async function unlockAccount(ctx: AppContext, username: string): Promise<number> {
  const result = await ctx.db
    .deleteFrom('throttle_counters')
    .where('username', '=', username)
    .where('kind', 'in', ['login-pair', 'login-account'])
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
