/** Helpers over `{id, text, children}` trees (department tree, tree controls). */

export type TextTreeNode = { id: number | string; text: string; children?: TextTreeNode[] };

/** The nodes whose text contains `keyword`, with their ancestors kept so the match stays in place. */
export function filterTree<N extends TextTreeNode>(nodes: readonly N[], keyword: string): N[] {
  const key = keyword.trim().toLowerCase();
  if (!key) return [...nodes];
  const result: N[] = [];
  for (const node of nodes) {
    if (node.text.toLowerCase().includes(key)) {
      result.push(node);
      continue;
    }
    const children = filterTree((node.children ?? []) as N[], keyword);
    if (children.length > 0) result.push({ ...node, children });
  }
  return result;
}

export function findNode<N extends TextTreeNode>(nodes: readonly N[], id: number | string): N | undefined {
  for (const node of nodes) {
    if (String(node.id) === String(id)) return node;
    const found = findNode((node.children ?? []) as N[], id);
    if (found) return found;
  }
  return undefined;
}

/** A node as antd's Tree takes it (`key`, `title`), keeping the original node. */
export type TreeItem<N> = { key: number | string; title: string; node: N; children?: TreeItem<N>[] };

export function toTreeItems<N extends TextTreeNode>(nodes: readonly N[]): TreeItem<N>[] {
  return nodes.map((node) => ({
    key: node.id,
    title: node.text,
    node,
    ...(node.children?.length ? { children: toTreeItems(node.children as N[]) } : {}),
  }));
}
