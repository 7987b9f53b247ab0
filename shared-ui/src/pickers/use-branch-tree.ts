/** Loads the department tree once `enabled` turns true (a picker opening), and keeps it. */
import { useEffect, useState } from 'react';
import { fetchBranchTree } from './directory-api';
import type { BranchNode } from './directory-types';

export function useBranchTree(enabled: boolean): { nodes: BranchNode[]; loading: boolean } {
  const [nodes, setNodes] = useState<BranchNode[] | null>(null);
  const [loading, setLoading] = useState(false);

  useEffect(() => {
    if (!enabled || nodes !== null) return;
    let alive = true;
    setLoading(true);
    fetchBranchTree()
      .then((tree) => alive && setNodes(Array.isArray(tree) ? tree : []))
      // The client has reported the failure; an empty tree lets the picker still close.
      .catch(() => alive && setNodes([]))
      .finally(() => alive && setLoading(false));
    return () => {
      alive = false;
    };
  }, [enabled, nodes]);

  return { nodes: nodes ?? [], loading };
}
