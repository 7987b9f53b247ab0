import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../app-context';
import { actorOf, guarded, type ActorResolver } from '../../../http/auth';
import type { ListReply } from '../../../http/envelope';
import { integer, requestInput } from '../../../http/input';
import { apiPath } from '../../../http/url';
import { formatShanghai } from '../../../lib/time';
import { loginRecordScope } from './login-log-scope';
import { listLoginRecords } from './login-log.repo';

export type LoginRecordRow = { id: number; UserName: string; Date: string; IP: string; Ua: string; success: number };

export function registerLoginLogRoutes(app: FastifyInstance, ctx: AppContext, resolve: ActorResolver): void {
  /** Own login records; holders of system `Loglos` see those within their data scope (login-log-scope.ts). */
  app.post(apiPath('/api/user/getloglos'), { preHandler: guarded(resolve) }, async (request): Promise<ListReply<LoginRecordRow>> => {
    const actor = actorOf(request);
    const input = requestInput(request);
    const page = integer(input, 'page', 1, { min: 1, message: '页码必须是正整数' });
    const rows = integer(input, 'rows', 20, { min: 1, max: 200, message: '每页条数必须是1到200之间的整数' });
    const result = await listLoginRecords(ctx.db, { userIds: await loginRecordScope(ctx, actor), page, rows });
    return {
      rows: result.rows.map((r) => ({ id: r.id, UserName: r.username, Date: formatShanghai(r.created_at), IP: r.ip, Ua: r.user_agent, success: r.success })),
      total: result.total,
    };
  });
}
