/** The signed-in user's own profile: who they are (GetUser) and their avatar with its history. */
import type { AvatarHistoryRow, CurrentUserReplyBody } from '@portal/shared-contract';
import type { AppContext } from '../../../app-context';
import { transact } from '../../../db/transact';
import { success, type Envelope, type ListReply } from '../../../http/envelope';
import { badRequest } from '../../../http/errors';
import { formatShanghai } from '../../../lib/time';
import type { Actor } from '../../auth/session/actor';
import { loadBranchIndex } from '../branch/branch-index';
import { previousSuccessfulLogin } from '../login-log/login-log.repo';

/** GetUser: the signed-in user, their last login before this one, and (as `model`) their rights tree. */
export async function currentUser(ctx: AppContext, actor: Actor): Promise<CurrentUserReplyBody> {
  const [branches, last] = await Promise.all([loadBranchIndex(ctx.db), previousSuccessfulLogin(ctx.db, actor.userId)]);
  return {
    ...success('获取成功', {
      UserID: actor.userId,
      NickName: actor.nickName,
      header: actor.header,
      BranchID: actor.branchId ?? 0,
      BranchName: branches.get(actor.branchId)?.name ?? '',
      rolename: actor.roleName,
      ShopID: branches.rootOf(actor.branchId) ?? 0,
      lastLogin: last ? { Date: formatShanghai(last.created_at), IP: last.ip } : null,
    }),
    model: actor.rights,
  };
}

/** The stored address of an image the actor uploaded, or a 400 naming the field. */
async function ownImage(ctx: AppContext, actor: Actor, url: string): Promise<string> {
  // Uploaded as picType 'avatar', so that everyone who sees the name may see the picture (file-access.ts).
  const file = await ctx.db
    .selectFrom('files')
    .select(['url', 'is_image', 'pic_type'])
    .where('url', '=', url)
    .where('user_id', '=', actor.userId)
    .executeTakeFirst();
  if (!file || file.pic_type !== 'avatar') throw badRequest('头像图片不存在，请先上传');
  if (file.is_image !== 1) throw badRequest('头像必须是图片');
  return file.url;
}

/** Sets the actor's avatar to an image they uploaded and keeps it in their avatar history. */
export async function setAvatar(ctx: AppContext, actor: Actor, url: string): Promise<void> {
  const stored = await ownImage(ctx, actor, url);
  await transact(ctx, async (tx) => {
    await tx.updateTable('users').set({ header: stored }).where('id', '=', actor.userId).execute();
    await tx.insertInto('avatar_history').values({ user_id: actor.userId, url: stored, created_at: ctx.clock().toISOString() }).execute();
  });
}

export type { AvatarHistoryRow };

export async function avatarHistory(ctx: AppContext, actor: Actor): Promise<AvatarHistoryRow[]> {
  const [rows, me] = await Promise.all([
    ctx.db
      .selectFrom('avatar_history')
      .select(['id', 'url', 'created_at'])
      .where('user_id', '=', actor.userId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(50)
      .execute(),
    ctx.db.selectFrom('users').select('header').where('id', '=', actor.userId).executeTakeFirstOrThrow(),
  ]);
  return rows.map((r) => ({ id: r.id, url: r.url, addTime: formatShanghai(r.created_at), current: r.url === me.header }));
}

/** Back to an avatar of the history (no new history entry). */
export async function restoreAvatar(ctx: AppContext, actor: Actor, url: string): Promise<void> {
  const known = await ctx.db.selectFrom('avatar_history').select('url').where('user_id', '=', actor.userId).where('url', '=', url).executeTakeFirst();
  if (!known) throw badRequest('该头像不在您的历史头像中');
  await ctx.db.updateTable('users').set({ header: known.url }).where('id', '=', actor.userId).execute();
}

/** setHeaderLOG: without `url` the avatar history; with one, back to that avatar. */
export async function avatarHistoryOrRestore(ctx: AppContext, actor: Actor, url: string): Promise<Envelope<never> | ListReply<AvatarHistoryRow>> {
  if (url) {
    await restoreAvatar(ctx, actor, url);
    return success('头像已更新');
  }
  const rows = await avatarHistory(ctx, actor);
  return { rows, total: rows.length };
}
