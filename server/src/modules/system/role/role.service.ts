import type { RoleDetail, RoleOption, RoleRow } from '@portal/shared-contract';
import { sql } from 'kysely';
import type { AppContext } from '../../../app-context';
import type { DbOrTx } from '../../../db/database';
import type { DataScope } from '../../../db/schema';
import { transact, afterCommit } from '../../../db/transact';
import { badRequest, notFound } from '../../../http/errors';
import type { ListReply } from '../../../http/envelope';
import { formatShanghai } from '../../../lib/time';
import { containsAny } from '../../shared/contains-search';
import { emptyTree, fullTree, isKnownRight, parseRights, ROUTE_PERMISSIONS, type PermissionTree, type RightArea } from './permission-tree';

export const MSG_ROLE_CHANGED = '角色已被他人修改，请刷新后重试';
export const MSG_ROLE_NAME_TAKEN = '角色名称已存在';
export const MSG_BUILT_IN_ROLE = '超级管理员的权限不能修改';

/** The reply's shapes are the contract's (角色管理 reads the same types); `rights` is a complete PermissionTree. */
export type { RoleDetail, RoleRow };

export type RoleInput = { name: string; rights: Record<string, unknown>; dataScope: DataScope; remark: string };

const RIGHT_AREAS = Object.keys(ROUTE_PERMISSIONS) as RightArea[];

/**
 * The rights sent by the editor as a clean tree: only the four areas, only known pages and actions, no
 * duplicates; an action without its page is dropped (an action alone never opens a page). Anything
 * that is not a list of texts is refused naming the field.
 */
export function cleanRights(raw: Record<string, unknown>): PermissionTree {
  const tree = emptyTree();
  for (const area of RIGHT_AREAS) {
    const list = raw[area];
    if (list === undefined || list === null) continue;
    if (!Array.isArray(list) || list.some((p) => typeof p !== 'string')) throw badRequest('权限格式不正确');
    const known = [...new Set(list as string[])].filter((p) => isKnownRight(area, p));
    const pages = new Set(known.filter((p) => !/[^/]:[a-z]+$/.test(p)));
    tree[area] = known.filter((p) => pages.has(p) || pages.has(p.replace(/:[a-z]+$/, '')));
  }
  return tree;
}

export async function listRoles(ctx: AppContext, q: { key: string; page: number; rows: number }): Promise<ListReply<RoleRow>> {
  let base = ctx.db.selectFrom('roles as r');
  if (q.key) base = base.where(containsAny(ctx.dialect, ['r.name', 'r.remark'], q.key));
  const { n } = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const total = Number(n);
  if (total === 0) return { rows: [], total };
  const rows = await base
    .select(['r.id', 'r.name', 'r.data_scope', 'r.remark', 'r.built_in', 'r.version', 'r.updated_at'])
    .select(sql<number>`(select count(*) from users u where u.role_id = r.id and u.quit_status = 0)`.as('user_count'))
    .orderBy('r.built_in', 'desc')
    .orderBy('r.id')
    .limit(q.rows)
    .offset((q.page - 1) * q.rows)
    .execute();
  return {
    rows: rows.map((r) => ({
      id: r.id,
      name: r.name,
      dataScope: r.data_scope,
      remark: r.remark,
      builtIn: r.built_in,
      version: r.version,
      userCount: Number(r.user_count),
      updatedAt: formatShanghai(r.updated_at),
    })),
    total,
  };
}

export async function roleDetail(ctx: AppContext, id: number): Promise<RoleDetail> {
  const r = await ctx.db.selectFrom('roles').selectAll().where('id', '=', id).executeTakeFirst();
  if (!r) throw notFound('角色不存在');
  const { n } = await ctx.db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('role_id', '=', id)
    .where('quit_status', '=', 0)
    .executeTakeFirstOrThrow();
  return {
    id: r.id,
    name: r.name,
    dataScope: r.data_scope,
    remark: r.remark,
    builtIn: r.built_in,
    version: r.version,
    userCount: Number(n),
    updatedAt: formatShanghai(r.updated_at),
    rights: r.built_in === 1 ? fullTree() : parseRights(r.rights),
  };
}

async function assertNameFree(db: DbOrTx, name: string, exceptId?: number): Promise<void> {
  let q = db.selectFrom('roles').select('id').where('name', '=', name);
  if (exceptId !== undefined) q = q.where('id', '<>', exceptId);
  if (await q.executeTakeFirst()) throw badRequest(MSG_ROLE_NAME_TAKEN);
}

/** `copyFieldMasksOf`: a role whose 字段权限 the new role starts with (复制). */
export async function createRole(ctx: AppContext, input: RoleInput, copyFieldMasksOf?: number): Promise<number> {
  const rights = cleanRights(input.rights);
  return transact(ctx, async (tx) => {
    await assertNameFree(tx, input.name);
    const { id } = await tx
      .insertInto('roles')
      .values({ name: input.name, rights: JSON.stringify(rights), data_scope: input.dataScope, remark: input.remark, updated_at: ctx.clock().toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (copyFieldMasksOf !== undefined) {
      const masks = await tx.selectFrom('role_field_masks').select(['module', 'field', 'mode']).where('role_id', '=', copyFieldMasksOf).execute();
      if (masks.length > 0)
        await tx
          .insertInto('role_field_masks')
          .values(masks.map((m) => ({ ...m, role_id: id })))
          .execute();
    }
    return id;
  });
}

/** A copy named `name` (default: 原名-副本) with the same rights, data scope and 字段权限. */
export async function copyRole(ctx: AppContext, id: number, name: string): Promise<number> {
  const source = await roleDetail(ctx, id);
  const copyName = name || `${source.name}-副本`.slice(0, 30);
  return createRole(ctx, { name: copyName, rights: source.rights, dataScope: source.dataScope, remark: source.remark }, id);
}

/**
 * Saves a role. `version` is the one the editor loaded: a save that started from an older version is
 * refused (MSG_ROLE_CHANGED), so two administrators editing at once never overwrite each other
 * silently. The holders' next request uses the new rights (the session reads the role on every
 * request); their open portals are told to reload their menus after the commit.
 */
export async function editRole(ctx: AppContext, id: number, version: number, input: RoleInput): Promise<void> {
  const rights = cleanRights(input.rights);
  await transact(ctx, async (tx) => {
    const current = await tx.selectFrom('roles').select(['built_in', 'version', 'rights', 'data_scope']).where('id', '=', id).executeTakeFirst();
    if (!current) throw notFound('角色不存在');
    if (current.version !== version) throw badRequest(MSG_ROLE_CHANGED);
    await assertNameFree(tx, input.name, id);
    const builtIn = current.built_in === 1;
    if (builtIn && input.dataScope !== 'all') throw badRequest(MSG_BUILT_IN_ROLE);
    const changed = await tx
      .updateTable('roles')
      .set({
        name: input.name,
        // 超级管理员 keeps every right whatever the editor sent.
        rights: builtIn ? JSON.stringify(fullTree()) : JSON.stringify(rights),
        data_scope: builtIn ? 'all' : input.dataScope,
        remark: input.remark,
        version: version + 1,
        updated_at: ctx.clock().toISOString(),
      })
      .where('id', '=', id)
      .where('version', '=', version)
      .executeTakeFirst();
    if (Number(changed.numUpdatedRows) !== 1) throw badRequest(MSG_ROLE_CHANGED);
    const users = await tx.selectFrom('users').select('id').where('role_id', '=', id).where('quit_status', '=', 0).execute();
    const ids = users.map((u) => u.id);
    afterCommit(tx, () => announceRightsChanged(ctx, ids));
  });
}

/** Tells the open portals of `userIds` that their rights changed (the shell reloads its menus). */
export async function announceRightsChanged(ctx: AppContext, userIds: number[]): Promise<void> {
  for (const userId of userIds) await ctx.realtime.sendToUser(userId, 'privateSystemMsg', [{ type: 'rights', msg: '您的权限已更新' }]);
}

/** Deletes roles nobody holds; a built-in role or a role still held by staff (departed included) is refused by name. */
export async function deleteRoles(ctx: AppContext, ids: number[]): Promise<number> {
  return transact(ctx, async (tx) => {
    const roles = await tx.selectFrom('roles').select(['id', 'name', 'built_in']).where('id', 'in', ids).execute();
    if (roles.length === 0) throw notFound('角色不存在');
    for (const r of roles) if (r.built_in === 1) throw badRequest(`${r.name}不能删除`);
    const held = await tx
      .selectFrom('users')
      .select((eb) => ['role_id', eb.fn.countAll<number>().as('n')])
      .where(
        'role_id',
        'in',
        roles.map((r) => r.id),
      )
      .groupBy('role_id')
      .execute();
    for (const h of held) {
      const name = roles.find((r) => r.id === h.role_id)?.name ?? '';
      throw badRequest(`角色「${name}」仍有${Number(h.n)}名员工使用，不能删除，请先为他们更换角色`);
    }
    const result = await tx
      .deleteFrom('roles')
      .where(
        'id',
        'in',
        roles.map((r) => r.id),
      )
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  });
}

/** Roles for selects (the staff form's role): 超级管理员 first. */
export async function roleOptions(ctx: AppContext): Promise<RoleOption[]> {
  return ctx.db.selectFrom('roles').select(['id', 'name']).orderBy('built_in', 'desc').orderBy('id').execute();
}
