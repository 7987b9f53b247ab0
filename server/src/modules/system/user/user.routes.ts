import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../app-context';
import { can, type ActorResolver } from '../../../http/auth';
import { notFound } from '../../../http/errors';
import { success } from '../../../http/envelope';
import { Fields, Id } from '../../../http/input-fields';
import { defineRoute, mountRoutes } from '../../../http/route';
import { formatShanghai } from '../../../lib/time';
import { revokeUserSessions } from '../../auth/session/session.service';
import { loadBranchIndex } from '../branch/branch-index';
import { previousSuccessfulLogin } from '../login-log/login-log.repo';

export function registerUserRoutes(app: FastifyInstance, ctx: AppContext, resolve: ActorResolver): void {
  mountRoutes(app, resolve, [
    defineRoute({
      method: 'POST',
      url: '/api/user/GetUser',
      summary: '当前用户信息、上次登录记录和权限树',
      tag: 'auth',
      access: 'login',
      record: 'self',
      input: Fields({}),
      handler: async ({ actor }) => {
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
      },
    }),

    defineRoute({
      method: 'POST',
      url: '/api/user/RevokeSessions',
      summary: '强制下线：结束一个用户的全部会话',
      tag: 'system',
      access: can('system', 'user:edit'),
      record: 'none',
      input: Fields({ id: Id('用户', { messages: { invalid: '用户ID不正确' } }) }),
      handler: async ({ input }) => {
        const user = await ctx.db.selectFrom('users').select('id').where('id', '=', input.id).executeTakeFirst();
        if (!user) throw notFound('用户不存在');
        const revoked = await revokeUserSessions(ctx, input.id);
        return success('已强制下线', { revoked });
      },
    }),
  ]);
}
