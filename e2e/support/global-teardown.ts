import { rmSync } from 'node:fs';
import './portal';

export default async function globalTeardown(): Promise<void> {
  const portal = globalThis.__PORTAL_E2E__;
  if (!portal) return;
  await portal.browser?.close();
  const exited = new Promise<void>((resolve) => {
    if (portal.server.exitCode !== null) resolve();
    else portal.server.once('exit', () => resolve());
  });
  portal.server.kill('SIGTERM');
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([exited, new Promise((resolve) => (timer = setTimeout(resolve, 5000)))]);
  clearTimeout(timer);
  if (portal.server.exitCode === null) portal.server.kill('SIGKILL');
  portal.server.stdout?.destroy();
  portal.server.stderr?.destroy();
  portal.log.end();
  if (!process.env.PORTAL_E2E_KEEP_DATA) rmSync(portal.dataDir, { recursive: true, force: true });
}
