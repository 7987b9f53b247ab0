import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context';
import { actorOf, guarded, type ActorResolver } from '../../http/auth';
import { badRequest } from '../../http/errors';
import { success } from '../../http/envelope';
import { idList, integer, requestInput } from '../../http/input';
import { apiPath } from '../../http/url';
import { listNotifications, markNotificationsRead } from './notification.service';

/** Everyone logged in has a drawer; each user reads and marks only their own notifications. */
export function registerNotificationRoutes(app: FastifyInstance, ctx: AppContext, resolve: ActorResolver): void {
  app.post(apiPath('/api/notification/index'), { preHandler: guarded(resolve) }, async (request) => {
    const input = requestInput(request);
    const page = integer(input, 'page', 1, { min: 1, max: 1_000_000, message: '页码必须是正整数' });
    const rows = integer(input, 'rows', 10, { min: 1, max: 100, message: '每页条数必须是1到100之间的整数' });
    const isread = integer(input, 'isread', 0, { min: 0, max: 1, message: '已读状态只能是0或1' }) as 0 | 1;
    return listNotifications(ctx, actorOf(request).userId, { page, rows, isread });
  });

  app.post(apiPath('/api/notification/setread'), { preHandler: guarded(resolve) }, async (request) => {
    const input = requestInput(request);
    const raw = input.ids;
    const all = typeof raw === 'string' && raw.trim().toLowerCase() === 'all';
    const ids = all ? 'all' : idList(input, 'ids', { missing: '请选择要标记的消息', invalid: '消息ID不正确' });
    if (ids !== 'all' && ids.length > 1000) throw badRequest('一次最多标记1000条消息');
    const count = await markNotificationsRead(ctx, actorOf(request).userId, ids);
    return success('已标记为已读', { count });
  });
}
