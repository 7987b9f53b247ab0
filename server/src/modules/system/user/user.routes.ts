import { AvatarHistoryReply, CurrentUserReply, Done } from '@portal/shared-contract';
/** The signed-in user's own profile: who they are (GetUser) and their avatar (个人设置). */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../app-context';
import type { ActorResolver } from '../../../http/auth';
import { success } from '../../../http/envelope';
import { Fields, RequiredText, Text } from '../../../http/input-fields';
import { defineRoute, mountRoutes } from '../../../http/route';
import { avatarHistoryOrRestore, currentUser, setAvatar } from './user-profile.service';

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
      reply: CurrentUserReply,
      handler: async ({ actor }) => currentUser(ctx, actor),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/user/setHeader',
      summary: '设置自己的头像（自己上传的图片），并记入历史头像',
      tag: 'auth',
      access: 'login',
      record: 'self',
      input: Fields({ url: RequiredText('头像', 300, { messages: { missing: '请上传图片' } }) }),
      reply: Done,
      handler: async ({ input, actor }) => {
        await setAvatar(ctx, actor, input.url);
        return success('头像已更新');
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/api/user/setHeaderLOG',
      summary: '历史头像：不带 url 时列出自己的历史头像；带 url 时换回其中一个',
      tag: 'auth',
      access: 'login',
      record: 'self',
      input: Fields({ url: Text('头像', 300) }),
      reply: AvatarHistoryReply,
      handler: async ({ input, actor }) => avatarHistoryOrRestore(ctx, actor, input.url),
    }),
  ]);
}
