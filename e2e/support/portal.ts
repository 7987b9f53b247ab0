/**
 * The portal under test: where it runs (written by the global setup), its release command and its
 * HTTP API, used as a user or an operator would.
 */
import { spawnSync, type ChildProcess } from 'node:child_process';
import type { BrowserServer } from 'playwright-core';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const repoRoot = path.resolve(__dirname, '..', '..');
export const artifactsDir = path.join(repoRoot, 'e2e', 'artifacts');

declare global {
  /** The server started by the global setup (global setup and teardown share this process). */
  // eslint-disable-next-line no-var
  var __PORTAL_E2E__: { server: ChildProcess; browser?: BrowserServer; dataDir: string; log: NodeJS.WritableStream } | undefined;
}

/** `browserEndpoint`: the run's one Chromium (playwright's launchServer), which each session connects to. */
export type PortalState = { baseUrl: string; dataDir: string; mfDir: string; serverPid: number; browserEndpoint: string };

export function portalState(): PortalState {
  const file = process.env.PORTAL_E2E_STATE;
  if (!file) throw new Error('PORTAL_E2E_STATE is not set: run the suite through jest with e2e/jest.config.js');
  return JSON.parse(readFileSync(file, 'utf8')) as PortalState;
}

export type CommandResult = { status: number; output: string };

/** `tsx server/src/release/cli.ts …` against the test MF_DIR (what `pnpm release|rollback` runs). */
export function deliveryCommand(args: string[], mfDir: string): CommandResult {
  const result = spawnSync(process.execPath, [path.join(repoRoot, 'server', 'scripts', 'delivery.mjs'), ...args], {
    cwd: repoRoot,
    env: { ...process.env, MF_DIR: mfDir, INIT_CWD: repoRoot },
    encoding: 'utf8',
  });
  return { status: result.status ?? 1, output: `${result.stdout ?? ''}${result.stderr ?? ''}` };
}

export type RegistryEntry = { name: string; version: string; entry: string };
export type Registry = { remotes: Record<string, RegistryEntry> };

export function readRegistry(mfDir: string): Registry {
  return JSON.parse(readFileSync(path.join(mfDir, 'registry.json'), 'utf8')) as Registry;
}

export function writeRegistry(mfDir: string, registry: Registry): void {
  writeFileSync(path.join(mfDir, 'registry.json'), `${JSON.stringify(registry, null, 2)}\n`);
}

export type Envelope<T = unknown> = { result?: 'success' | 'error'; msg?: string; data?: T; [key: string]: unknown };

/** POST a JSON body to the API, as the shell's client does (with the authkey header when given). */
export async function apiCall<T = unknown>(apiPath: string, body: Record<string, unknown>, token?: string): Promise<{ status: number; body: Envelope<T> }> {
  const response = await fetch(`${portalState().baseUrl}/${apiPath.replace(/^\//, '')}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authkey: token } : {}) },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Envelope<T> };
}

export type LoginData = { LoginToken: string; NickName: string; UserID: number | string };

export async function apiLogin(username: string, password: string): Promise<LoginData> {
  const { status, body } = await apiCall<LoginData>('api/user/login', { username, password });
  if (body.result !== 'success' || !body.data) throw new Error(`login ${username} failed: ${status} ${JSON.stringify(body)}`);
  return body.data;
}
