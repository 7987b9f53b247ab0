import type { LockedAccountRow } from '@portal/shared-contract';
import type { AppContext } from '../../../app-context';
import { notFound } from '../../../http/errors';
import { formatShanghai } from '../../../lib/time';
import { lockedAccounts, LOGIN_LIMITS, unlockAccount } from '../../auth/session/login-throttle';

/** An account that one or more IPs may not try any more (5 wrong passwords from that IP in 15 minutes): the contract's row. */
export type { LockedAccountRow };

export async function listLockedAccounts(ctx: AppContext): Promise<LockedAccountRow[]> {
  const byUser = new Map<string, LockedAccountRow>();
  for (const r of await lockedAccounts(ctx)) {
    // Names that are no account (guessed user names) have nothing to unlock.
    if (r.userId === null) continue;
    const until = formatShanghai(new Date(new Date(r.windowStart).getTime() + LOGIN_LIMITS.windowMinutes * 60_000).toISOString());
    const row = byUser.get(r.username) ?? { id: r.userId, UserName: r.username, NickName: r.nickName ?? '', IPs: [], failures: 0, lockedUntil: until };
    row.IPs.push(r.ip);
    row.failures += r.count;
    if (until > row.lockedUntil) row.lockedUntil = until;
    byUser.set(r.username, row);
  }
  return [...byUser.values()];
}

/** Unlocks a user's account for every IP (and lifts the slowdown). */
export async function unlockUser(ctx: AppContext, userId: number): Promise<number> {
  const user = await ctx.db.selectFrom('users').select('username').where('id', '=', userId).executeTakeFirst();
  if (!user) throw notFound('用户不存在');
  return unlockAccount(ctx, user.username);
}
