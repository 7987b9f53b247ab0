// Temporary: screenshots of the new pages as each demo role (not committed).
import { chromium } from 'playwright-core';
const base = process.env.BASE || 'http://localhost:8090';
const pages = {
  admin: ['/system/role', '/system/user', '/system/branch', '/system/status', '/system/basic', '/system/Loglos', '/oa/flow', '/oa/approval/all', '/crm/customer/black', '/person/avatar'],
  manager1: ['/oa/approval/todo', '/crm/customer/daifenpei', '/crm/customer/teamkehu', '/crm/customer/lizhi', '/oa/approval/statistics'],
  sales1: ['/crm/customer/watched', '/crm/customer/total', '/crm/customer/zaifenpei', '/crm/customer/nodispose', '/crm/customer/fangke', '/oa/approval/mySubmit', '/oa/createApproval'],
};
const pw = { admin: 'admin123', manager1: 'manager123', sales1: 'sales123' };
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const anon = await browser.newPage({ viewport: { width: 1440, height: 900 } });
await anon.goto(base + '/login');
await anon.waitForTimeout(1500);
await anon.screenshot({ path: '/tmp/shots/login.png' });
await anon.goto(base + '/crm/customer/search');
await anon.waitForTimeout(2500);
await anon.screenshot({ path: '/tmp/shots/public-search.png' });
const narrow = await browser.newPage({ viewport: { width: 390, height: 800 } });
await narrow.goto(base + '/login');
await narrow.waitForTimeout(1500);
await narrow.screenshot({ path: '/tmp/shots/login-narrow.png' });
for (const [user, list] of Object.entries(pages)) {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await page.goto(base + '/login');
  await page.getByPlaceholder(/用户名/).fill(user);
  await page.getByPlaceholder(/密码/).fill(pw[user]);
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await page.waitForURL((u) => !u.pathname.startsWith('/login'));
  await page.waitForTimeout(2000);
  for (const p of list) {
    await page.goto(base + p);
    await page.waitForTimeout(3500);
    await page.screenshot({ path: `/tmp/shots/${user}${p.replace(/\//g, '_')}.png` });
  }
  await page.close();
}
await browser.close();
