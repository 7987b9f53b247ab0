/** 字段权限 of a role (角色管理): reading a role's rules with the maskable fields, saving one module's rules; the user's own rules. */
import type { MyFieldMasksData, RoleFieldMasks } from '@portal/shared-contract';
import type { AppContext } from '../../../app-context';
import { transact } from '../../../db/transact';
import { badRequest, notFound } from '../../../http/errors';
import type { Actor } from '../../auth/session/actor';
import { announceRightsChanged } from '../role/role.service';
import { MASK_MODULES, MASKABLE_FIELDS, roleRules, rulesFor, UNHIDEABLE, type MaskModule } from './field-mask';

export const MSG_ROLE_NOT_FOUND = '角色不存在';
export const MSG_ADMIN_UNMASKABLE = '超级管理员始终查看全部字段，不能设置字段权限';

async function roleOf(ctx: AppContext, id: number) {
  const role = await ctx.db.selectFrom('roles').select(['id', 'name', 'built_in']).where('id', '=', id).executeTakeFirst();
  if (!role) throw notFound(MSG_ROLE_NOT_FOUND);
  return role;
}

/** The role's rules by module, with each module's maskable fields (and why a field cannot be hidden). */
export async function roleFieldMasks(ctx: AppContext, roleId: number): Promise<RoleFieldMasks> {
  const role = await roleOf(ctx, roleId);
  const rules = await roleRules(ctx.db, role.id);
  return {
    roleId: role.id,
    roleName: role.name,
    builtIn: role.built_in,
    modules: MASK_MODULES.map((m) => ({
      module: m,
      title: MASKABLE_FIELDS[m].title,
      fields: MASKABLE_FIELDS[m].fields.map(({ field, title }) => ({ field, title, ...(UNHIDEABLE[m][field] ? { cannotHide: UNHIDEABLE[m][field] } : {}) })),
      rules: rules[m],
    })),
  };
}

/** The actor's masked and hidden fields, by module. */
export async function myFieldMasks(ctx: AppContext, actor: Actor): Promise<MyFieldMasksData> {
  const entries = await Promise.all(MASK_MODULES.map(async (m) => [m, Object.fromEntries(await rulesFor(ctx.db, actor, m))] as const));
  // Every module is in MASK_MODULES (field-mask.ts), so every key of the reply is there.
  return Object.fromEntries(entries) as MyFieldMasksData;
}

/**
 * Replaces the role's rules in one module ('visible' removes a rule); 超级管理员 has none. The role's
 * holders get the new rules on their next request (and their open portals are told).
 */
export async function saveRoleFieldMasks(
  ctx: AppContext,
  roleId: number,
  module: MaskModule,
  rules: readonly { field: string; mode: 'visible' | 'mask' | 'hidden' }[],
): Promise<void> {
  const role = await roleOf(ctx, roleId);
  if (role.built_in === 1) throw badRequest(MSG_ADMIN_UNMASKABLE);
  const known = new Set(MASKABLE_FIELDS[module].fields.map((f) => f.field));
  const unknown = [...new Set(rules.map((r) => r.field).filter((f) => !known.has(f)))];
  if (unknown.length > 0) throw badRequest(`${MASKABLE_FIELDS[module].title}没有这些字段：${unknown.join('、')}`);
  const seen = new Set<string>();
  for (const r of rules) {
    if (seen.has(r.field)) throw badRequest(`字段重复：${r.field}`);
    seen.add(r.field);
    const unhideable = UNHIDEABLE[module][r.field];
    if (r.mode === 'hidden' && unhideable) throw badRequest(unhideable);
  }
  const restricted = rules.filter((r): r is { field: string; mode: 'mask' | 'hidden' } => r.mode !== 'visible');
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
  await announceRightsChanged(
    ctx,
    holders.map((u) => u.id),
  );
}
