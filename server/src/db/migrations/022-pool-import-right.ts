import { sql, type Kysely } from 'kysely';

/**
 * 公海客户 › 批量导入 (straight into the pool) has its own action right, crm `customer/total:import`:
 * the seeded roles that hold every crm action (超级管理员, 销售经理; found by name, as in migrations 008
 * and 020) get it, so existing installations match a fresh seed.
 */
const RIGHT = 'customer/total:import';
const ROLES = ['超级管理员', '销售经理'];

type RoleRow = { id: number; name: string; rights: string };

async function rewriteRoles(db: Kysely<unknown>, change: (crm: string[]) => string[]): Promise<void> {
  const roles = await sql<RoleRow>`select id, name, rights from roles`.execute(db);
  for (const role of roles.rows) {
    if (!ROLES.includes(role.name)) continue;
    let tree: Record<string, unknown> = {};
    try {
      const parsed: unknown = JSON.parse(role.rights);
      if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) tree = { ...parsed };
    } catch {
      /* unreadable: just the added right */
    }
    const crm = Array.isArray(tree.crm) ? tree.crm.filter((p): p is string => typeof p === 'string') : [];
    tree.crm = change(crm);
    await sql`update roles set rights = ${JSON.stringify(tree)} where id = ${role.id}`.execute(db);
  }
}

/** Idempotent, for tests that rebuild old databases' rights. */
export async function addPoolImportRight(db: Kysely<unknown>): Promise<void> {
  await rewriteRoles(db, (crm) => (crm.includes(RIGHT) ? crm : [...crm, RIGHT]));
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await addPoolImportRight(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await rewriteRoles(db, (crm) => crm.filter((r) => r !== RIGHT));
}
