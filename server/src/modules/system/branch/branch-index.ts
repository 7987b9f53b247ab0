import type { DbOrTx } from '../../../db/database';

export type BranchRecord = { id: number; parent_id: number | null; name: string; attributes: number; sort_order: number; head_user_id?: number | null };

/** The (small) branch tree held in memory for one request: subtrees, roots and names. */
export class BranchIndex {
  private readonly byId = new Map<number, BranchRecord>();
  private readonly children = new Map<number | null, BranchRecord[]>();

  constructor(readonly branches: BranchRecord[]) {
    const sorted = [...branches].sort((a, b) => a.sort_order - b.sort_order || a.id - b.id);
    for (const b of sorted) {
      this.byId.set(b.id, b);
      const siblings = this.children.get(b.parent_id) ?? [];
      siblings.push(b);
      this.children.set(b.parent_id, siblings);
    }
  }

  get(id: number | null | undefined): BranchRecord | undefined {
    return id == null ? undefined : this.byId.get(id);
  }

  childrenOf(id: number | null): BranchRecord[] {
    return this.children.get(id) ?? [];
  }

  /** Nodes without a (known) parent. */
  roots(): BranchRecord[] {
    return this.branches.filter((b) => b.parent_id === null || !this.byId.has(b.parent_id)).sort((a, b) => a.sort_order - b.sort_order || a.id - b.id);
  }

  /** The id and the ids of all descendants. */
  subtreeIds(id: number): number[] {
    const out: number[] = [];
    const stack = [id];
    const seen = new Set<number>();
    while (stack.length > 0) {
      const current = stack.pop() as number;
      if (seen.has(current)) continue;
      seen.add(current);
      out.push(current);
      for (const c of this.childrenOf(current)) stack.push(c.id);
    }
    return out;
  }

  /** The top-level ancestor (the company): the user's `ShopID`. */
  rootOf(id: number | null): number | null {
    let node = this.get(id);
    const seen = new Set<number>();
    while (node && node.parent_id !== null && this.byId.has(node.parent_id) && !seen.has(node.id)) {
      seen.add(node.id);
      node = this.byId.get(node.parent_id);
    }
    return node?.id ?? null;
  }
}

export async function loadBranchIndex(db: DbOrTx): Promise<BranchIndex> {
  const rows = await db.selectFrom('branches').select(['id', 'parent_id', 'name', 'attributes', 'sort_order', 'head_user_id']).execute();
  return new BranchIndex(rows);
}
