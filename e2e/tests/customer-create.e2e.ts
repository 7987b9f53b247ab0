import { logIn, screenshot, useBrowser } from '../support/browser';

describe('creating a customer at /crm/customer/watched', () => {
  const browser = useBrowser();

  beforeAll(async () => {
    await logIn(browser().page, 'sales1', 'sales123');
  });

  it('shows 信息必须填写 / 请选择 for empty required fields, then saves and lists the row', async () => {
    const { page } = browser();
    const name = `端到端测试客户${Date.now() % 1_000_000}`;
    await page.goto('/crm/customer/watched');
    await page.locator('.ant-table-row').first().waitFor();

    await page
      .getByRole('button', { name: /新\s*建|新\s*增|创建客户|添加客户/ })
      .first()
      .click();
    const form = page
      .locator('form')
      .filter({ has: page.getByLabel('客户名称') })
      .first();
    await form.waitFor();
    await form.getByLabel('联系人').fill('张测试');
    await form
      .getByLabel(/手机|电话/)
      .first()
      .fill('13800138000');
    await page.getByRole('button', { name: /^保\s*存$/ }).click();
    await form.getByText('信息必须填写').first().waitFor();
    await form.getByText('请选择').first().waitFor();
    await expect(page.locator('.ant-table-row', { hasText: name }).count()).resolves.toBe(0);
    await screenshot(page, 'c-customer-required');

    await form.getByLabel('客户名称').fill(name);
    // On a busy machine a click can land while the dropdown is still opening and choose nothing
    // (保存 would then only show 请选择 again): pick until the choice has registered (the select's
    // live region names it), at most three times.
    const sourceField = form.locator('.ant-form-item').filter({ hasText: /来源/ });
    for (let attempt = 1; ; attempt += 1) {
      await form.getByLabel(/来源/).click();
      const option = page.locator('.ant-select-dropdown:visible .ant-select-item-option').first();
      const source = (await option.innerText()).trim();
      await option.click();
      const chosen = sourceField.getByText(source, { exact: true }).first();
      const registered = await chosen.waitFor({ state: 'attached', timeout: 5000 }).then(
        () => true,
        () => false,
      );
      if (registered) break;
      if (attempt === 3) throw new Error(`客户来源 "${source}" was not chosen after three tries`);
    }
    const [reply] = await Promise.all([
      page.waitForResponse((r) => /customeraddendit$/i.test(new URL(r.url()).pathname)),
      page.getByRole('button', { name: /^保\s*存$/ }).click(),
    ]);
    expect(await reply.json()).toMatchObject({ result: 'success' });
    await page.getByText('保存成功').first().waitFor();
    await page.locator('.ant-table-row', { hasText: name }).first().waitFor();
  });
});
