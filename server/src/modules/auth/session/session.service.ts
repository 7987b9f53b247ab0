import { createHash, randomBytes } from 'node:crypto';
import type { LoginReplyBody } from '@portal/shared-contract';
import type { AppContext } from '../../../app-context';
import { success } from '../../../http/envelope';
import { badRequest, tooManyRequests } from '../../../http/errors';
import { loadBranchIndex } from '../../system/branch/branch-index';
import { recordLogin } from '../../system/login-log/login-log.repo';
import { passwordProblem, readSettings } from '../../system/settings/settings.service';
import { actorOfRow, type Actor } from './actor';
import { decoyHash, hashPassword, verifyPassword } from './password';
import {
  clearCounters,
  countAttempt,
  currentCount,
  loginAccountKey,
  loginIpKey,
  loginPairKey,
  LOGIN_LIMITS,
  PASSWORD_CHANGE_LIMIT,
  refundAttempt,
  type Counter,
} from './login-throttle';

export const MSG_BAD_CREDENTIALS = '用户名或密码错误';
export const MSG_THROTTLED = '登录失败次数过多，请15分钟后再试';
export const MSG_DEPARTED = '该账号已停用';

export { LOGIN_LIMITS };

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

type LoginAttempt = { username: string; password: string; ip: string; userAgent: string };

export type LoginResult = { token: string; actor: Actor };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Logs in. Throttling (issue #12, login-throttle.ts): the attempt is counted for the account from
 * this IP and for this IP BEFORE the password is checked, atomically, so parallel guesses cannot all
 * pass: past 5 (account + IP) or 20 (IP) in 15 minutes the answer is 429 without a check. Failures
 * from other IPs never lock the account for the user's own IP: once the account has 5 failures in
 * the window, every try of it is only slowed down. A success gives its counted attempt back.
 */
export async function login(ctx: AppContext, attempt: LoginAttempt): Promise<LoginResult> {
  const now = ctx.clock();
  // 基础设置 › 登录安全: failures per account and IP, and how long a login lasts.
  const security = await readSettings(ctx.db, { sessionHours: ctx.config.sessionTtlHours });
  const pair = loginPairKey(attempt.username, attempt.ip);
  const byIp = loginIpKey(attempt.ip);
  const account = loginAccountKey(attempt.username);
  const [pairCount, ipCount] = await Promise.all([countAttempt(ctx, pair, LOGIN_LIMITS.windowMinutes), countAttempt(ctx, byIp, LOGIN_LIMITS.windowMinutes)]);
  const user = await ctx.db.selectFrom('users').select(['id', 'password_hash', 'quit_status']).where('username', '=', attempt.username).executeTakeFirst();
  const record = (success: boolean) =>
    recordLogin(ctx.db, { userId: user?.id ?? null, username: attempt.username, ip: attempt.ip, userAgent: attempt.userAgent, success, at: now });

  if (pairCount > security.loginFailLimit || ipCount > LOGIN_LIMITS.perIp) {
    await record(false);
    throw tooManyRequests(MSG_THROTTLED);
  }
  if ((await currentCount(ctx, account, LOGIN_LIMITS.windowMinutes)) >= LOGIN_LIMITS.slowAccountAfter) await sleep(LOGIN_LIMITS.slowdownMs);
  const passwordOk = await verifyPassword(attempt.password, user?.password_hash ?? (await decoyHash()));
  if (!user || !passwordOk) {
    await countAttempt(ctx, account, LOGIN_LIMITS.windowMinutes);
    await record(false);
    throw badRequest(MSG_BAD_CREDENTIALS);
  }
  if (user.quit_status !== 0) {
    await record(false);
    throw badRequest(MSG_DEPARTED);
  }
  // The right password: this IP's failures on the account are forgiven, its IP attempt given back.
  await Promise.all([clearCounters(ctx, [pair]), refundAttempt(ctx, byIp)]);

  const token = randomBytes(32).toString('hex');
  const expires = new Date(now.getTime() + security.sessionHours * 3600_000);
  await ctx.db.transaction().execute(async (tx) => {
    await tx
      .insertInto('sessions')
      .values({
        user_id: user.id,
        token_hash: hashToken(token),
        created_at: now.toISOString(),
        expires_at: expires.toISOString(),
        revoked_at: null,
        ip: attempt.ip,
        user_agent: attempt.userAgent.slice(0, 500),
      })
      .execute();
    await recordLogin(tx, { userId: user.id, username: attempt.username, ip: attempt.ip, userAgent: attempt.userAgent, success: true, at: now });
  });
  const actor = await resolveActor(ctx, token);
  if (actor === 'invalid') throw new Error('session just created could not be resolved');
  return { token, actor };
}

/** api/user/login's reply: the token, who signed in, and (as `model`) their rights tree. */
export async function signIn(ctx: AppContext, attempt: LoginAttempt): Promise<LoginReplyBody> {
  const { token, actor } = await login(ctx, attempt);
  const branches = await loadBranchIndex(ctx.db);
  return {
    ...success('登录成功', {
      LoginToken: token,
      NickName: actor.nickName,
      UserID: actor.userId,
      ShopID: branches.rootOf(actor.branchId) ?? 0,
      header: actor.header,
    }),
    model: actor.rights,
  };
}

/** The actor behind a token, or 'invalid' when it is unknown, expired, revoked or its user departed. */
export async function resolveActor(ctx: AppContext, token: string): Promise<Actor | 'invalid'> {
  if (!/^[0-9a-f]{64}$/.test(token)) return 'invalid';
  const row = await ctx.db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .innerJoin('roles as r', 'r.id', 'u.role_id')
    .select([
      's.id as sessionId',
      's.expires_at',
      's.revoked_at',
      'u.id as userId',
      'u.username',
      'u.nick_name',
      'u.header',
      'u.branch_id',
      'u.quit_status',
      'r.id as roleId',
      'r.name as roleName',
      'r.rights',
      'r.data_scope',
      'r.built_in',
    ])
    .where('s.token_hash', '=', hashToken(token))
    .executeTakeFirst();
  if (!row || row.revoked_at !== null || row.quit_status !== 0) return 'invalid';
  if (row.expires_at <= ctx.clock().toISOString()) return 'invalid';
  return actorOfRow(row.sessionId, row);
}

export async function logout(ctx: AppContext, sessionId: number): Promise<void> {
  await ctx.db.updateTable('sessions').set({ revoked_at: ctx.clock().toISOString() }).where('id', '=', sessionId).where('revoked_at', 'is', null).execute();
}

/** Revokes every live session of a user, except `keepSessionId` when given. Returns how many. */
export async function revokeUserSessions(ctx: AppContext, userId: number, keepSessionId?: number): Promise<number> {
  let q = ctx.db.updateTable('sessions').set({ revoked_at: ctx.clock().toISOString() }).where('user_id', '=', userId).where('revoked_at', 'is', null);
  if (keepSessionId !== undefined) q = q.where('id', '!=', keepSessionId);
  const result = await q.executeTakeFirst();
  // Open realtime connections of the ended sessions reconnect and are refused with the revoked key.
  await ctx.realtime.disconnectUser?.(userId, { allowReconnect: true, exceptSessionId: keepSessionId });
  return Number(result.numUpdatedRows);
}

export const MSG_OLD_PASSWORD_WRONG = '原密码错误';
export const MSG_PASSWORD_THROTTLED = '原密码错误次数过多，请15分钟后再试';
export const MSG_PASSWORD_CHANGED_MEANWHILE = '密码已在别处被修改，本次修改未生效，请重新登录后再试';

const passwordKey = (userId: number): Counter => ({ key: `password:${userId}`, kind: 'password' });

/**
 * Changes the actor's password and ends their other sessions, in one transaction. The old password
 * is an oracle, so it is throttled like the login (5 tries per user in 15 minutes, counted before the
 * check); the update is conditional on the hash that was checked, so of two simultaneous changes only
 * one succeeds and the other is told so.
 */
export async function changePassword(ctx: AppContext, actor: Actor, oldPassword: string, newPassword: string): Promise<void> {
  const problem = passwordProblem(await readSettings(ctx.db), newPassword, '新密码');
  if (problem) throw badRequest(problem);
  const counter = passwordKey(actor.userId);
  if ((await countAttempt(ctx, counter, PASSWORD_CHANGE_LIMIT.windowMinutes)) > PASSWORD_CHANGE_LIMIT.perUser) throw tooManyRequests(MSG_PASSWORD_THROTTLED);
  const user = await ctx.db.selectFrom('users').select('password_hash').where('id', '=', actor.userId).executeTakeFirstOrThrow();
  if (!(await verifyPassword(oldPassword, user.password_hash))) throw badRequest(MSG_OLD_PASSWORD_WRONG);
  await refundAttempt(ctx, counter);
  const hash = await hashPassword(newPassword);
  const now = ctx.clock().toISOString();
  await ctx.db.transaction().execute(async (tx) => {
    const changed = await tx
      .updateTable('users')
      .set({ password_hash: hash })
      .where('id', '=', actor.userId)
      .where('password_hash', '=', user.password_hash)
      .executeTakeFirst();
    if (Number(changed.numUpdatedRows) !== 1) throw badRequest(MSG_PASSWORD_CHANGED_MEANWHILE);
    await tx
      .updateTable('sessions')
      .set({ revoked_at: now })
      .where('user_id', '=', actor.userId)
      .where('revoked_at', 'is', null)
      .where('id', '!=', actor.sessionId)
      .execute();
  });
  await ctx.realtime.disconnectUser?.(actor.userId, { allowReconnect: true, exceptSessionId: actor.sessionId });
}
