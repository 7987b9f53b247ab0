/**
 * The rights editor's model, pure: the catalogue as tree nodes, and the rules that keep a role's
 * rights consistent — an action needs its page (checking an action checks the page's 查看, and
 * unchecking 查看 unchecks its actions).
 */
import type { PermissionTree } from '@portal/shared-core';
import type { CatalogueArea } from '../api/role-api';

export type RightsNode = { key: string; title: string; children?: RightsNode[] };

/** Leaf keys are the rights themselves (`customer/watched`, `customer/watched:delete`); the others are prefixed. */
export function areaNodes(area: CatalogueArea): RightsNode[] {
  return area.groups.map((group) => {
    const pages: RightsNode[] = group.pages.map((page) =>
      page.actions.length === 0
        ? { key: page.path, title: page.title }
        : {
            key: `page:${page.path}`,
            title: page.title,
            children: [{ key: page.path, title: '查看' }, ...page.actions.map((a) => ({ key: a.right, title: a.title }))],
          },
    );
    // A group of one page without actions is the page itself.
    if (pages.length === 1 && group.pages[0]?.title === group.title && !pages[0]?.children) return pages[0] as RightsNode;
    return { key: `group:${group.key}`, title: group.title, children: pages };
  });
}

/** Every right the area offers. */
export function areaRights(area: CatalogueArea): string[] {
  return area.groups.flatMap((g) => g.pages.flatMap((p) => [p.path, ...p.actions.map((a) => a.right)]));
}

const pageOf = (right: string): string | null => {
  const m = /^(.*[^/]):([a-z]+)$/.exec(right);
  return m ? (m[1] ?? null) : null;
};

/**
 * The area's rights after the user checked or unchecked `clicked` (a right or a group/page node) and
 * the tree reported `checked`: only known rights, each action with its page.
 */
export function nextAreaRights(area: CatalogueArea, checked: readonly string[], clicked: string, isChecked: boolean): string[] {
  const known = new Set(areaRights(area));
  const set = new Set(checked.filter((k) => known.has(k)));
  if (!isChecked && known.has(clicked) && pageOf(clicked) === null) {
    // 查看 unchecked: the page's actions go too.
    for (const k of [...set]) if (pageOf(k) === clicked) set.delete(k);
  }
  for (const k of [...set]) {
    const page = pageOf(k);
    if (page !== null) set.add(page);
  }
  return areaRights(area).filter((r) => set.has(r));
}

export function withArea(tree: Partial<PermissionTree>, area: CatalogueArea['area'], rights: string[]): Partial<PermissionTree> {
  return { ...tree, [area]: rights };
}
