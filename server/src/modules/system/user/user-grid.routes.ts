import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../app-context';
import { guarded, type ActorResolver } from '../../../http/auth';
import { badRequest } from '../../../http/errors';
import type { ListReply } from '../../../http/envelope';
import { integer, requestInput, text, type Input } from '../../../http/input';
import { apiPath } from '../../../http/url';
import { containsAny } from '../../shared/contains-search';
import { loadBranchIndex } from '../branch/branch-index';

/** A row of the user picker (spec §3 User; team contract `api/user/GetGridJson`). */
export type UserGridRow = {
  UserID: number;
  NickName: string;
  Header: string;
  Headimg: string;
  rolename: string;
  BranchID: number;
  BranchName: string;
  /** 0 employed (在职), otherwise departed (离职). */
  QuitStatus: number;
};

export type UserGridQuery = { page: number; rows: number; branchId?: number; nickName: string; quitStatus?: 0 | 1 };

/** Page size of the user picker (spec §9). */
export const USER_PICKER_ROWS = 20;

/**
 * `BranchID` picks a department tree node and lists its staff and the staff of every node below it
 * (0 or absent: everyone). `parent` (spec §7) is validated and otherwise does not change the result:
 * the subtree of BranchID already covers what a tree node shows. `QuitStatus` (optional)
 * narrows to employed (0) or departed (1) staff; without it both are listed, employed first.
 */
export function parseUserGridQuery(input: Input): UserGridQuery {
  const page = integer(input, 'page', 1, { min: 1, max: 1_000_000, message: '页码必须是正整数' });
  const rows = integer(input, 'rows', USER_PICKER_ROWS, { min: 1, max: 200, message: '每页条数必须是1到200之间的整数' });
  const branchId = integer(input, 'BranchID', undefined, { min: 0, message: '部门ID不正确' });
  integer(input, 'parent', undefined, { min: 0, message: '上级部门ID不正确' });
  const nickName = text(input, 'NickName', { label: '姓名', max: 50 });
  const quitStatus = integer(input, 'QuitStatus', undefined, { min: 0, max: 1, message: '在职状态不正确' }) as 0 | 1 | undefined;
  return { page, rows, branchId: branchId || undefined, nickName, quitStatus };
}

export async function listUserGrid(ctx: AppContext, q: UserGridQuery): Promise<ListReply<UserGridRow>> {
  let base = ctx.db.selectFrom('users as u');
  if (q.branchId !== undefined) {
    const branches = await loadBranchIndex(ctx.db);
    if (!branches.get(q.branchId)) throw badRequest('部门不存在');
    base = base.where('u.branch_id', 'in', branches.subtreeIds(q.branchId));
  }
  if (q.nickName) base = base.where(containsAny(ctx.dialect, ['u.nick_name'], q.nickName));
  if (q.quitStatus === 0) base = base.where('u.quit_status', '=', 0);
  if (q.quitStatus === 1) base = base.where('u.quit_status', '<>', 0);

  const countRow = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const total = Number(countRow.n);
  if (total === 0 || (q.page - 1) * q.rows >= total) return { rows: [], total };
  const rows = await base
    .innerJoin('roles as r', 'r.id', 'u.role_id')
    .leftJoin('branches as b', 'b.id', 'u.branch_id')
    .select(['u.id', 'u.nick_name', 'u.header', 'u.branch_id', 'u.quit_status', 'r.name as role_name', 'b.name as branch_name'])
    .orderBy('u.quit_status')
    .orderBy('u.id')
    .limit(q.rows)
    .offset((q.page - 1) * q.rows)
    .execute();
  return {
    rows: rows.map((r) => ({
      UserID: r.id,
      NickName: r.nick_name,
      Header: r.header,
      Headimg: r.header,
      rolename: r.role_name,
      BranchID: r.branch_id ?? 0,
      BranchName: r.branch_name ?? '',
      QuitStatus: r.quit_status,
    })),
    total,
  };
}

export function registerUserGridRoutes(app: FastifyInstance, ctx: AppContext, resolve: ActorResolver): void {
  /**
   * The user picker's staff table. Any logged-in user may call it: every user picks colleagues (task
   * assignees, approval CCs, participants), and it shows only names, avatars, roles and departments.
   */
  app.post(apiPath('/api/user/GetGridJson'), { preHandler: guarded(resolve) }, async (request) => {
    return listUserGrid(ctx, parseUserGridQuery(requestInput(request)));
  });
}
