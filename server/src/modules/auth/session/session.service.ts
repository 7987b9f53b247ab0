import { createHash, randomBytes } from 'node:crypto';
import type { AppContext } from '../../../app-context';
import { badRequest, tooManyRequests } from '../../../http/errors';
import { countRecentFailures, recordLogin } from '../../system/login-log/login-log.repo';
import { parseRights } from '../../system/role/permission-tree';
import type { Actor } from './actor';
import { decoyHash, hashPassword, verifyPassword } from './password';

export const MSG_BAD_CREDENTIALS = '用户名或密码错误';
export const MSG_THROTTLED = '登录失败次数过多，请15分钟后再试';
export const MSG_DEPARTED = '该账号已停用';

/** Failed-login limits: per account and per client IP, within a sliding window. */
export const LOGIN_LIMITS = { windowMinutes: 15, perAccount: 5, perIp: 20 } as const;

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

type LoginAttempt = { username: string; password: string; ip: string; userAgent: string };

export type LoginResult = { token: string; actor: Actor };

export async function login(ctx: AppContext, attempt: LoginAttempt): Promise<LoginResult> {
  const now = ctx.clock();
  const since = new Date(now.getTime() - LOGIN_LIMITS.windowMinutes * 60_000).toISOString();
  const [byAccount, byIp] = await Promise.all([
    countRecentFailures(ctx.db, { username: attempt.username }, since),
    countRecentFailures(ctx.db, { ip: attempt.ip }, since),
  ]);
  const user = await ctx.db
    .selectFrom('users')
    .select(['id', 'password_hash', 'quit_status'])
    .where('username', '=', attempt.username)
    .executeTakeFirst();
  const record = (success: boolean) =>
    recordLogin(ctx.db, { userId: user?.id ?? null, username: attempt.username, ip: attempt.ip, userAgent: attempt.userAgent, success, at: now });

  if (byAccount >= LOGIN_LIMITS.perAccount || byIp >= LOGIN_LIMITS.perIp) {
    await record(false);
    throw tooManyRequests(MSG_THROTTLED);
  }
  const passwordOk = await verifyPassword(attempt.password, user?.password_hash ?? (await decoyHash()));
  if (!user || !passwordOk) {
    await record(false);
    throw badRequest(MSG_BAD_CREDENTIALS);
  }
  if (user.quit_status !== 0) {
    await record(false);
    throw badRequest(MSG_DEPARTED);
  }

  const token = randomBytes(32).toString('hex');
  const expires = new Date(now.getTime() + ctx.config.sessionTtlHours * 3600_000);
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
    ])
    .where('s.token_hash', '=', hashToken(token))
    .executeTakeFirst();
  if (!row || row.revoked_at !== null || row.quit_status !== 0) return 'invalid';
  if (row.expires_at <= ctx.clock().toISOString()) return 'invalid';
  return {
    sessionId: row.sessionId,
    userId: row.userId,
    username: row.username,
    nickName: row.nick_name,
    header: row.header,
    branchId: row.branch_id,
    roleId: row.roleId,
    roleName: row.roleName,
    rights: parseRights(row.rights),
    dataScope: row.data_scope,
  };
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

/** Changes the actor's password and ends their other sessions, in one transaction. */
export async function changePassword(ctx: AppContext, actor: Actor, oldPassword: string, newPassword: string): Promise<void> {
  const user = await ctx.db.selectFrom('users').select('password_hash').where('id', '=', actor.userId).executeTakeFirstOrThrow();
  if (!(await verifyPassword(oldPassword, user.password_hash))) throw badRequest(MSG_OLD_PASSWORD_WRONG);
  const hash = await hashPassword(newPassword);
  const now = ctx.clock().toISOString();
  await ctx.db.transaction().execute(async (tx) => {
    await tx.updateTable('users').set({ password_hash: hash }).where('id', '=', actor.userId).execute();
    await tx.updateTable('sessions').set({ revoked_at: now }).where('user_id', '=', actor.userId).where('revoked_at', 'is', null).where('id', '!=', actor.sessionId).execute();
  });
  await ctx.realtime.disconnectUser?.(actor.userId, { allowReconnect: true, exceptSessionId: actor.sessionId });
}
