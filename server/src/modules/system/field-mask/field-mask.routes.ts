import { Done } from '@portal/shared-contract';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../app-context';
import { transact } from '../../../db/transact';
import { can, type ActorResolver } from '../../../http/auth';
import { badRequest, notFound } from '../../../http/errors';
import { success } from '../../../http/envelope';
import { Fields, Id, MESSAGES_KEYWORD, Nested, OneOf, RequiredText } from '../../../http/input-fields';
import { defineRoute, mountRoutes } from '../../../http/route';
import { announceRightsChanged } from '../role/role.service';
import { MASK_MODULES, MASKABLE_FIELDS, roleRules, rulesFor, UNHIDEABLE, type MaskModule } from './field-mask';

export const MSG_ROLE_NOT_FOUND = '角色不存在';
export const MSG_ADMIN_UNMASKABLE = '超级管理员始终查看全部字段，不能设置字段权限';
const MAX_RULES = 50;

const RoleId = Id('角色', { messages: { missing: '请选择角色', invalid: MSG_ROLE_NOT_FOUND } });

async function roleOf(ctx: AppContext, id: number) {
  const role = await ctx.db.selectFrom('roles').select(['id', 'name', 'built_in']).where('id', '=', id).executeTakeFirst();
  if (!role) throw notFound(MSG_ROLE_NOT_FOUND);
  return role;
}

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
      handler: async ({ input }) => {
        const role = await roleOf(ctx, input.roleId);
        const rules = await roleRules(ctx.db, role.id);
        return success('获取成功', {
          roleId: role.id,
          roleName: role.name,
          builtIn: role.built_in,
          modules: MASK_MODULES.map((m) => ({ module: m, title: MASKABLE_FIELDS[m].title, fields: MASKABLE_FIELDS[m].fields.map(({ field, title }) => ({ field, title, ...(UNHIDEABLE[m][field] ? { cannotHide: UNHIDEABLE[m][field] } : {}) })), rules: rules[m] })),
        });
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/api/user/myFieldMasks',
      summary: '当前用户的字段权限（各模块中脱敏或隐藏的字段）：表单据此不显示、不要求隐藏的字段',
      tag: 'system',
      access: 'login',
      record: 'self',
      input: Fields({}),
      handler: async ({ actor }) => {
        const entries = await Promise.all(MASK_MODULES.map(async (m) => [m, Object.fromEntries(await rulesFor(ctx.db, actor, m))] as const));
        return success('获取成功', Object.fromEntries(entries));
      },
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
            mode: OneOf('模式', ['visible', 'mask', 'hidden'] as const, undefined, { messages: { missing: '请选择字段权限', invalid: '字段权限只能是visible、mask或hidden' } }),
          }),
          { title: '规则', maxItems: MAX_RULES, default: [], [MESSAGES_KEYWORD]: { invalid: '规则格式不正确', tooMany: `一次最多保存${MAX_RULES}条规则` } },
        ),
      }),
      reply: Done,
      handler: async ({ input }) => {
        const role = await roleOf(ctx, input.roleId);
        if (role.built_in === 1) throw badRequest(MSG_ADMIN_UNMASKABLE);
        const module = input.module as MaskModule;
        const known = new Set(MASKABLE_FIELDS[module].fields.map((f) => f.field));
        const unknown = [...new Set(input.rules.map((r) => r.field).filter((f) => !known.has(f)))];
        if (unknown.length > 0) throw badRequest(`${MASKABLE_FIELDS[module].title}没有这些字段：${unknown.join('、')}`);
        const seen = new Set<string>();
        for (const r of input.rules) {
          if (seen.has(r.field)) throw badRequest(`字段重复：${r.field}`);
          seen.add(r.field);
          const unhideable = UNHIDEABLE[module][r.field];
          if (r.mode === 'hidden' && unhideable) throw badRequest(unhideable);
        }
        const restricted = input.rules.filter((r): r is { field: string; mode: 'mask' | 'hidden' } => r.mode !== 'visible');
        await transact(ctx, async (tx) => {
          await tx.deleteFrom('role_field_masks').where('role_id', '=', role.id).where('module', '=', module).execute();
          if (restricted.length === 0) return;
          // A concurrent save of the same module may have inserted the same fields since our delete: the later save's mode wins.
          await tx
            .insertInto('role_field_masks')
            .values(restricted.map((r) => ({ role_id: role.id, module, field: r.field, mode: r.mode })))
            .onConflict((oc) => oc.columns(['role_id', 'module', 'field']).doUpdateSet((eb) => ({ mode: eb.ref('excluded.mode') })))
            .execute();
        });
        const holders = await ctx.db.selectFrom('users').select('id').where('role_id', '=', role.id).where('quit_status', '=', 0).execute();
        await announceRightsChanged(ctx, holders.map((u) => u.id));
        return success('保存成功');
      },
    }),
  ]);
}
