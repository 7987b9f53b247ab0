import { LockedAccountListReply, UnlockReply } from '@portal/shared-contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../app-context';
import { can, type ActorResolver } from '../../../http/auth';
import { success } from '../../../http/envelope';
import { Fields, Id } from '../../../http/input-fields';
import { defineRoute, mountRoutes } from '../../../http/route';
import { listLockedAccounts, unlockUser } from './account-lock';

/** Locked accounts and their unlock (administrators who may edit staff: system `user:edit`). */
export function registerAccountLockRoutes(app: FastifyInstance, ctx: AppContext, resolve: ActorResolver): void {
  mountRoutes(app, resolve, [
    defineRoute({
      method: 'POST',
      url: '/api/user/LockedAccounts',
      summary: '因登录失败被限制（锁定或减速）的账号',
      tag: 'system',
      access: can('system', 'user:edit'),
      record: 'none',
      input: Fields({}),
      reply: LockedAccountListReply,
      handler: async () => {
        const rows = await listLockedAccounts(ctx);
        return { rows, total: rows.length };
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/api/user/Unlock',
      summary: '解除账号的登录限制（id）',
      tag: 'system',
      access: can('system', 'user:edit'),
      record: 'none',
      input: Fields({ id: Id('用户', { messages: { missing: '请选择用户', invalid: '用户ID不正确' } }) }),
      reply: UnlockReply,
      handler: async ({ input }) => success('已解锁', { cleared: await unlockUser(ctx, input.id) }),
    }),
  ]);
}
