import { sql, type Expression, type SqlBool } from 'kysely';
import type { Actor } from '../auth/session/actor';
import type { BranchIndex } from '../system/branch/branch-index';

/**
 * Data scopes: which owned records a user may see. One mechanism for every list, detail, edit and
 * delete of owned records (customers now; contracts, clues… later):
 *
 * - the role's scope bounds everything: `all`; `department` = records whose branch is in the user's
 *   department subtree; `branch` = records whose branch is the user's own department (not those below);
 *   `own` = records the user owns or participates in;
 * - the scene narrows within it: `all`; `mine` = owned by the user; `participating` = the user is a
 *   participant; `subordinates` = owned by someone else in the user's department subtree.
 */
export const SCENES = ['all', 'mine', 'participating', 'subordinates'] as const;
export type Scene = (typeof SCENES)[number];

/** How a table's records name their owner, branch and participants. */
export type ScopeTarget = {
  id: string;
  owner: string;
  branch: string;
  /** Table of (record, user) participant pairs and its two columns. */
  participants: { table: string; record: string; user: string };
};

export const CUSTOMER_SCOPE: ScopeTarget = {
  id: 'c.id',
  owner: 'c.owner_id',
  branch: 'c.branch_id',
  participants: { table: 'customer_participants', record: 'customer_id', user: 'user_id' },
};

type Condition = Expression<SqlBool>;

function participatesIn(t: ScopeTarget, userId: number): Condition {
  const p = t.participants;
  return sql<SqlBool>`${sql.ref(t.id)} in (select ${sql.ref(p.record)} from ${sql.table(p.table)} where ${sql.ref(p.user)} = ${userId})`;
}

function ownedBy(t: ScopeTarget, userId: number): Condition {
  return sql<SqlBool>`${sql.ref(t.owner)} = ${userId}`;
}

/** The same test, kept from driving the query (SQLite's unary `+`): see ScopeOptions. */
function ownedByUnindexed(t: ScopeTarget, userId: number): Condition {
  return sql<SqlBool>`+${sql.ref(t.owner)} = ${userId}`;
}

/**
 * `scanInSortOrder`: the caller pages a list whose matches are a large share of the table (it knows
 * from the count), so walking the sort index and testing each row fills a page soonest. The `own`
 * scope's "owner or participant" then keeps the owner column from driving the query: SQLite would
 * otherwise collect every owned record through the owner index and sort them (see
 * server/bench/README.md, customer list).
 */
export type ScopeOptions = { scanInSortOrder?: boolean; ownPart?: OwnPart };

/**
 * `ownPart`: the `own` scope's two disjoint halves, for a count in two parts (PostgreSQL would
 * otherwise test "owner or participant" on every row of a wide index range): `owned` = records the
 * user owns, `participating` = records the user takes part in and does not own.
 */
export type OwnPart = 'owned' | 'participating';

function inBranches(t: ScopeTarget, ids: number[]): Condition {
  return sql<SqlBool>`${sql.ref(t.branch)} in (${sql.join(ids)})`;
}

export function departmentOf(actor: Actor, branches: BranchIndex): number[] | undefined {
  return actor.branchId !== null && branches.get(actor.branchId) ? branches.subtreeIds(actor.branchId) : undefined;
}

/**
 * The departments whose records the role's scope opens: undefined for `all`, the subtree for
 * `department`, the one department for `branch`, none for `own` (and for a user without a department).
 */
export function scopeBranchIds(actor: Actor, branches: BranchIndex): number[] | undefined {
  switch (actor.dataScope) {
    case 'all':
      return undefined;
    case 'department':
      return departmentOf(actor, branches) ?? [];
    case 'branch':
      return actor.branchId !== null && branches.get(actor.branchId) ? [actor.branchId] : [];
    case 'own':
      return [];
  }
}

/** The conditions (ANDed) that limit `t`'s records to what `actor` may see in `scene`. */
export function dataScopeConditions(t: ScopeTarget, actor: Actor, scene: Scene, branches: BranchIndex, options: ScopeOptions = {}): Condition[] {
  const conditions: Condition[] = [];
  const department = departmentOf(actor, branches);

  switch (actor.dataScope) {
    case 'all':
      break;
    case 'department':
      conditions.push(department ? inBranches(t, department) : ownedBy(t, actor.userId));
      break;
    case 'branch':
      conditions.push(department && actor.branchId !== null ? inBranches(t, [actor.branchId]) : ownedBy(t, actor.userId));
      break;
    case 'own':
      // Scene 'mine' narrows to the user's own records, all within this scope: "owner or participant"
      // would only be tested again on each of them (see server/bench/README.md, customer list).
      // Kept when walking the sort index, where it keeps the owner index
      // from driving the query (see ScopeOptions).
      if (scene === 'mine' && !options.scanInSortOrder) break;
      if (options.ownPart === 'owned') conditions.push(ownedBy(t, actor.userId));
      else if (options.ownPart === 'participating')
        conditions.push(sql<SqlBool>`(${sql.ref(t.owner)} is null or ${sql.ref(t.owner)} <> ${actor.userId})`, participatesIn(t, actor.userId));
      else conditions.push(sql<SqlBool>`(${(options.scanInSortOrder ? ownedByUnindexed : ownedBy)(t, actor.userId)} or ${participatesIn(t, actor.userId)})`);
      break;
  }

  switch (scene) {
    case 'all':
      break;
    case 'mine':
      conditions.push(ownedBy(t, actor.userId));
      break;
    case 'participating':
      conditions.push(participatesIn(t, actor.userId));
      break;
    case 'subordinates':
      conditions.push(department ? inBranches(t, department) : sql<SqlBool>`1 = 0`);
      conditions.push(sql<SqlBool>`${sql.ref(t.owner)} <> ${actor.userId}`);
      break;
  }
  return conditions;
}

/** The scope as one condition (true when unrestricted). */
export function dataScope(t: ScopeTarget, actor: Actor, scene: Scene, branches: BranchIndex, options: ScopeOptions = {}): Condition {
  const conditions = dataScopeConditions(t, actor, scene, branches, options);
  if (conditions.length === 0) return sql<SqlBool>`1 = 1`;
  return sql<SqlBool>`${sql.join(conditions, sql` and `)}`;
}
