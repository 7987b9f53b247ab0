import { logIn, screenshot, useBrowser, waitForPage } from '../support/browser';
import { apiCall } from '../support/portal';

/**
 * 基础设置 › 公海规则: the administrator gives 客户级别 A its own no-follow-up recycle days; the change is
 * saved, logged under 公海规则 and read back. Restored at the end (other files share the portal).
 */
describe('per-level recycle days in 基础设置', () => {
  const browser = useBrowser();
  let token = '';

  beforeAll(async () => {
    token = (await logIn(browser().page, 'admin', 'admin123')).LoginToken;
  });
  afterAll(async () => {
    const { body } = await apiCall<Record<string, unknown>>('api/setting/index', {}, token);
    const s = body.data ?? {};
    const restored = await apiCall('api/setting/savePool', { ...s, capCountsDealt: s.capCountsDealt ? 1 : 0, poolLevelDays: {} }, token);
    expect(restored.body).toMatchObject({ result: 'success' });
  });

  it('sets level A to 60 days, saves and logs it', async () => {
    const { page } = browser();
    await page.goto('/system/basic');
    await waitForPage(page, '公海规则');
    const card = page.locator('.ant-card', { hasText: '公海规则' });
    const levelA = card.getByLabel('客户级别A未跟进回收天数');
    await levelA.fill('60');
    await card.getByRole('button', { name: /保\s*存/ }).click();
    await page.getByText('保存成功').first().waitFor();
    const log = page.locator('.ant-card', { hasText: '修改记录' }).locator('.ant-table-row', { hasText: '公海规则' }).first();
    await log.getByText(/"poolLevelDays":\{"A":60\}/).waitFor();
    await screenshot(page, 'basic-settings-pool-level-days');
    const { body } = await apiCall<{ poolLevelDays: Record<string, number> }>('api/setting/index', {}, token);
    expect(body.data?.poolLevelDays).toEqual({ A: 60 });
    await expect(levelA.inputValue()).resolves.toBe('60');
  });
});
