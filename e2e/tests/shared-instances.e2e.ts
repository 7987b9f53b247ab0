import { logIn, useBrowser } from '../support/browser';

type SharedSummary = {
  owners: string[];
  sameReact: boolean;
  /** Export names seen with two different objects across apps (a second antd copy). */
  conflictingAntdExports: string[];
  /** Apps whose antd view shares no export with the shell's (nothing to compare). */
  unconnected: string[];
};

describe('shared dependencies', () => {
  const browser = useBrowser();

  it('the shell and all four remotes use one React and one antd instance', async () => {
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
      type Entry = { owner: string; React: unknown; antd: Record<string, unknown> };
      const records = (globalThis as { __PORTAL_SHARED__?: Entry[] }).__PORTAL_SHARED__ ?? [];
      const first = records[0];
      // webpack gives each app its own (tree-shaken) namespace object for `import * as antd`, so the
      // single-instance check is on the exports themselves: every export name must be the same object
      // in every app that uses it, and each app must share at least one export with the shell.
      const seen = new Map<string, unknown>();
      const conflicts = new Set<string>();
      for (const record of records) {
        for (const [name, value] of Object.entries(record.antd)) {
          if (!seen.has(name)) seen.set(name, value);
          else if (seen.get(name) !== value) conflicts.add(name);
        }
      }
      const shell = records.find((r) => r.owner === 'shell');
      const shellExports = new Set(Object.keys(shell?.antd ?? {}));
      return {
        owners: [...new Set(records.map((r) => r.owner))].sort(),
        sameReact: records.every((r) => r.React === first?.React),
        conflictingAntdExports: [...conflicts],
        unconnected: records.filter((r) => !Object.keys(r.antd).some((name) => shellExports.has(name))).map((r) => r.owner),
      };
    });
    expect(summary).toEqual({ owners: ['bi', 'crm', 'oa', 'shell', 'system'], sameReact: true, conflictingAntdExports: [], unconnected: [] });
  });
});
