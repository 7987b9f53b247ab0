import { Done, LoginCheckReply, LoginReply, PermissionTreeReply } from '@portal/shared-contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../app-context';
import type { ActorResolver } from '../../../http/auth';
import { success } from '../../../http/envelope';
import { Fields, RequiredText, Secret } from '../../../http/input-fields';
import { defineRoute, mountRoutes } from '../../../http/route';
import { changePassword, logout, signIn } from './session.service';

const MSG_NEW_PASSWORD_LENGTH = '新密码长度必须为6到32个字符';

export function registerSessionRoutes(app: FastifyInstance, ctx: AppContext, resolve: ActorResolver): void {
  mountRoutes(app, resolve, [
    defineRoute({
      method: 'POST',
      url: '/api/user/login',
      summary: '登录：返回登录令牌、用户信息和权限树（model）',
      tag: 'auth',
      access: 'public',
      record: 'none',
      input: Fields({
        username: RequiredText('用户名', 50, { messages: { missing: '请输入用户名' } }),
        // Longer than any password we accept: answered like a wrong password.
        password: Secret('密码', 100, { messages: { missing: '请输入密码', tooLong: '用户名或密码错误' } }),
      }),
      reply: LoginReply,
      handler: async ({ input, request }) =>
        signIn(ctx, { username: input.username, password: input.password, ip: request.ip, userAgent: String(request.headers['user-agent'] ?? '') }),
    }),

    defineRoute({
      method: 'POST',
      url: '/api/user/logout',
      summary: '退出登录：结束当前会话',
      tag: 'auth',
      access: 'login',
      record: 'self',
      input: Fields({}),
      reply: Done,
      handler: async ({ actor }) => {
        await logout(ctx, actor.sessionId);
        return success('退出成功');
      },
    }),

    defineRoute({
      method: 'GET',
      url: '/api/user/isApplogin',
      summary: '检查登录是否有效',
      tag: 'auth',
      access: 'login',
      record: 'self',
      input: Fields({}),
      reply: LoginCheckReply,
      handler: async ({ actor }) => success('已登陆', { login: true, UserID: actor.userId }),
    }),

    defineRoute({
      method: 'POST',
      url: '/Api/menu/auth/',
      summary: '当前用户的权限树（与登录返回的 model 相同）',
      tag: 'auth',
      access: 'login',
      record: 'self',
      input: Fields({}),
      reply: PermissionTreeReply,
      handler: async ({ actor }) => success('获取成功', actor.rights),
    }),

    defineRoute({
      method: 'POST',
      url: '/api/user/EditPwd',
      summary: '修改自己的密码（其他会话随之结束）',
      tag: 'auth',
      access: 'login',
      record: 'self',
      input: Fields({
        oldpwd: Secret('原密码', 100),
        newpwd: Secret('新密码', 32, { min: 6, messages: { invalid: MSG_NEW_PASSWORD_LENGTH, tooLong: MSG_NEW_PASSWORD_LENGTH } }),
      }),
      reply: Done,
      handler: async ({ input, actor }) => {
        await changePassword(ctx, actor, input.oldpwd, input.newpwd);
        return success('密码修改成功');
      },
    }),
  ]);
}
