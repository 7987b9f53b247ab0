import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { logIn, screenshot, useBrowser, waitForPage } from '../support/browser';
import { deliveryCommand, portalState, readRegistry, repoRoot } from '../support/portal';

/** Hash of every file's path, content and mtime under `dir` (any rebuild or rewrite changes it). */
function treeFingerprint(dir: string): string {
  const hash = createHash('sha256');
  const visit = (current: string): void => {
    for (const entry of readdirSync(current, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const file = path.join(current, entry.name);
      if (entry.isDirectory()) visit(file);
      else hash.update(`${path.relative(dir, file)}:${statSync(file).mtimeMs}:`).update(readFileSync(file));
    }
  };
  visit(dir);
  return hash.digest('hex');
}

/** Loads a system page in a fresh navigation and returns the system manifest URL the shell fetched. */
async function systemManifestLoaded(page: Page): Promise<string> {
  const manifest = page.waitForResponse((r) => /\/mf\/remote-system\/[^/]+\/mf-manifest\.json$/.test(r.url()) && r.ok());
  await page.goto('/system/role');
  const response = await manifest;
  await waitForPage(page, '角色管理');
  return new URL(response.url()).pathname;
}

describe('release then rollback of one remote', () => {
  const browser = useBrowser();
  const { mfDir } = portalState();
  const others = ['crm', 'oa', 'bi'];
  const fingerprints = () => ({
    shell: treeFingerprint(path.join(repoRoot, 'shell', 'dist')),
    systemDist: treeFingerprint(path.join(repoRoot, 'remote-system', 'dist')),
    ...Object.fromEntries(others.map((area) => [area, treeFingerprint(path.join(mfDir, `remote-${area}`))])),
  });

  beforeAll(async () => {
    await logIn(browser().page, 'admin', 'admin123');
  });

  it('switches the build users get, and back, without rebuilding anything else', async () => {
    const { page } = browser();
    const before = readRegistry(mfDir);
    const originalEntry = before.remotes.system?.entry;
    expect(originalEntry).toMatch(/^\/mf\/remote-system\/.+\/mf-manifest\.json$/);
    const untouched = fingerprints();
    expect(await systemManifestLoaded(page)).toBe(originalEntry);

    const release = deliveryCommand(['release', 'system', '--version', '9.9.9-e2e'], mfDir);
    expect(release).toMatchObject({ status: 0 });
    const released = readRegistry(mfDir);
    const newEntry = released.remotes.system?.entry ?? '';
    expect(newEntry).toMatch(/^\/mf\/remote-system\/9\.9\.9-e2e-\d{8}T\d{6}-[0-9a-f]{8}\/mf-manifest\.json$/);
    for (const area of others) expect(released.remotes[area]).toEqual(before.remotes[area]);
    expect(await systemManifestLoaded(page)).toBe(newEntry);
    await screenshot(page, 'f-released');

    const rollback = deliveryCommand(['rollback', 'system'], mfDir);
    expect(rollback).toMatchObject({ status: 0 });
    const rolledBack = readRegistry(mfDir);
    expect(rolledBack.remotes.system?.entry).toBe(originalEntry);
    for (const area of others) expect(rolledBack.remotes[area]).toEqual(before.remotes[area]);
    expect(await systemManifestLoaded(page)).toBe(originalEntry);
    await screenshot(page, 'f-rolled-back');

    expect(fingerprints()).toEqual(untouched);
    const history = JSON.parse(readFileSync(path.join(mfDir, 'history.json'), 'utf8')) as { events: { area: string; action: string }[] };
    expect(history.events.filter((e) => e.area === 'system').map((e) => e.action)).toEqual(['release', 'release', 'rollback']);
  });

  it('refuses to roll back to a folder that does not exist, changing nothing', () => {
    const before = readRegistry(mfDir);
    const refused = deliveryCommand(['rollback', 'system', '--to', '0.0.0-19700101T000000-deadbeef'], mfDir);
    expect(refused.status).toBe(1);
    expect(refused.output).toMatch(/@portal\/remote-system.*does not exist/);
    expect(readRegistry(mfDir)).toEqual(before);
  });
});
