/**
 * 版本管理 (issue #13 §5): the releases of each remote, rollback with a click, and the report a
 * browser sends when a remote's build fails to load (self-healing delivery).
 */
import { ReleaseListReply, ReleaseReportReply, ReleaseRollbackReply } from '@portal/shared-contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../app-context';
import { can, type ActorResolver } from '../../../http/auth';
import { success } from '../../../http/envelope';
import { badRequest, tooManyRequests } from '../../../http/errors';
import { Fields, OneOf, RequiredText, Text } from '../../../http/input-fields';
import { defineRoute, mountRoutes } from '../../../http/route';
import { DeliveryError } from '../../../release/delivery';
import { countAttempt } from '../../auth/session/login-throttle';
import { handleFailureReport, listReleases, rollbackFromPage } from './release-admin.service';

const AREAS = ['crm', 'oa', 'bi', 'system'] as const;
const FOLDER = '^[0-9A-Za-z.+_-]+$';
/** Reports per user and window: a browser sends at most one per remote and page load. */
export const REPORT_LIMIT = { windowMinutes: 10, perUser: 20 } as const;
export const MSG_REPORT_THROTTLED = '报告过于频繁，请稍后再试';

export function registerReleaseRoutes(app: FastifyInstance, ctx: AppContext, resolve: ActorResolver): void {
  mountRoutes(app, resolve, [
    defineRoute({
      method: 'POST',
      url: '/api/release/report',
      summary: '报告某模块版本在浏览器中加载失败：记录日志，标记为故障版本并回滚到上一个正常版本，通知系统管理员',
      description: '壳应用在模块的清单、入口或 routes 模块加载失败并改用上一个正常版本时调用；每个用户限频。',
      tag: 'system',
      access: 'login',
      record: 'none',
      input: Fields({
        remote: OneOf('模块', AREAS, undefined),
        folder: RequiredText('失败版本', 120, { pattern: FOLDER }),
        error: Text('错误信息', 4000),
        fallback: Text('回退版本', 120, { pattern: '^([0-9A-Za-z.+_-]+)?$' }),
      }),
      reply: ReleaseReportReply,
      handler: async ({ input, actor }) => {
        const count = await countAttempt(ctx, { key: `remote-report:${actor.userId}`, kind: 'remote-report' }, REPORT_LIMIT.windowMinutes);
        if (count > REPORT_LIMIT.perUser) throw tooManyRequests(MSG_REPORT_THROTTLED);
        const outcome = await handleFailureReport(ctx, actor, { area: input.remote, folder: input.folder, error: input.error, fallback: input.fallback });
        return success(
          '已报告',
          outcome.status === 'marked' ? { marked: true, current: outcome.rolledBack?.folder ?? null } : { marked: false, reason: outcome.reason },
        );
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/api/release/list',
      summary: '版本管理：各模块的发布记录（版本、时间、发布人、共享依赖版本），当前版本、上一个正常版本和故障版本',
      tag: 'system',
      access: can('system', 'release'),
      record: 'none',
      input: Fields({}),
      reply: ReleaseListReply,
      handler: async () => success('', await listReleases(ctx)),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/release/rollback',
      summary: '版本管理：把某模块回滚到指定的已发布版本（与 pnpm rollback <模块> --to <版本> 相同），记录操作人',
      tag: 'system',
      access: can('system', 'release'),
      record: 'none',
      input: Fields({
        remote: OneOf('模块', AREAS, undefined),
        folder: RequiredText('版本', 120, { pattern: FOLDER }),
      }),
      reply: ReleaseRollbackReply,
      handler: async ({ input, actor }) => {
        try {
          const result = await rollbackFromPage(ctx, actor, input.remote, input.folder);
          return success('回滚成功', { current: result.folder, previous: result.previousFolder ?? null });
        } catch (error) {
          if (error instanceof DeliveryError) throw badRequest(`回滚失败：${error.message}`);
          throw error;
        }
      },
    }),
  ]);
}
