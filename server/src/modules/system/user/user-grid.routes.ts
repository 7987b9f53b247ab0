import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../app-context';
import { Type } from '@sinclair/typebox';
import type { ActorResolver } from '../../../http/auth';
import { badRequest } from '../../../http/errors';
import type { ListReply } from '../../../http/envelope';
import { Fields, Flag, Integer, MAX_ID, Paging, Text } from '../../../http/input-fields';
import { defineRoute, mountRoutes } from '../../../http/route';
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

/**
 * `BranchID` picks a department tree node and lists its staff and the staff of every node below it
 * (0 or absent: everyone). `parent` (spec §7) is validated and otherwise does not change the result:
 * the subtree of BranchID already covers what a tree node shows. `QuitStatus` (optional)
 * narrows to employed (0) or departed (1) staff; without it both are listed, employed first.
 */
const UserGridInput = Fields({
  ...Paging(USER_PICKER_ROWS),
  BranchID: Type.Optional(Integer('部门', { min: 0, max: MAX_ID }, { messages: { invalid: '部门ID不正确' } })),
  parent: Type.Optional(Integer('上级部门', { min: 0, max: MAX_ID }, { messages: { invalid: '上级部门ID不正确' } })),
  NickName: Text('姓名', 50),
  QuitStatus: Type.Optional(Flag('在职状态', undefined, { messages: { invalid: '在职状态不正确' } })),
});

export function registerUserGridRoutes(app: FastifyInstance, ctx: AppContext, resolve: ActorResolver): void {
  mountRoutes(app, resolve, [
    defineRoute({
      method: 'POST',
      url: '/api/user/GetGridJson',
      summary: '用户选择器的员工表（姓名、头像、角色、部门、在职状态）',
      description: '任何登录用户都可调用：每个人都要选同事（任务负责人、审批抄送、参与人），这里只有姓名、头像、角色和部门。',
      tag: 'system',
      access: 'login',
      record: 'none',
      input: UserGridInput,
      handler: async ({ input }) =>
        listUserGrid(ctx, { page: input.page, rows: input.rows, branchId: input.BranchID || undefined, nickName: input.NickName, quitStatus: input.QuitStatus }),
    }),
  ]);
}
