import { createApp } from './app';
import { loadConfig } from './config';

const DEMO_LOGINS = ['admin / admin123（超级管理员）', 'manager1 / manager123（销售经理）', 'sales1 / sales123（销售）', 'finance1 / finance123（财务）'];

async function main(): Promise<void> {
  const config = loadConfig();
  const app = await createApp(config);
  const shutdown = (signal: string) => {
    app.log.info(`${signal} received, closing`);
    // Requests in flight get 10 s to finish; connections still open then (a client that stopped
    // reading a download) are cut, so a stalled client cannot hold the shutdown.
    setTimeout(() => app.server.closeAllConnections(), 10_000).unref();
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  await app.listen({ port: config.port, host: config.host });
  const shown = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const database = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `SQLite ${config.sqliteFile}`;
  const lines = [`销售门户已启动: http://${shown}:${config.port}`, `数据库: ${database}`];
  if (config.seedDemo) lines.push('演示账号:', ...DEMO_LOGINS.map((l) => `  ${l}`));
  process.stdout.write(`\n${lines.join('\n')}\n\n`);
}

main().catch((err: unknown) => {
  process.stderr.write(`启动失败: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
