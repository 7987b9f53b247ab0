import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../app-context';
import type { ActorResolver } from '../../../http/auth';
import { Type } from '@sinclair/typebox';
import type { ListReply } from '../../../http/envelope';
import { badRequest } from '../../../http/errors';
import { Fields, Flag, Integer, MAX_ID, Paging, Text } from '../../../http/input-fields';
import { defineRoute, mountRoutes } from '../../../http/route';
import { formatShanghai, parseShanghaiDateTime } from '../../../lib/time';
import { loadBranchIndex } from '../branch/branch-index';
import { loginRecordScope } from './login-log-scope';
import { browserOf, listLoginRecords } from './login-log.repo';

export type LoginRecordRow = {
  id: number;
  UserName: string;
  NickName: string;
  BranchName: string;
  Date: string;
  IP: string;
  Ua: string;
  browser: string;
  success: number;
  result: string;
};

const DATE = '^(\\d{4}-\\d{2}-\\d{2})?$';

/** A Shanghai calendar day as an ISO bound: its start, or (end=true) the start of the next day. */
function dayBound(day: string, label: string, end: boolean): string | undefined {
  if (!day) return undefined;
  const start = parseShanghaiDateTime(`${day} 00:00:00`);
  if (!start) throw badRequest(`${label}格式不正确`);
  return end ? new Date(Date.parse(start) + 86_400_000).toISOString() : start;
}

export function registerLoginLogRoutes(app: FastifyInstance, ctx: AppContext, resolve: ActorResolver): void {
  mountRoutes(app, resolve, [
    defineRoute({
      method: 'POST',
      url: '/api/user/getloglos',
      summary: '登录记录：自己的；持有 system Loglos 权限者看其数据范围内的（全部、本部门及下级、本部门或本人）；按员工、部门、日期、结果筛选',
      tag: 'system',
      access: 'login',
      record: 'self',
      input: Fields({
        ...Paging(20),
        userId: Integer('员工', { min: 0, max: MAX_ID, fallback: 0 }),
        BranchID: Integer('部门', { min: 0, max: MAX_ID, fallback: 0 }),
        start: Text('开始日期', 10, { pattern: DATE }),
        end: Text('结束日期', 10, { pattern: DATE }),
        success: Type.Optional(Flag('登录结果', undefined)),
      }),
      handler: async ({ input, actor }): Promise<ListReply<LoginRecordRow>> => {
        let userIds = await loginRecordScope(ctx, actor);
        const narrow = (ids: number[]) => {
          userIds = userIds === undefined ? ids : userIds.filter((id) => ids.includes(id));
        };
        if (input.userId) narrow([input.userId]);
        if (input.BranchID) {
          const branches = await loadBranchIndex(ctx.db);
          if (!branches.get(input.BranchID)) throw badRequest('部门不存在');
          const members = await ctx.db.selectFrom('users').select('id').where('branch_id', 'in', branches.subtreeIds(input.BranchID)).execute();
          narrow(members.map((m) => m.id));
        }
        const from = dayBound(input.start, '开始日期', false);
        const to = dayBound(input.end, '结束日期', true);
        if (from && to && from >= to) throw badRequest('结束日期不能早于开始日期');
        const result = await listLoginRecords(ctx.db, { userIds, from, to, success: input.success, page: input.page, rows: input.rows });
        const people = [...new Set(result.rows.flatMap((r) => (r.user_id === null ? [] : [r.user_id])))];
        const names = new Map(
          people.length === 0
            ? []
            : (
                await ctx.db
                  .selectFrom('users as u')
                  .leftJoin('branches as b', 'b.id', 'u.branch_id')
                  .select(['u.id', 'u.nick_name', 'b.name as branch_name'])
                  .where('u.id', 'in', people)
                  .execute()
              ).map((u) => [u.id, u]),
        );
        return {
          rows: result.rows.map((r) => {
            const who = r.user_id === null ? undefined : names.get(r.user_id);
            return {
              id: r.id,
              UserName: r.username,
              NickName: who?.nick_name ?? '',
              BranchName: who?.branch_name ?? '',
              Date: formatShanghai(r.created_at),
              IP: r.ip,
              Ua: r.user_agent,
              browser: browserOf(r.user_agent),
              success: r.success,
              result: r.success === 1 ? '成功' : '失败',
            };
          }),
          total: result.total,
        };
      },
    }),
  ]);
}
