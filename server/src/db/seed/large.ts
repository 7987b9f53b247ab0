import { sql } from 'kysely';
import type { DatabaseHandle, DbOrTx } from '../database';
import { customerCode } from '../../modules/crm/customer/customer.service';
import { JOB_TITLES } from './chinese-data';
import { generateCustomer, type CustomerRecord, type OwnerRef } from './customers';
import { syncIdSequences } from './demo';
import { createRng, type Rng } from './prng';

export type LargeSeedOptions = {
  customers: number;
  /** PRNG seed; the same seed gives the same customers. */
  seed?: number;
  /** Rows per transaction. */
  batchSize?: number;
  onProgress?: (done: number, total: number) => void;
};

export type LargeSeedResult = { inserted: number; firstId: number; ms: number };

const COLUMNS = [
  'id',
  'code',
  'customer_name',
  'contact_name',
  'contact_mobile',
  'lai_yuan',
  'level',
  'industry',
  'address',
  'beizhu',
  'owner_id',
  'branch_id',
  'created_by',
  'created_at',
  'updated_at',
  'genjin_time',
  'next_genjin_time',
  'clue',
  'gonghai',
  'is_top',
  'watch_user_id',
  'next_genjin_reminded',
] as const;

type Generated = { id: number; c: CustomerRecord; zhiwei: string; sex: string; participant: number | null };

function* generate(rng: Rng, owners: OwnerRef[], sources: number[], firstId: number, count: number, nowMs: number): Generator<Generated> {
  for (let i = 0; i < count; i++) {
    const id = firstId + i;
    const c = generateCustomer(rng, owners, sources, nowMs);
    c.code = customerCode(id, new Date(c.created_at));
    const other = c.owner_id !== null && rng.chance(0.05) ? rng.pick(owners).id : null;
    yield { id, c, zhiwei: rng.pick(JOB_TITLES), sex: rng.chance(0.5) ? '男' : '女', participant: other !== c.owner_id ? other : null };
  }
}

async function context(db: DbOrTx): Promise<{ owners: OwnerRef[]; sources: number[]; firstId: number }> {
  const owners = (
    await db
      .selectFrom('users as u')
      .innerJoin('roles as r', 'r.id', 'u.role_id')
      .select(['u.id', 'u.branch_id'])
      .where('u.quit_status', '=', 0)
      .where('r.data_scope', '!=', 'all')
      .orderBy('u.id')
      .execute()
  ).map((u) => ({ id: u.id, branchId: u.branch_id }));
  const sources = (await db.selectFrom('lead_sources').select('id').orderBy('id').execute()).map((r) => r.id);
  if (owners.length === 0 || sources.length === 0) throw new Error('no staff or lead sources: start the server once with SEED_DEMO=1 first');
  const max = await db
    .selectFrom('customers')
    .select((eb) => eb.fn.max('id').as('m'))
    .executeTakeFirst();
  return { owners, sources, firstId: Number(max?.m ?? 0) + 1 };
}

/**
 * Appends `customers` generated customers (with primary contacts, some participants and the search
 * index) in batches, one transaction per batch. SQLite uses prepared statements on the raw handle;
 * PostgreSQL uses multi-row inserts.
 */
export async function seedLargeCustomers(handle: DatabaseHandle, o: LargeSeedOptions): Promise<LargeSeedResult> {
  const started = Date.now();
  const { owners, sources, firstId } = await context(handle.db);
  const rng = createRng(o.seed ?? 1_000_003);
  const rows = generate(rng, owners, sources, firstId, o.customers, Date.now());
  const batchSize = o.batchSize ?? (handle.sqlite ? 50_000 : 2_000);
  let done = 0;

  if (handle.sqlite) {
    const s = handle.sqlite;
    const insertCustomer = s.prepare(`INSERT INTO customers (${COLUMNS.join(', ')}) VALUES (${COLUMNS.map(() => '?').join(', ')})`);
    const insertContact = s.prepare(
      `INSERT INTO contacts (customer_id, contact_name, mobile, wechat, qq, zhiwei, sex, is_primary, created_at) VALUES (?, ?, ?, '', '', ?, ?, 1, ?)`,
    );
    const insertParticipant = s.prepare('INSERT OR IGNORE INTO customer_participants (customer_id, user_id) VALUES (?, ?)');
    const batch = s.transaction((items: Generated[]) => {
      for (const { id, c, zhiwei, sex, participant } of items) {
        insertCustomer.run(COLUMNS.map((col) => (col === 'id' ? id : c[col])));
        insertContact.run(id, c.contact_name, c.contact_mobile, zhiwei, sex, c.created_at);
        if (participant !== null) insertParticipant.run(id, participant);
      }
    });
    for (;;) {
      const items = take(rows, batchSize);
      if (items.length === 0) break;
      batch(items);
      done += items.length;
      o.onProgress?.(done, o.customers);
    }
    // A full ANALYZE: PRAGMA optimize samples 400 rows per index and reported ~1,235 rows per gonghai
    // value (there are two), so the planner counted lists by scanning the whole (gonghai, …) index.
    s.exec('ANALYZE');
  } else {
    for (;;) {
      const items = take(rows, batchSize);
      if (items.length === 0) break;
      await handle.db.transaction().execute(async (tx) => {
        for (let i = 0; i < items.length; i += 1000) {
          const chunk = items.slice(i, i + 1000);
          await tx
            .insertInto('customers')
            .values(chunk.map(({ id, c }) => ({ id, ...c })))
            .execute();
          await tx
            .insertInto('contacts')
            .values(
              chunk.map(({ id, c, zhiwei, sex }) => ({
                customer_id: id,
                contact_name: c.contact_name,
                mobile: c.contact_mobile,
                wechat: '',
                qq: '',
                zhiwei,
                sex,
                is_primary: 1,
                created_at: c.created_at,
              })),
            )
            .execute();
          const participants = chunk.filter((g) => g.participant !== null).map((g) => ({ customer_id: g.id, user_id: g.participant as number }));
          if (participants.length > 0)
            await tx
              .insertInto('customer_participants')
              .values(participants)
              .onConflict((oc) => oc.doNothing())
              .execute();
        }
      });
      done += items.length;
      o.onProgress?.(done, o.customers);
    }
    await syncIdSequences(handle.db, ['customers', 'contacts']);
    // VACUUM (ANALYZE): fresh statistics and a visibility map after the bulk insert (see
    // server/bench/README.md, customer list); it cannot run inside a transaction block.
    await sql`VACUUM (ANALYZE) customers`.execute(handle.db);
    await sql`VACUUM (ANALYZE) customer_participants`.execute(handle.db);
    await sql`VACUUM (ANALYZE) contacts`.execute(handle.db);
  }
  return { inserted: done, firstId, ms: Date.now() - started };
}

function take<T>(it: Iterator<T>, n: number): T[] {
  const out: T[] = [];
  for (let i = 0; i < n; i++) {
    const next = it.next();
    if (next.done) break;
    out.push(next.value);
  }
  return out;
}
