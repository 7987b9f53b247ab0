import { rmSync } from 'node:fs';
import './portal';

export default async function globalTeardown(): Promise<void> {
  const portal = globalThis.__PORTAL_E2E__;
  if (!portal) return;
  const exited = new Promise<void>((resolve) => {
    if (portal.server.exitCode !== null) resolve();
    else portal.server.once('exit', () => resolve());
  });
  portal.server.kill('SIGTERM');
  await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
  if (portal.server.exitCode === null) portal.server.kill('SIGKILL');
  if (!process.env.PORTAL_E2E_KEEP_DATA) rmSync(portal.dataDir, { recursive: true, force: true });
}
