import type { AppContext } from '../../../app-context';
import type { Actor } from '../../auth/session/actor';
import { loadBranchIndex } from '../branch/branch-index';
import { hasRight } from '../role/permission-tree';
import { scopeBranchIds } from '../../shared/data-scope';

/**
 * Whose login records `actor` may read (issue #12), with data-scope.ts's semantics: holders of system
 * `Loglos` see them within their role's data scope — `all`: everyone's, including failed logins under
 * names that are no account; `department`: the users of their department subtree; `branch`: of their own department; `own`: their own.
 * Everyone else sees their own records only. Returns the user ids to filter on, or undefined for all.
 */
export async function loginRecordScope(ctx: AppContext, actor: Actor): Promise<number[] | undefined> {
  if (!hasRight(actor.rights, 'system', 'Loglos')) return [actor.userId];
  if (actor.dataScope === 'all') return undefined;
  if (actor.dataScope === 'own') return [actor.userId];
  const scope = scopeBranchIds(actor, await loadBranchIndex(ctx.db)) ?? [];
  if (scope.length === 0) return [actor.userId];
  const users = await ctx.db.selectFrom('users').select('id').where('branch_id', 'in', scope).execute();
  return [...new Set([actor.userId, ...users.map((u) => u.id)])];
}
