import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../app-context';
import { guarded, type ActorResolver } from '../../../http/auth';
import { badRequest } from '../../../http/errors';
import { success } from '../../../http/envelope';
import { integer, requestInput } from '../../../http/input';
import { apiPath } from '../../../http/url';
import { listLockedAccounts, unlockUser } from './account-lock';
import { MANAGE_USERS } from './user.routes';

/** Locked accounts and their unlock (administrators: system `user`). */
export function registerAccountLockRoutes(app: FastifyInstance, ctx: AppContext, resolve: ActorResolver): void {
  app.post(apiPath('/api/user/LockedAccounts'), { preHandler: guarded(resolve, MANAGE_USERS) }, async () => {
    const rows = await listLockedAccounts(ctx);
    return { rows, total: rows.length };
  });

  app.post(apiPath('/api/user/Unlock'), { preHandler: guarded(resolve, MANAGE_USERS) }, async (request) => {
    const id = integer(requestInput(request), 'id', undefined, { min: 1, message: '用户ID不正确' });
    if (id === undefined) throw badRequest('请选择用户');
    const cleared = await unlockUser(ctx, id);
    return success('已解锁', { cleared });
  });
}
