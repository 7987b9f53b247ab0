/** The department tree (api/branch/TreeJson) with each node's employed staff counted, itself and below. */
import type { BranchTreeNode } from '@portal/shared-contract';
import type { AppContext } from '../../../app-context';
import { loadBranchIndex, type BranchIndex } from './branch-index';

/** A node of `api/branch/TreeJson`: the contract's (spec §3: ID (id), parent, Name, text, userCount, children, attributes). */
export type BranchNode = BranchTreeNode;

export function buildBranchTree(index: BranchIndex, directCounts: Map<number, number>): BranchNode[] {
  const build = (id: number): BranchNode => {
    const b = index.get(id);
    if (!b) throw new Error(`branch ${id} vanished`);
    const children = index.childrenOf(id).map((c) => build(c.id));
    const userCount = (directCounts.get(id) ?? 0) + children.reduce((sum, c) => sum + c.userCount, 0);
    return {
      id: b.id,
      ID: b.id,
      parent: b.parent_id ?? 0,
      Name: b.name,
      text: b.name,
      userCount,
      attributes: b.attributes,
      headUserId: b.head_user_id ?? 0,
      children,
    };
  };
  return index.roots().map((r) => build(r.id));
}

/** The department tree; userCount counts employed staff in the node and below. */
export async function branchTree(ctx: AppContext): Promise<BranchNode[]> {
  const [index, counts] = await Promise.all([
    loadBranchIndex(ctx.db),
    ctx.db
      .selectFrom('users')
      .select((eb) => ['branch_id', eb.fn.countAll<number>().as('n')])
      .where('quit_status', '=', 0)
      .groupBy('branch_id')
      .execute(),
  ]);
  const direct = new Map<number, number>();
  for (const c of counts) if (c.branch_id !== null) direct.set(c.branch_id, Number(c.n));
  return buildBranchTree(index, direct);
}
