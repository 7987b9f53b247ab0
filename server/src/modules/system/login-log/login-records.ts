/** 登录记录 (api/user/getloglos): the records the actor may see, narrowed by person, department, days and result, with names. */
import type { LoginRecordRow } from '@portal/shared-contract';
import type { AppContext } from '../../../app-context';
import type { ListReply } from '../../../http/envelope';
import { badRequest } from '../../../http/errors';
import { formatShanghai, parseShanghaiDateTime } from '../../../lib/time';
import type { Actor } from '../../auth/session/actor';
import { loadBranchIndex } from '../branch/branch-index';
import { loginRecordScope } from './login-log-scope';
import { browserOf, listLoginRecords } from './login-log.repo';

/** The reply's row is the contract's (登录记录 reads the same type). */
export type { LoginRecordRow };

/** A Shanghai calendar day as an ISO bound: its start, or (end=true) the start of the next day. */
function dayBound(day: string, label: string, end: boolean): string | undefined {
  if (!day) return undefined;
  const start = parseShanghaiDateTime(`${day} 00:00:00`);
  if (!start) throw badRequest(`${label}格式不正确`);
  return end ? new Date(Date.parse(start) + 86_400_000).toISOString() : start;
}

export type LoginRecordFilter = { page: number; rows: number; userId: number; BranchID: number; start: string; end: string; success?: 0 | 1 };

/** Own records; a holder of system Loglos those within their data scope. */
export async function loginRecords(ctx: AppContext, actor: Actor, input: LoginRecordFilter): Promise<ListReply<LoginRecordRow>> {
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
}
