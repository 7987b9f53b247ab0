/**
 * Headless Debian Chromium through playwright-core: one browser for the whole run (started by the
 * global setup), and a fresh browser context (its own cookies, storage and cache, like a new
 * profile) for each user session a test opens. The user actions the tests share (log in, screenshot).
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type BrowserContext, type BrowserServer, type Page } from 'playwright-core';
import { artifactsDir, portalState } from './portal';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export type BrowserSession = { context: BrowserContext; page: Page; close: () => Promise<void> };

/** Starts the run's one browser (global setup); sessions connect to it (openBrowser). */
export function launchBrowserServer(): Promise<BrowserServer> {
  return chromium.launchServer({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', headless: true, args: CHROMIUM_ARGS });
}

/**
 * A new user session: a fresh context in the run's browser. A browser launched per session (30 in the
 * suite) cost about half a CPU-second more each: five launches took 4.6 CPU-s, one launch and five
 * contexts 2.1.
 */
export async function openBrowser(): Promise<BrowserSession> {
  const browser = await chromium.connect(portalState().browserEndpoint);
  const context = await browser.newContext({
    baseURL: portalState().baseUrl,
    viewport: { width: 1366, height: 900 },
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    // The portal turns antd's animations off for users who ask for reduced motion: nothing to wait
    // for before a click, and no animation frames for the renderer to draw.
    reducedMotion: 'reduce',
  });
  context.setDefaultTimeout(20_000);
  const page = await context.newPage();
  return {
    context,
    page,
    close: async () => {
      await context.close();
      await browser.close();
    },
  };
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(artifactsDir, { recursive: true });
  await page.screenshot({ path: path.join(artifactsDir, `${name}.png`), fullPage: true }).catch(() => undefined);
}

function fileNameOf(testName: string): string {
  return testName
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 120);
}

/**
 * One fresh browser session per test file (beforeAll/afterAll) and a screenshot into e2e/artifacts/ after
 * every test, passed or failed. Returns a getter for the session.
 */
export function useBrowser(): () => BrowserSession {
  let session: BrowserSession | undefined;
  beforeAll(async () => {
    session = await openBrowser();
  });
  afterEach(async () => {
    const name = expect.getState().currentTestName ?? 'test';
    if (session) await screenshot(session.page, fileNameOf(name));
  });
  afterAll(async () => {
    await session?.close();
  });
  return () => {
    if (!session) throw new Error('the browser is not open yet');
    return session;
  };
}

/** Logs in through the login page; resolves with the login reply's data once the shell has left /login. */
export async function logIn(
  page: Page,
  username: string,
  password: string,
  options: { stayOnPage?: boolean } = {},
): Promise<{ UserID: number | string; LoginToken: string }> {
  if (!options.stayOnPage) await page.goto('/login');
  await page.getByPlaceholder(/用户名/).fill(username);
  await page.getByPlaceholder(/密码/).fill(password);
  const [reply] = await Promise.all([
    page.waitForResponse((r) => /\/api\/user\/login$/i.test(new URL(r.url()).pathname)),
    page.getByRole('button', { name: /登\s*录/ }).click(),
  ]);
  const body = (await reply.json()) as { result?: string; msg?: string; data?: { UserID: number | string; LoginToken: string } };
  if (body.result !== 'success' || !body.data) throw new Error(`login ${username} failed: ${JSON.stringify(body)}`);
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  return body.data;
}

/** Waits until the page shows `text` and no spinner is left (a lazily loaded page has rendered). */
export async function waitForPage(page: Page, text: string | RegExp): Promise<void> {
  await page.getByText(text).first().waitFor();
  await page.waitForFunction(() => document.querySelector('.ant-spin-spinning') === null);
}

/** Visible text of the page's main area, for assertions on what the user sees. */
export async function bodyText(page: Page): Promise<string> {
  return page.locator('body').innerText();
}
