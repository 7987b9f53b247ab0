import { NotificationListReply, NotificationsReadReply } from '@portal/shared-contract';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context';
import type { ActorResolver } from '../../http/auth';
import { success } from '../../http/envelope';
import { Fields, Flag, Ids, MESSAGES_KEYWORD, Paging } from '../../http/input-fields';
import { defineRoute, mountRoutes } from '../../http/route';
import { listNotifications, markNotificationsRead } from './notification.service';

const MSG_NO_IDS = '请选择要标记的消息';

/** Everyone logged in has a drawer; each user reads and marks only their own notifications. */
export function registerNotificationRoutes(app: FastifyInstance, ctx: AppContext, resolve: ActorResolver): void {
  mountRoutes(app, resolve, [
    defineRoute({
      method: 'POST',
      url: '/api/notification/index',
      summary: '消息提醒列表（isread：0 未读，1 已读）',
      tag: 'notification',
      access: 'login',
      record: 'self',
      input: Fields({ ...Paging(10, 100), isread: Flag('已读状态', 0, { messages: { invalid: '已读状态只能是0或1' } }) }),
      reply: NotificationListReply,
      handler: async ({ input, actor }) => listNotifications(ctx, actor.userId, input),
    }),

    defineRoute({
      method: 'POST',
      url: '/api/notification/setread',
      summary: '标记消息为已读（ids 逗号分隔，或 all 表示全部）',
      tag: 'notification',
      access: 'login',
      record: 'self',
      input: Fields({
        ids: Type.Union([Type.Literal('all'), Ids('消息', 1000)], {
          title: '消息',
          [MESSAGES_KEYWORD]: { missing: MSG_NO_IDS, invalid: '消息ID不正确', tooMany: '一次最多标记1000条消息' },
        }),
      }),
      reply: NotificationsReadReply,
      handler: async ({ input, actor }) => {
        const count = await markNotificationsRead(ctx, actor.userId, input.ids);
        return success('已标记为已读', { count });
      },
    }),
  ]);
}
