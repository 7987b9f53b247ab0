import type { DbTx } from '../../../db/database';

/**
 * The customer operation log (api/OpportLogs/Logs): one row per change, written in the change's
 * transaction. `kind` says what happened; `ext` is the Chinese sentence the log shows.
 */
export type LogKind =
  | 'create'
  | 'edit'
  | 'owner'
  | 'pool'
  | 'receive'
  | 'recycle'
  | 'blacklist'
  | 'followup'
  | 'contact'
  | 'lead'
  | 'merge'
  | 'lock';

export type LogEntry = { customerId: number; kind: LogKind; ext: string };

const CHUNK = 300;

export async function writeLogs(tx: DbTx, userId: number | null, at: string, entries: LogEntry[]): Promise<void> {
  for (let i = 0; i < entries.length; i += CHUNK) {
    await tx
      .insertInto('customer_logs')
      .values(entries.slice(i, i + CHUNK).map((e) => ({ customer_id: e.customerId, contract_id: null, user_id: userId, kind: e.kind, ext: e.ext.slice(0, 2000), created_at: at })))
      .execute();
  }
}
