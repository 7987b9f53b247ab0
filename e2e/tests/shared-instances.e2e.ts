import { logIn, useBrowser } from '../support/browser';

type SharedSummary = { owners: string[]; sameReact: boolean; sameAntd: boolean };

describe('shared dependencies', () => {
  const browser = useBrowser();

  it('the shell and all four remotes use one React and one antd instance', async () => {
    const { page } = browser();
    await logIn(page, 'admin', 'admin123');
    await page.getByText('工作台').first().waitFor();
    // Client-side navigation keeps one page, so every remote's routes module lands in the same realm.
    for (const path of ['/oa/approval/todo', '/bi/customer/count', '/system/role', '/crm/customer/watched']) {
      await page.evaluate((to) => {
        window.history.pushState({}, '', to);
        window.dispatchEvent(new PopStateEvent('popstate'));
      }, path);
      await page.waitForURL((url) => url.pathname === path);
      await page.waitForLoadState('networkidle');
    }
    const summary = await page.evaluate((): SharedSummary => {
      const records = (globalThis as { __PORTAL_SHARED__?: { owner: string; React: unknown; antd: unknown }[] }).__PORTAL_SHARED__ ?? [];
      const first = records[0];
      return {
        owners: [...new Set(records.map((r) => r.owner))].sort(),
        sameReact: records.every((r) => r.React === first?.React),
        sameAntd: records.every((r) => r.antd === first?.antd),
      };
    });
    expect(summary.owners.length).toBeGreaterThanOrEqual(5);
    expect(summary).toMatchObject({ sameReact: true, sameAntd: true });
  });
});
