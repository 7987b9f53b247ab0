import { logIn, useBrowser } from '../support/browser';

type SharedSummary = {
  owners: string[];
  sameReact: boolean;
  /** TanStack Query export names seen with two different objects across apps (a second copy). */
  conflictingQueryExports: string[];
  /** The remote's customer list query landed in the shell's QueryClient (one cache for all apps). */
  customerListInShellCache: boolean;
  /** Export names seen with two different objects across apps (a second antd copy). */
  conflictingAntdExports: string[];
  /** Apps whose antd view shares no export with the shell's (nothing to compare). */
  unconnected: string[];
};

describe('shared dependencies', () => {
  const browser = useBrowser();

  it('the shell and all four remotes use one React, one antd and one TanStack Query (one QueryClient)', async () => {
    const { page } = browser();
    await logIn(page, 'admin', 'admin123');
    await page.getByText('工作台').first().waitFor();
    // Client-side navigation keeps one page, so every remote's routes module runs in the same realm.
    for (const path of ['/oa/approval/todo', '/bi/customer/count', '/system/role', '/crm/customer/watched']) {
      await page.evaluate((to) => {
        window.history.pushState({}, '', to);
        window.dispatchEvent(new PopStateEvent('popstate'));
      }, path);
      await page.waitForURL((url) => url.pathname === path);
      await page.waitForLoadState('networkidle');
    }
    const summary = await page.evaluate((): SharedSummary => {
      type Entry = {
        owner: string;
        React: unknown;
        antd: Record<string, unknown>;
        reactQuery: Record<string, unknown>;
        queryClient?: { getQueryCache: () => { findAll: (filters: { queryKey: unknown[] }) => unknown[] } };
      };
      const records = (globalThis as { __PORTAL_SHARED__?: Entry[] }).__PORTAL_SHARED__ ?? [];
      const first = records[0];
      // webpack gives each app its own (tree-shaken) namespace object for `import * as antd`, so the
      // single-instance check is on the exports themselves: every export name must be the same object
      // in every app that uses it, and each app must share at least one export with the shell.
      const conflictsOf = (pick: (record: Entry) => Record<string, unknown>) => {
        const seen = new Map<string, unknown>();
        const conflicts = new Set<string>();
        for (const record of records) {
          for (const [name, value] of Object.entries(pick(record) ?? {})) {
            if (!seen.has(name)) seen.set(name, value);
            else if (seen.get(name) !== value) conflicts.add(name);
          }
        }
        return [...conflicts];
      };
      const shell = records.find((r) => r.owner === 'shell');
      // 我的客户 (remote crm) has loaded its list through useQuery: it must sit in the shell's client.
      const customerLists = shell?.queryClient?.getQueryCache().findAll({ queryKey: ['customer', 'index'] }) ?? [];
      const shellExports = new Set(Object.keys(shell?.antd ?? {}));
      return {
        owners: [...new Set(records.map((r) => r.owner))].sort(),
        sameReact: records.every((r) => r.React === first?.React),
        conflictingQueryExports: conflictsOf((r) => r.reactQuery),
        customerListInShellCache: customerLists.length > 0,
        conflictingAntdExports: conflictsOf((r) => r.antd),
        unconnected: records.filter((r) => !Object.keys(r.antd).some((name) => shellExports.has(name))).map((r) => r.owner),
      };
    });
    expect(summary).toEqual({
      owners: ['bi', 'crm', 'oa', 'shell', 'system'],
      sameReact: true,
      conflictingQueryExports: [],
      customerListInShellCache: true,
      conflictingAntdExports: [],
      unconnected: [],
    });
  });
});
