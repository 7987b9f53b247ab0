/**
 * `pnpm backup [--out DIR]` and `pnpm restore DIR [--force]` (root package.json). They read the same
 * environment as the server (DATA_DIR, DATABASE_URL, UPLOAD_DIR). A backup runs while the server is
 * up; a restore wants it stopped.
 */
import path from 'node:path';
import { loadConfig } from '../config';
import { createBackup, restoreBackup } from './backup';

function stamp(d: Date): string {
  return d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
}

async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  const config = loadConfig();
  const flag = (name: string) => rest.includes(name);
  const valueOf = (name: string) => {
    const i = rest.indexOf(name);
    return i >= 0 ? rest[i + 1] : undefined;
  };
  if (command === 'backup') {
    const now = new Date();
    const out = path.resolve(valueOf('--out') ?? path.join(config.dataDir, 'backups', stamp(now)));
    const manifest = await createBackup(config, out, now);
    process.stdout.write(`备份完成：${out}（${manifest.database === 'sqlite' ? 'SQLite' : 'PostgreSQL'}，${manifest.files} 个上传文件）\n`);
    return;
  }
  if (command === 'restore') {
    const from = rest.find((a) => !a.startsWith('--'));
    if (!from) throw new Error('用法：pnpm restore <备份目录> [--force]');
    const manifest = await restoreBackup(config, path.resolve(from), { force: flag('--force') });
    process.stdout.write(`恢复完成：${manifest.createdAt} 的备份（${manifest.files} 个上传文件）\n`);
    return;
  }
  throw new Error('用法：backup [--out 目录] | restore <目录> [--force]');
}

main(process.argv.slice(2)).catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
