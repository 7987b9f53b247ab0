/** The user picker's staff table (api/user/GetGridJson): name, avatar, role, department, employed or not. */
import type { UserGridRow } from '@portal/shared-contract';
import type { AppContext } from '../../../app-context';
import type { ListReply } from '../../../http/envelope';
import { badRequest } from '../../../http/errors';
import { containsAny } from '../../shared/contains-search';
import { loadBranchIndex } from '../branch/branch-index';

/** A row of the user picker (spec §3 User; team contract `api/user/GetGridJson`): the contract's. */
export type { UserGridRow };

export type UserGridQuery = { page: number; rows: number; branchId?: number; nickName: string; quitStatus?: 0 | 1 };

/** Page size of the user picker (spec §9). */
export const USER_PICKER_ROWS = 20;

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
