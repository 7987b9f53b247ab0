/**
 * The write cost of SQLite's synchronous=FULL against NORMAL (WAL mode, as the portal runs it):
 * committed single-row transactions per second, and a 1,000-row transaction, on a file in DATA_DIR
 * (or the system temp folder). Usage: pnpm --filter @portal/server exec tsx bench/sqlite-sync.ts
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';

const dir = fs.mkdtempSync(path.join(process.env.DATA_DIR ?? os.tmpdir(), 'sync-bench-'));
const COMMITS = Number(process.env.COMMITS ?? 2000);

function run(mode: 'FULL' | 'NORMAL') {
  const db = new SQLite(path.join(dir, `${mode}.db`));
  db.pragma('journal_mode = WAL');
  db.pragma(`synchronous = ${mode}`);
  db.exec('create table t (id integer primary key, v text not null)');
  const insert = db.prepare('insert into t (v) values (?)');
  const payload = 'x'.repeat(200);
  let t0 = process.hrtime.bigint();
  for (let i = 0; i < COMMITS; i++) insert.run(payload); // one implicit transaction (commit) each
  const single = Number(process.hrtime.bigint() - t0) / 1e6;
  const many = db.transaction(() => {
    for (let i = 0; i < 1000; i++) insert.run(payload);
  });
  t0 = process.hrtime.bigint();
  for (let i = 0; i < 20; i++) many();
  const batch = Number(process.hrtime.bigint() - t0) / 1e6 / 20;
  db.close();
  return { mode, commitsPerSecond: Math.round((COMMITS / single) * 1000), msPerCommit: +(single / COMMITS).toFixed(3), msPer1000RowTx: +batch.toFixed(2) };
}

try {
  const normal = run('NORMAL');
  const full = run('FULL');
  console.table([normal, full]);
  console.log(
    `FULL costs ${(full.msPerCommit / normal.msPerCommit).toFixed(2)}x per single-row commit, ${(full.msPer1000RowTx / normal.msPer1000RowTx).toFixed(2)}x per 1,000-row transaction`,
  );
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
