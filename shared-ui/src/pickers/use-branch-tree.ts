/** The department tree, loaded once `enabled` turns true (a picker opening) and cached for the portal. */
import { useQuery } from '@tanstack/react-query';
import { directoryKeys } from '../query/query-keys';
import { fetchBranchTree } from './directory-api';
import type { BranchNode } from './directory-types';

const NO_NODES: BranchNode[] = [];

export function useBranchTree(enabled: boolean): { nodes: BranchNode[]; loading: boolean } {
  const tree = useQuery({
    queryKey: directoryKeys.branchTree(),
    queryFn: async () => {
      const nodes = await fetchBranchTree();
      return Array.isArray(nodes) ? nodes : NO_NODES;
    },
    enabled,
  });
  // On failure the client has reported it; an empty tree lets the picker still close.
  return { nodes: tree.data ?? NO_NODES, loading: tree.isFetching };
}
