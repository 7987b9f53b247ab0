import { Done, RightsCatalogueReply, RoleAddReply, RoleDeleteReply, RoleDetailReply, RoleListReply, RoleOptionsReply } from '@portal/shared-contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../app-context';
import { DATA_SCOPES } from '../../../db/schema';
import { anyOf, can, type ActorResolver } from '../../../http/auth';
import { success } from '../../../http/envelope';
import { Fields, Id, Ids, Integer, JsonObject, MAX_ID, OneOf, Paging, RequiredText, Text } from '../../../http/input-fields';
import { defineRoute, mountRoutes } from '../../../http/route';
import { rightsCatalogue } from './rights-catalogue';
import { copyRole, createRole, deleteRoles, editRole, listRoles, roleDetail, roleOptions } from './role.service';

const RoleFields = {
  name: RequiredText('角色名称', 30),
  rights: JsonObject('权限', { messages: { invalid: '权限格式不正确' } }),
  dataScope: OneOf('数据范围', DATA_SCOPES, 'own'),
  remark: Text('备注', 200),
};

/** 角色管理 (system `role`): the role list, the rights editor's catalogue, create, edit, copy and delete. */
export function registerRoleRoutes(app: FastifyInstance, ctx: AppContext, resolve: ActorResolver): void {
  mountRoutes(app, resolve, [
    defineRoute({
      method: 'POST',
      url: '/main/role/index',
      summary: '角色列表（分页，按名称或备注搜索，含在职人数）',
      tag: 'system',
      access: can('system', 'role'),
      record: 'none',
      input: Fields({ ...Paging(20), key: Text('关键词', 50) }),
      reply: RoleListReply,
      handler: async ({ input }) => listRoles(ctx, input),
    }),
    defineRoute({
      method: 'POST',
      url: '/main/role/options',
      summary: '角色选项（员工表单的角色选择）',
      tag: 'system',
      access: anyOf(can('system', 'user'), can('system', 'role')),
      record: 'none',
      input: Fields({}),
      reply: RoleOptionsReply,
      handler: async () => success('获取成功', await roleOptions(ctx)),
    }),
    defineRoute({
      method: 'POST',
      url: '/main/role/detail',
      summary: '角色详情：权限树、数据范围和版本号',
      tag: 'system',
      access: can('system', 'role'),
      record: 'none',
      input: Fields({ id: Id('角色') }),
      reply: RoleDetailReply,
      handler: async ({ input }) => success('获取成功', await roleDetail(ctx, input.id)),
    }),
    defineRoute({
      method: 'POST',
      url: '/main/role/rights',
      summary: '权限编辑器的目录：区域 → 页面 → 操作（服务端实际校验的全部权限）',
      tag: 'system',
      access: can('system', 'role'),
      record: 'none',
      input: Fields({}),
      reply: RightsCatalogueReply,
      handler: async () => success('获取成功', rightsCatalogue()),
    }),
    defineRoute({
      method: 'POST',
      url: '/main/role/add',
      summary: '新建角色',
      tag: 'system',
      access: can('system', 'role:create'),
      record: 'none',
      input: Fields(RoleFields),
      reply: RoleAddReply,
      handler: async ({ input }) => success('添加成功', { id: await createRole(ctx, input) }),
    }),
    defineRoute({
      method: 'POST',
      url: '/main/role/edit',
      summary: '保存角色（version 为打开编辑时的版本号；他人已修改时拒绝）；持有人下一次请求即生效',
      tag: 'system',
      access: can('system', 'role:edit'),
      record: 'none',
      input: Fields({ id: Id('角色'), version: Integer('版本号', { min: 0, max: MAX_ID }), ...RoleFields }),
      reply: Done,
      handler: async ({ input }) => {
        await editRole(ctx, input.id, input.version, input);
        return success('保存成功');
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/main/role/copy',
      summary: '复制角色（权限和数据范围相同）',
      tag: 'system',
      access: can('system', 'role:create'),
      record: 'none',
      input: Fields({ id: Id('角色'), name: Text('角色名称', 30) }),
      reply: RoleAddReply,
      handler: async ({ input }) => success('复制成功', { id: await copyRole(ctx, input.id, input.name) }),
    }),
    defineRoute({
      method: 'POST',
      url: '/main/role/delete',
      summary: '删除角色（超级管理员和仍有员工的角色不能删除）',
      tag: 'system',
      access: can('system', 'role:delete'),
      record: 'none',
      input: Fields({ ids: Ids('角色', 100, { messages: { missing: '请选择要删除的角色' } }) }),
      reply: RoleDeleteReply,
      handler: async ({ input }) => success('删除成功', { deleted: await deleteRoles(ctx, input.ids) }),
    }),
  ]);
}
