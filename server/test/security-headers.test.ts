/** Issue 12 item 11: the shell and the API carry a strict CSP and anti-framing headers. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServer, type TestServer } from './harness';

let s: TestServer;
let shellDir = '';

beforeAll(async () => {
  shellDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-shell-'));
  fs.writeFileSync(path.join(shellDir, 'index.html'), '<!doctype html><title>门户</title><div id="root"></div>');
  s = await startServer({ shellDist: shellDir });
});
afterAll(async () => {
  await s.close();
  fs.rmSync(shellDir, { recursive: true, force: true });
});

test('the shell is served with a strict Content-Security-Policy, frame-ancestors and X-Frame-Options', async () => {
  for (const url of ['/', '/login', '/crm/index']) {
    const res = await fetch(s.url + url, { headers: { accept: 'text/html' } });
    // Read to the end: an unread body keeps its connection busy, and the server's close waits for it.
    await res.text();
    expect(res.status).toBe(200);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  }
});

test('API replies carry the headers too', async () => {
  const res = await fetch(`${s.url}/api/user/isApplogin`);
  await res.text();
  expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
  expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'self'");
});
