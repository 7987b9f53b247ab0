import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../app-context';
import { actorOf, guarded, type ActorResolver } from '../../../http/auth';
import { badRequest } from '../../../http/errors';
import { success } from '../../../http/envelope';
import { requestInput, text } from '../../../http/input';
import { apiPath } from '../../../http/url';
import { loadBranchIndex } from '../../system/branch/branch-index';
import { changePassword, login, logout } from './session.service';

export function registerSessionRoutes(app: FastifyInstance, ctx: AppContext, resolve: ActorResolver): void {
  app.post(apiPath('/api/user/login'), async (request) => {
    const input = requestInput(request);
    const username = text(input, 'username', { label: '用户名', required: true, requiredMessage: '请输入用户名', max: 50 });
    const password = typeof input.password === 'string' ? input.password : input.password === undefined ? '' : String(input.password);
    if (password === '') throw badRequest('请输入密码');
    if (password.length > 100) throw badRequest('用户名或密码错误');
    const userAgent = String(request.headers['user-agent'] ?? '');
    const { token, actor } = await login(ctx, { username, password, ip: request.ip, userAgent });
    const branches = await loadBranchIndex(ctx.db);
    return {
      ...success('登录成功', {
        LoginToken: token,
        NickName: actor.nickName,
        UserID: actor.userId,
        ShopID: branches.rootOf(actor.branchId) ?? 0,
        header: actor.header,
      }),
      model: actor.rights,
    };
  });

  app.post(apiPath('/api/user/logout'), { preHandler: guarded(resolve) }, async (request) => {
    await logout(ctx, actorOf(request).sessionId);
    return success('退出成功');
  });

  app.get(apiPath('/api/user/isApplogin'), { preHandler: guarded(resolve) }, async (request) => {
    return success('已登陆', { login: true, UserID: actorOf(request).userId });
  });

  /** Fresh permissions (spec §7 `POST /Api/menu/auth/`). */
  app.post(apiPath('/Api/menu/auth/'), { preHandler: guarded(resolve) }, async (request) => {
    return success('获取成功', actorOf(request).rights);
  });

  app.post(apiPath('/api/user/EditPwd'), { preHandler: guarded(resolve) }, async (request) => {
    const actor = actorOf(request);
    const input = requestInput(request);
    const oldpwd = typeof input.oldpwd === 'string' ? input.oldpwd : '';
    const newpwd = typeof input.newpwd === 'string' ? input.newpwd : '';
    if (oldpwd === '') throw badRequest('原密码不能为空');
    if (newpwd === '') throw badRequest('新密码不能为空');
    if ([...newpwd].length < 6 || [...newpwd].length > 32) throw badRequest('新密码长度必须为6到32个字符');
    await changePassword(ctx, actor, oldpwd, newpwd);
    return success('密码修改成功');
  });
}
