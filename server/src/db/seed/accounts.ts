import type { DbOrTx } from '../database';
import { hashPassword } from '../../modules/auth/session/password';
import { ROLE_ADMIN, seedRoles } from '../../modules/system/role/seed-roles';

export const LEAD_SOURCES = ['电话营销', '网络推广', '客户介绍', '展会', '自主开发', '其他'];

/** Roles and lead sources: the configuration every installation starts with. Returns role ids by name. */
export async function seedConfiguration(db: DbOrTx): Promise<Map<string, number>> {
  const roles = new Map<string, number>();
  for (const role of seedRoles()) {
    const { id } = await db
      .insertInto('roles')
      .values({ name: role.name, rights: JSON.stringify(role.rights), data_scope: role.dataScope, built_in: role.name === ROLE_ADMIN ? 1 : 0 })
      .returning('id')
      .executeTakeFirstOrThrow();
    roles.set(role.name, id);
  }
  let order = 0;
  for (const name of LEAD_SOURCES) await db.insertInto('lead_sources').values({ name, sort_order: order++ }).execute();
  return roles;
}

export type UserSeed = { username: string; password: string; nickName: string; role: string; branchId: number | null; quit?: boolean };

export async function insertUser(db: DbOrTx, roles: Map<string, number>, u: UserSeed, createdAt: string): Promise<number> {
  const roleId = roles.get(u.role);
  if (roleId === undefined) throw new Error(`unknown role ${u.role}`);
  const { id } = await db
    .insertInto('users')
    .values({
      username: u.username,
      nick_name: u.nickName,
      header: '',
      branch_id: u.branchId,
      role_id: roleId,
      quit_status: u.quit ? 1 : 0,
      password_hash: await hashPassword(u.password),
      created_at: createdAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** The installation without demo data: configuration plus one administrator. */
export async function seedAdminOnly(db: DbOrTx, adminPassword: string, now: Date): Promise<void> {
  const roles = await seedConfiguration(db);
  await insertUser(db, roles, { username: 'admin', password: adminPassword, nickName: '系统管理员', role: ROLE_ADMIN, branchId: null }, now.toISOString());
}
