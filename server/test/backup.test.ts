/**
 * Issue 12 item 13: a backup taken while the portal is writing holds every row and file acknowledged
 * before it started, and restores into a fresh folder (SQLite) or database (PostgreSQL).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import SQLite from 'better-sqlite3';
import { Client } from 'pg';
import { createBackup, restoreBackup } from '../src/backup/backup';
import { DEMO, startServer, type TestServer } from './harness';

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(300, 5)]);
let s: TestServer;
let token = '';
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-backup-'));

beforeAll(async () => {
  s = await startServer();
  token = await s.login(...DEMO.sales);
});
afterAll(async () => {
  await s.close();
  fs.rmSync(work, { recursive: true, force: true });
});

type Acked = { customers: { id: number; at: number }[]; files: { name: string; at: number }[] };

/** Creates customers and uploads files one after the other until stopped; records what was acknowledged and when. */
function writeContinuously(acked: Acked): { stop: () => Promise<void> } {
  let running = true;
  let n = 0;
  const customers = (async () => {
    while (running) {
      n += 1;
      const res = await s.post<{ result: string; data: { id: number } }>(
        '/api/customer/CustomerAddEndit',
        {
          id: '0',
          CustomerName: `备份测试客户${n}-${randomBytes(3).toString('hex')}`,
          contact_name: '王备份',
          contact_mobile: `137${String(10_000_000 + n).slice(-8)}`,
          LaiYuan: 1,
        },
        { token },
      );
      if (res.body.result === 'success') acked.customers.push({ id: res.body.data.id, at: Date.now() });
      else throw new Error(JSON.stringify(res.body));
    }
  })();
  const files = (async () => {
    while (running) {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(PNG)]), '备份.png');
      const res = await fetch(`${s.url}/api/file/UploadFile`, { method: 'POST', headers: { authkey: token }, body: form });
      const body = (await res.json()) as { result: string; data: { url: string } };
      if (body.result === 'success') acked.files.push({ name: path.basename(body.data.url), at: Date.now() });
    }
  })();
  return {
    stop: async () => {
      running = false;
      await Promise.all([customers, files]);
    },
  };
}

test('a backup during writes restores with every row and file acknowledged before it began', async () => {
  const acked: Acked = { customers: [], files: [] };
  const writer = writeContinuously(acked);
  while (acked.customers.length < 5 || acked.files.length < 5) await new Promise((r) => setTimeout(r, 50));
  const started = Date.now();
  const out = path.join(work, 'backup');
  const manifest = await createBackup(s.config, out);
  await new Promise((r) => setTimeout(r, 200));
  await writer.stop();

  const mustHaveCustomers = acked.customers.filter((c) => c.at < started).map((c) => c.id);
  const mustHaveFiles = acked.files.filter((f) => f.at < started).map((f) => f.name);
  expect(mustHaveCustomers.length).toBeGreaterThan(3);
  expect(mustHaveFiles.length).toBeGreaterThan(3);
  expect(acked.customers.length).toBeGreaterThan(mustHaveCustomers.length); // writes went on during the backup

  let customerIds: number[];
  let fileNames: string[];
  const fresh = path.join(work, 'restored');
  if (s.config.databaseUrl) {
    expect(manifest.database).toBe('postgres');
    const dbName = `restore_${randomBytes(4).toString('hex')}`;
    const admin = new Client({ connectionString: s.config.databaseUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
    const url = new URL(s.config.databaseUrl);
    url.pathname = `/${dbName}`;
    try {
      await restoreBackup({ ...s.config, databaseUrl: url.toString(), uploadDir: path.join(fresh, 'uploads'), dataDir: fresh }, out);
      const client = new Client({ connectionString: url.toString(), options: `-c search_path=${s.config.databaseSchema}` });
      await client.connect();
      customerIds = (await client.query<{ id: number }>('select id from customers')).rows.map((r) => Number(r.id));
      fileNames = (await client.query<{ stored_name: string }>('select stored_name from files')).rows.map((r) => r.stored_name);
      await client.end();
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      await admin.end();
    }
  } else {
    expect(manifest.database).toBe('sqlite');
    const sqliteFile = path.join(fresh, 'portal.db');
    await restoreBackup({ ...s.config, sqliteFile, uploadDir: path.join(fresh, 'uploads'), dataDir: fresh }, out);
    const db = new SQLite(sqliteFile, { readonly: true });
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    customerIds = (db.prepare('select id from customers').all() as { id: number }[]).map((r) => r.id);
    fileNames = (db.prepare('select stored_name from files').all() as { stored_name: string }[]).map((r) => r.stored_name);
    db.close();
    // A second restore over it is refused without --force.
    await expect(restoreBackup({ ...s.config, sqliteFile, uploadDir: path.join(fresh, 'uploads'), dataDir: fresh }, out)).rejects.toThrow('已存在');
  }
  const restoredCustomers = new Set(customerIds);
  for (const id of mustHaveCustomers) expect(restoredCustomers.has(id)).toBe(true);
  const restoredRows = new Set(fileNames);
  for (const name of mustHaveFiles) {
    expect(restoredRows.has(name)).toBe(true);
    expect(fs.readFileSync(path.join(fresh, 'uploads', name))).toEqual(PNG);
  }
  // Every file row of the snapshot has its file.
  for (const name of fileNames) expect(fs.existsSync(path.join(fresh, 'uploads', name))).toBe(true);
}, 60_000);
