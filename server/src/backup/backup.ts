/**
 * Online, consistent backups (issue #12) of what a portal installation holds: the database and the
 * uploaded files. The database first — SQLite through better-sqlite3's online backup API (a consistent
 * snapshot while the server keeps writing), PostgreSQL through `pg_dump` (one transaction, hence
 * consistent) — then the uploads folder. Uploads are immutable and written before their row commits,
 * so every file row in the snapshot has its file in the copy (unless deleted in between).
 * A backup is a folder: manifest.json, portal.db or portal.pgdump, uploads/.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Client } from 'pg';
import type { AppConfig } from '../config';

export type BackupConfig = Pick<AppConfig, 'databaseUrl' | 'databaseSchema' | 'sqliteFile' | 'uploadDir' | 'dataDir'>;

export type BackupManifest = {
  format: 1;
  createdAt: string;
  database: 'sqlite' | 'postgres';
  /** The PostgreSQL schema that was dumped (when one was named). */
  schema?: string;
  files: number;
};

export const MANIFEST = 'manifest.json';
export const SQLITE_FILE = 'portal.db';
export const PG_FILE = 'portal.pgdump';
export const UPLOADS = 'uploads';

/** Runs a command, failing with its stderr. */
export function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', (err: NodeJS.ErrnoException) =>
      reject(err.code === 'ENOENT' ? new Error(`${command} 不在 PATH 中：请安装 PostgreSQL 客户端工具（与服务器同一主版本）`) : err),
    );
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`${command} 失败（退出码 ${code}）：${stderr.trim()}`))));
  });
}

/** Copies the uploads (not the temporary parts in .tmp/); returns how many files. */
async function copyUploads(from: string, to: string): Promise<number> {
  await fsp.mkdir(to, { recursive: true });
  let count = 0;
  for (const entry of await fsp.readdir(from, { withFileTypes: true }).catch(() => [] as fs.Dirent[])) {
    if (!entry.isFile() || entry.name.startsWith('.')) continue;
    try {
      await fsp.copyFile(path.join(from, entry.name), path.join(to, entry.name), fs.constants.COPYFILE_EXCL);
      count += 1;
    } catch (err) {
      // Deleted since it was listed: it is not in the snapshot's future either way.
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
  }
  return count;
}

async function extensionsIn(databaseUrl: string, schema: string): Promise<string[]> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const rows = await client.query<{ extname: string }>(
      'select e.extname from pg_extension e join pg_namespace n on n.oid = e.extnamespace where n.nspname = $1',
      [schema],
    );
    return rows.rows.map((r) => r.extname);
  } finally {
    await client.end();
  }
}

export async function createBackup(config: BackupConfig, outDir: string, now: Date = new Date()): Promise<BackupManifest> {
  if (fs.existsSync(outDir) && fs.readdirSync(outDir).length > 0) throw new Error(`备份目录 ${outDir} 不是空的`);
  await fsp.mkdir(outDir, { recursive: true });
  let manifest: BackupManifest;
  if (config.databaseUrl) {
    const args = ['--format=custom', '--no-owner', '--file', path.join(outDir, PG_FILE)];
    if (config.databaseSchema) {
      args.push('--schema', config.databaseSchema);
      // A one-schema dump leaves out extensions; those living in the schema (pg_trgm) must come along.
      for (const name of await extensionsIn(config.databaseUrl, config.databaseSchema)) args.push('--extension', name);
    }
    await run('pg_dump', [...args, '--dbname', config.databaseUrl]);
    manifest = { format: 1, createdAt: now.toISOString(), database: 'postgres', schema: config.databaseSchema, files: 0 };
  } else {
    if (!fs.existsSync(config.sqliteFile)) throw new Error(`数据库文件 ${config.sqliteFile} 不存在`);
    const db = new SQLite(config.sqliteFile, { fileMustExist: true });
    try {
      db.pragma('busy_timeout = 5000');
      // All remaining pages in one step: copied 100 pages at a time (the default), the backup starts
      // over whenever the portal writes in between, and a busy portal's backup never finished. In WAL
      // mode one step reads a consistent snapshot without blocking the portal's writes.
      await db.backup(path.join(outDir, SQLITE_FILE), { progress: () => 0x7fffffff });
    } finally {
      db.close();
    }
    manifest = { format: 1, createdAt: now.toISOString(), database: 'sqlite', files: 0 };
  }
  manifest.files = await copyUploads(config.uploadDir, path.join(outDir, UPLOADS));
  await fsp.writeFile(path.join(outDir, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

/**
 * Restores a backup into an installation whose server is stopped: the SQLite file (or the PostgreSQL
 * dump, into DATABASE_URL) and the uploads. Refuses to overwrite existing data unless `force`.
 */
export async function restoreBackup(config: BackupConfig, fromDir: string, options: { force?: boolean } = {}): Promise<BackupManifest> {
  const manifest = JSON.parse(await fsp.readFile(path.join(fromDir, MANIFEST), 'utf8')) as BackupManifest;
  if (manifest.format !== 1) throw new Error('不认识的备份格式');
  if (manifest.database === 'sqlite') {
    if (config.databaseUrl) throw new Error('这是 SQLite 的备份，不能恢复到 PostgreSQL（请去掉 DATABASE_URL）');
    if (fs.existsSync(config.sqliteFile) && !options.force) throw new Error(`${config.sqliteFile} 已存在：确认覆盖请加 --force（先停止服务）`);
    await fsp.mkdir(path.dirname(config.sqliteFile), { recursive: true });
    for (const suffix of ['-wal', '-shm']) await fsp.rm(config.sqliteFile + suffix, { force: true });
    const temp = `${config.sqliteFile}.restoring`;
    await fsp.copyFile(path.join(fromDir, SQLITE_FILE), temp);
    await fsp.rename(temp, config.sqliteFile);
  } else {
    if (!config.databaseUrl) throw new Error('这是 PostgreSQL 的备份：请用 DATABASE_URL 指定要恢复到的数据库');
    const args = ['--no-owner', '--exit-on-error', '--single-transaction', '--dbname', config.databaseUrl];
    if (options.force) args.unshift('--clean', '--if-exists');
    await run('pg_restore', [...args, path.join(fromDir, PG_FILE)]);
  }
  const uploads = path.join(fromDir, UPLOADS);
  await fsp.mkdir(config.uploadDir, { recursive: true });
  for (const name of await fsp.readdir(uploads).catch(() => [] as string[])) {
    await fsp.copyFile(path.join(uploads, name), path.join(config.uploadDir, name));
  }
  return manifest;
}
