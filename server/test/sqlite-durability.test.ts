/** Issue 12 item 12: the portal's SQLite file runs synchronous=FULL unless SQLITE_SYNCHRONOUS=NORMAL says otherwise. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/database';

test('SQLITE_SYNCHRONOUS: FULL by default, NORMAL on request, anything else refused', async () => {
  expect(loadConfig({}).sqliteSynchronous).toBe('FULL');
  expect(loadConfig({ SQLITE_SYNCHRONOUS: 'normal' }).sqliteSynchronous).toBe('NORMAL');
  expect(() => loadConfig({ SQLITE_SYNCHRONOUS: 'OFF' })).toThrow('SQLITE_SYNCHRONOUS must be FULL or NORMAL');

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-sync-'));
  try {
    for (const [setting, expected] of [
      [undefined, 2],
      ['FULL', 2],
      ['NORMAL', 1],
    ] as const) {
      const handle = openDatabase({ sqliteFile: path.join(dir, `p-${setting ?? 'default'}.db`), ...(setting ? { sqliteSynchronous: setting } : {}) });
      expect(handle.sqlite?.pragma('synchronous', { simple: true })).toBe(expected);
      expect(handle.sqlite?.pragma('journal_mode', { simple: true })).toBe('wal');
      await handle.close();
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
