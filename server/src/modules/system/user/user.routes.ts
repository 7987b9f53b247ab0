import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../app-context';
import { actorOf, guarded, type ActorResolver, type Permission } from '../../../http/auth';
import { badRequest, notFound } from '../../../http/errors';
import { success } from '../../../http/envelope';
import { integer, requestInput } from '../../../http/input';
import { apiPath } from '../../../http/url';
import { formatShanghai } from '../../../lib/time';
import { revokeUserSessions } from '../../auth/session/session.service';
import { loadBranchIndex } from '../branch/branch-index';
import { previousSuccessfulLogin } from '../login-log/login-log.repo';
import { hasRight } from '../role/permission-tree';

export const MANAGE_USERS: Permission = { label: "system 'user'", allows: (t) => hasRight(t, 'system', 'user') };

export function registerUserRoutes(app: FastifyInstance, ctx: AppContext, resolve: ActorResolver): void {
  /** The current user (spec §3 login user info + last login record). */
  app.post(apiPath('/api/user/GetUser'), { preHandler: guarded(resolve) }, async (request) => {
    const actor = actorOf(request);
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
  });

  /** Ends every session of a user at once (administrators). */
  app.post(apiPath('/api/user/RevokeSessions'), { preHandler: guarded(resolve, MANAGE_USERS) }, async (request) => {
    const id = integer(requestInput(request), 'id', undefined, { min: 1, message: '用户ID不正确' });
    if (id === undefined) throw badRequest('请选择用户');
    const user = await ctx.db.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst();
    if (!user) throw notFound('用户不存在');
    const revoked = await revokeUserSessions(ctx, id);
    return success('已强制下线', { revoked });
  });
}
