import {
  Done,
  StaffAddReply,
  StaffCallStateReply,
  StaffDeleteReply,
  StaffDetailReply,
  StaffListReply,
  StaffOptionsReply,
  StaffPasswordReply,
  StaffRevokeSessionsReply,
} from '@portal/shared-contract';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../app-context';
import { can, type ActorResolver } from '../../../http/auth';
import { success } from '../../../http/envelope';
import { Fields, Flag, Id, Ids, Integer, MAX_ID, Paging, Secret, Text } from '../../../http/input-fields';
import { defineRoute, mountRoutes } from '../../../http/route';
import { StaffFields } from './staff-fields';
import {
  addUserBranches,
  createStaff,
  deleteStaff,
  editStaff,
  removeUserBranch,
  resetPassword,
  revokeSessionsOf,
  setQuitStatus,
  toggleCallState,
} from './user-admin.service';
import { listStaff, staffDetail, staffOptions } from './staff-list';

const UserId = { id: Id('员工', { messages: { missing: '请选择员工', invalid: '员工ID不正确' } }) };

/** 员工管理 (system `user`). */
export function registerUserAdminRoutes(app: FastifyInstance, ctx: AppContext, resolve: ActorResolver): void {
  mountRoutes(app, resolve, [
    defineRoute({
      method: 'POST',
      url: '/api/user/index',
      summary: '员工列表（每页20；按姓名、账号、手机号搜索；部门含下级部门和附加部门；在职/离职）',
      tag: 'system',
      access: can('system', 'user'),
      record: 'none',
      reply: StaffListReply,
      input: Fields({
        ...Paging(20),
        key: Text('关键词', 50),
        BranchID: Integer('部门', { min: 0, max: MAX_ID, fallback: 0 }),
        QuitStatus: Type.Optional(Flag('在职状态', undefined, { messages: { invalid: '在职状态不正确' } })),
      }),
      handler: async ({ input }) =>
        listStaff(ctx, { page: input.page, rows: input.rows, key: input.key, branchId: input.BranchID || undefined, quitStatus: input.QuitStatus }),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/user/detail',
      summary: '员工详情（含附加部门）',
      tag: 'system',
      access: can('system', 'user'),
      record: 'none',
      input: Fields(UserId),
      reply: StaffDetailReply,
      handler: async ({ input }) => success('获取成功', await staffDetail(ctx, input.id)),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/user/GetUser1',
      summary: '在职员工选项（上级、负责人选择；按姓名或账号搜索，最多50人）',
      tag: 'system',
      access: 'login',
      record: 'none',
      input: Fields({ key: Text('关键词', 50) }),
      reply: StaffOptionsReply,
      handler: async ({ input }) => success('获取成功', await staffOptions(ctx, input.key)),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/user/add',
      summary: '新建员工（密码留空时生成一个，只在这次回答中出现）',
      tag: 'system',
      access: can('system', 'user:create'),
      record: 'none',
      input: Fields({ ...StaffFields, password: Type.Optional(Secret('密码', 32)) }),
      reply: StaffAddReply,
      handler: async ({ input, actor }) => {
        const created = await createStaff(ctx, actor, input, input.password ?? '');
        return success('添加成功', created);
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/api/user/edit',
      summary: '保存员工（账号、姓名、手机、邮箱、部门、角色、上级、职位、头像）',
      tag: 'system',
      access: can('system', 'user:edit'),
      record: 'none',
      input: Fields({ ...UserId, ...StaffFields }),
      reply: Done,
      handler: async ({ input, actor }) => {
        await editStaff(ctx, actor, input.id, input);
        return success('保存成功');
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/api/user/quit',
      summary: '离职（立即结束其全部会话和实时连接，不能再登录）或复职（QuitStatus 0）',
      tag: 'system',
      access: can('system', 'user:edit'),
      record: 'none',
      input: Fields({ ...UserId, QuitStatus: Flag('在职状态', 1) }),
      reply: Done,
      handler: async ({ input, actor }) => {
        await setQuitStatus(ctx, actor, input.id, input.QuitStatus === 1);
        return success(input.QuitStatus === 1 ? '已设为离职' : '已复职');
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/api/user/delete',
      summary: '删除员工（只限没有任何业务记录的员工；其他员工请设为离职）',
      tag: 'system',
      access: can('system', 'user:delete'),
      record: 'none',
      input: Fields({ ids: Ids('员工', 100, { messages: { missing: '请选择要删除的员工' } }) }),
      reply: StaffDeleteReply,
      handler: async ({ input, actor }) => success('删除成功', { deleted: await deleteStaff(ctx, actor, input.ids) }),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/user/ResetPwd',
      summary: '重置密码：生成新密码（只显示这一次），结束其全部会话',
      tag: 'system',
      access: can('system', 'user:edit'),
      record: 'none',
      input: Fields(UserId),
      reply: StaffPasswordReply,
      handler: async ({ input, actor }) => success('密码已重置', { password: await resetPassword(ctx, actor, input.id) }),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/user/CallState',
      summary: '开启或关闭员工的外呼',
      tag: 'system',
      access: can('system', 'user:edit'),
      record: 'none',
      input: Fields(UserId),
      reply: StaffCallStateReply,
      handler: async ({ input }) => {
        const state = await toggleCallState(ctx, input.id);
        return success(state === 1 ? '已开启外呼' : '已关闭外呼', { callEnabled: state });
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/api/user/userBranchAdd',
      summary: '为员工添加附加部门',
      tag: 'system',
      access: can('system', 'user:edit'),
      record: 'none',
      input: Fields({ ...UserId, branchIds: Ids('部门', 50, { messages: { missing: '请选择部门' } }) }),
      reply: Done,
      handler: async ({ input }) => {
        await addUserBranches(ctx, input.id, input.branchIds);
        return success('添加成功');
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/api/user/userBranchRemove',
      summary: '移除员工的附加部门',
      tag: 'system',
      access: can('system', 'user:edit'),
      record: 'none',
      input: Fields({ ...UserId, branchId: Id('部门', { messages: { missing: '请选择部门' } }) }),
      reply: Done,
      handler: async ({ input }) => {
        await removeUserBranch(ctx, input.id, input.branchId);
        return success('移除成功');
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/api/user/RevokeSessions',
      summary: '强制下线：结束一个用户的全部会话',
      tag: 'system',
      access: can('system', 'user:edit'),
      record: 'none',
      input: Fields({ id: Id('用户', { messages: { invalid: '用户ID不正确' } }) }),
      reply: StaffRevokeSessionsReply,
      handler: async ({ input }) => success('已强制下线', { revoked: await revokeSessionsOf(ctx, input.id) }),
    }),
  ]);
}
