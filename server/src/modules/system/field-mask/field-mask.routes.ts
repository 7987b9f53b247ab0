import { Done, MyFieldMasksReply, RoleFieldMasksReply } from '@portal/shared-contract';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../app-context';
import { can, type ActorResolver } from '../../../http/auth';
import { success } from '../../../http/envelope';
import { Fields, Id, MESSAGES_KEYWORD, Nested, OneOf, RequiredText } from '../../../http/input-fields';
import { defineRoute, mountRoutes } from '../../../http/route';
import { MASK_MODULES, type MaskModule } from './field-mask';
import { MSG_ROLE_NOT_FOUND, myFieldMasks, roleFieldMasks, saveRoleFieldMasks } from './role-field-masks';

const MAX_RULES = 50;

const RoleId = Id('角色', { messages: { missing: '请选择角色', invalid: MSG_ROLE_NOT_FOUND } });

/** 字段权限 of a role (角色管理): read the rules and the maskable fields, save one module's rules. */
export function registerFieldMaskRoutes(app: FastifyInstance, ctx: AppContext, resolve: ActorResolver): void {
  mountRoutes(app, resolve, [
    defineRoute({
      method: 'POST',
      url: '/main/role/fieldMasks',
      summary: '角色的字段权限：各模块可设置的字段及其规则（mask 脱敏 / hidden 隐藏；未列出即可见）；cannotHide：该字段不能隐藏的原因',
      tag: 'system',
      access: can('system', 'role'),
      record: 'none',
      input: Fields({ roleId: RoleId }),
      reply: RoleFieldMasksReply,
      handler: async ({ input }) => success('获取成功', await roleFieldMasks(ctx, input.roleId)),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/user/myFieldMasks',
      summary: '当前用户的字段权限（各模块中脱敏或隐藏的字段）：表单据此不显示、不要求隐藏的字段',
      tag: 'system',
      access: 'login',
      record: 'self',
      input: Fields({}),
      reply: MyFieldMasksReply,
      handler: async ({ actor }) => success('获取成功', await myFieldMasks(ctx, actor)),
    }),
    defineRoute({
      method: 'POST',
      url: '/main/role/saveFieldMasks',
      summary: '保存角色在一个模块的字段权限（整体替换；visible 即删除规则）；超级管理员不能设置；持有人下一次请求即生效',
      tag: 'system',
      access: can('system', 'role:edit'),
      record: 'none',
      input: Fields({
        roleId: RoleId,
        module: OneOf('模块', MASK_MODULES, undefined, { messages: { missing: '请选择模块', invalid: `模块只能是${MASK_MODULES.join('、')}` } }),
        rules: Type.Array(
          Nested('规则', {
            field: RequiredText('字段', 50, { messages: { missing: '字段不能为空' } }),
            mode: OneOf('模式', ['visible', 'mask', 'hidden'] as const, undefined, {
              messages: { missing: '请选择字段权限', invalid: '字段权限只能是visible、mask或hidden' },
            }),
          }),
          { title: '规则', maxItems: MAX_RULES, default: [], [MESSAGES_KEYWORD]: { invalid: '规则格式不正确', tooMany: `一次最多保存${MAX_RULES}条规则` } },
        ),
      }),
      reply: Done,
      handler: async ({ input }) => {
        await saveRoleFieldMasks(ctx, input.roleId, input.module as MaskModule, input.rules);
        return success('保存成功');
      },
    }),
  ]);
}
