import { UserGridReply } from '@portal/shared-contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../app-context';
import { Type } from '@sinclair/typebox';
import type { ActorResolver } from '../../../http/auth';
import { Fields, Flag, Integer, MAX_ID, Paging, Text } from '../../../http/input-fields';
import { defineRoute, mountRoutes } from '../../../http/route';
import { listUserGrid, USER_PICKER_ROWS } from './user-picker';

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
      reply: UserGridReply,
      handler: async ({ input }) =>
        listUserGrid(ctx, {
          page: input.page,
          rows: input.rows,
          branchId: input.BranchID || undefined,
          nickName: input.NickName,
          quitStatus: input.QuitStatus,
        }),
    }),
  ]);
}
