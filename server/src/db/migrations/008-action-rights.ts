import { sql, type Kysely } from 'kysely';

/**
 * Action rights (`page:action` in a role's area lists, e.g. crm `customer/watched:delete`) for the four
 * seeded roles of existing databases, found by name; whatever else a role holds is kept. The lists are
 * written out here (not imported from seed-roles.ts) so that this migration keeps meaning what it meant
 * when it ran. A fresh database has no roles yet at this point: the seed writes the same rights.
 */
const CRM_ALL = [
  'customer/watched:create',
  'customer/watched:edit',
  'customer/watched:delete',
  'customer/watched:import',
  'customer/watched:export',
  'customer/watched:assign',
  'customer/watched:transfer',
  'customer/watched:pool',
  'customer/zaifenpei:transfer',
  'customer/zaifenpei:pool',
  'customer/total:receive',
  'customer/total:assign',
  'customer/daifenpei:assign',
  'customer/black:delete',
  'signorentry/sign:create',
  'signorentry/sign:edit',
  'signorentry/sign:delete',
  'signorentry/entry:create',
  'signorentry/entry:edit',
  'signorentry/entry:delete',
  'signorentry/sigeshenpi:approve',
  'signorentry/entryshenpi:approve',
];
const SYSTEM_ALL = ['role', 'user', 'branch', 'status', 'customForm', 'workForm'].flatMap((p) => [`${p}:create`, `${p}:edit`, `${p}:delete`]);

const ADDED: Record<string, Record<string, string[]>> = {
  超级管理员: { crm: CRM_ALL, oa: ['flow:create', 'flow:edit', 'flow:delete'], system: SYSTEM_ALL },
  销售经理: { crm: CRM_ALL },
  销售: {
    crm: [
      'customer/watched:create',
      'customer/watched:edit',
      'customer/watched:import',
      'customer/watched:pool',
      'customer/zaifenpei:pool',
      'customer/total:receive',
      'signorentry/sign:create',
      'signorentry/sign:edit',
      'signorentry/entry:create',
      'signorentry/entry:edit',
    ],
  },
  财务: { crm: ['signorentry/sigeshenpi:approve', 'signorentry/entryshenpi:approve'] },
};

type RoleRow = { id: number; name: string; rights: string };
type Tree = Record<string, unknown>;

function readTree(json: string): Tree {
  try {
    const parsed: unknown = JSON.parse(json);
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) return { ...parsed };
  } catch {
    /* an unreadable rights text gets just the added rights */
  }
  return {};
}

const listOf = (value: unknown): string[] => (Array.isArray(value) ? value.filter((p): p is string => typeof p === 'string') : []);

async function rewriteSeededRoles(db: Kysely<unknown>, change: (tree: Tree, added: Record<string, string[]>) => void): Promise<void> {
  const roles = await sql<RoleRow>`select id, name, rights from roles`.execute(db);
  for (const role of roles.rows) {
    const added = ADDED[role.name];
    if (!added) continue;
    const tree = readTree(role.rights);
    change(tree, added);
    await sql`update roles set rights = ${JSON.stringify(tree)} where id = ${role.id}`.execute(db);
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await rewriteSeededRoles(db, (tree, added) => {
    for (const [area, rights] of Object.entries(added)) {
      const current = listOf(tree[area]);
      tree[area] = [...current, ...rights.filter((r) => !current.includes(r))];
    }
  });
}

/** Removes exactly the action rights this migration adds. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await rewriteSeededRoles(db, (tree, added) => {
    for (const [area, rights] of Object.entries(added)) if (area in tree) tree[area] = listOf(tree[area]).filter((p) => !rights.includes(p));
  });
}
