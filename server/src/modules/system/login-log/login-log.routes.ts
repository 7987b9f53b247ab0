import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../app-context';
import type { ActorResolver } from '../../../http/auth';
import type { ListReply } from '../../../http/envelope';
import { Fields, Paging } from '../../../http/input-fields';
import { defineRoute, mountRoutes } from '../../../http/route';
import { formatShanghai } from '../../../lib/time';
import { loginRecordScope } from './login-log-scope';
import { listLoginRecords } from './login-log.repo';

export type LoginRecordRow = { id: number; UserName: string; Date: string; IP: string; Ua: string; success: number };

export function registerLoginLogRoutes(app: FastifyInstance, ctx: AppContext, resolve: ActorResolver): void {
  mountRoutes(app, resolve, [
    defineRoute({
      method: 'POST',
      url: '/api/user/getloglos',
      summary: '登录记录：自己的；持有 system Loglos 权限者看其数据范围内的（全部、本部门及下级或本人）',
      tag: 'system',
      access: 'login',
      record: 'self',
      input: Fields({ ...Paging(20) }),
      handler: async ({ input, actor }): Promise<ListReply<LoginRecordRow>> => {
        const result = await listLoginRecords(ctx.db, { userIds: await loginRecordScope(ctx, actor), page: input.page, rows: input.rows });
        return {
          rows: result.rows.map((r) => ({ id: r.id, UserName: r.username, Date: formatShanghai(r.created_at), IP: r.ip, Ua: r.user_agent, success: r.success })),
          total: result.total,
        };
      },
    }),
  ]);
}
