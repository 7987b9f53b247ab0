import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../app-context';
import { transact } from '../../../db/transact';
import { shanghaiDateStamp } from '../../../lib/time';
import { notify } from '../../notification/notify';
import { poolRules, recycleDaysFor, recycleTiers, type PoolRules } from './pool-rules';
import { ownerRules, type OwnerRules } from './public-pools';

/**
 * Public-pool recycle warnings (guides/public-pool-rules.md "Recycling"): an owned customer returns to
 * the pool after the pool rules' `noFollowupDays` (of its 客户级别) without follow-up (pool-rules.ts; POOL_RECYCLE_DAYS
 * until system settings own it), counted from its last follow-up, its assignment
 * to the current owner, or its creation, whichever is latest. Owners hear `warningDays` ahead: once a
 * day, one summary notification per owner covering every customer whose return falls within the
 * window (now, now + warnDays]. Customers with a deal (clue 2) are exempt, and departed owners are
 * not warned. Customers already past their deadline are the recycling job's business, not this one's.
 */
const DAY_MS = 86400_000;
/** Sent warnings are kept this long (they only matter for "already warned today"). */
const KEEP_WARNINGS_DAYS = 7;
const INSERT_CHUNK = 500;
/** Customer `clue` 1 = 未成交: only those are recycled (2 = deal, 3 = lead). */
const NO_DEAL = 1;

export type RecycleWarningResult = { owners: number; customers: number };

/** The Shanghai calendar day 'YYYY-MM-DD' of `at`. */
export function shanghaiDay(at: Date): string {
  const stamp = shanghaiDateStamp(at);
  return `${stamp.slice(0, 4)}-${stamp.slice(4, 6)}-${stamp.slice(6)}`;
}

/** Last-activity times (exclusive `from`, inclusive `to`) whose deadline falls within the warning window. */
export function warningWindow(now: Date, recycleDays: number, warnDays: number): { from: string; to: string } {
  return {
    from: new Date(now.getTime() - recycleDays * DAY_MS).toISOString(),
    to: new Date(now.getTime() - (recycleDays - warnDays) * DAY_MS).toISOString(),
  };
}

export function warningText(count: number, warnDays: number): string {
  return `你有 ${count} 个客户将在 ${warnDays} 天内被收回公海，请及时跟进`;
}

/** When the recycle clock started: the latest of last follow-up, creation and assignment to the current owner ('' sorts first). */
export function lastActivity(c: { genjin_time: string; created_at: string; assigned_at: string | null }): string {
  return [c.genjin_time, c.created_at, c.assigned_at ?? ''].reduce((a, b) => (b > a ? b : a));
}

const LOOKUP_CHUNK = 500;

/** Customers whose return to the pool falls within the warning window, with their owners. */
async function customersToWarn(ctx: AppContext, now: Date, rules: PoolRules, owners: OwnerRules): Promise<{ customerId: number; ownerId: number }[]> {
  const db = ctx.db;
  // Candidates: per level tier (pool-rules.ts `recycleTiers`, a handful), three index ranges (follow-up,
  // creation and assignment times in that tier's window) rather than a scan over an expression. Each
  // candidate is then read by primary key and judged here with its own level's window, so that no
  // planner can prefer walking a whole time index instead.
  const seen = new Set<number>();
  // Pools with their own days (public-pools.ts) add their tiers; each customer is judged by its owner's rules.
  for (const tier of [rules, ...owners.distinct].flatMap(recycleTiers)) {
    const { from, to } = warningWindow(now, tier.noFollowupDays, rules.warningDays);
    const rows = await db
      .selectFrom('customers')
      .select('id as cid')
      .where('gonghai', '=', 0)
      .where('genjin_time', '>', from)
      .where('genjin_time', '<=', to)
      .union(db.selectFrom('customers').select('id as cid').where('gonghai', '=', 0).where('created_at', '>', from).where('created_at', '<=', to))
      .union(db.selectFrom('customer_assignments').select('customer_id as cid').where('assigned_at', '>', from).where('assigned_at', '<=', to))
      .union(db.selectFrom('customers').select('id as cid').where('owned_at', '>', from).where('owned_at', '<=', to))
      .execute();
    for (const r of rows) seen.add(r.cid);
  }
  const candidates = [...seen].map((cid) => ({ cid }));
  const ids = candidates.map((r) => r.cid).sort((a, b) => a - b);
  const due: { customerId: number; ownerId: number }[] = [];
  for (let start = 0; start < ids.length; start += LOOKUP_CHUNK) {
    const rows = await db
      .selectFrom('customers as c')
      .innerJoin('users as u', 'u.id', 'c.owner_id')
      .leftJoin('customer_assignments as a', (j) => j.onRef('a.customer_id', '=', 'c.id').onRef('a.user_id', '=', 'c.owner_id'))
      .select([
        'c.id',
        'c.owner_id',
        'c.gonghai',
        'c.clue',
        'c.genjin_time',
        'c.created_at',
        'a.assigned_at',
        'u.quit_status',
        'c.locked',
        'c.blacklisted',
        'c.merged_into',
        'c.owned_at',
        'c.level',
      ])
      .where('c.id', 'in', ids.slice(start, start + LOOKUP_CHUNK))
      .execute();
    for (const r of rows) {
      // Exempt as the recycling job exempts them (pool-recycle.ts): deals, leads, locked, blacklisted, merged.
      if (
        r.gonghai !== 0 ||
        r.clue !== NO_DEAL ||
        r.quit_status !== 0 ||
        r.owner_id === null ||
        r.locked === 1 ||
        r.blacklisted === 1 ||
        r.merged_into !== null
      )
        continue;
      const { from, to } = warningWindow(now, recycleDaysFor(owners.rulesFor(r.owner_id), r.level).noFollowupDays, rules.warningDays);
      const last = [lastActivity(r), r.owned_at].reduce((a, b) => (b > a ? b : a));
      if (last > from && last <= to) due.push({ customerId: r.id, ownerId: r.owner_id });
    }
  }
  return due.sort((a, b) => a.customerId - b.customerId);
}

/**
 * One run: records today's warnings and notifies each owner once. Safe to run again the same day,
 * concurrently or on several processes: a warning row is unique per customer and day, and only the
 * rows this run inserted are announced.
 */
export async function runRecycleWarnings(ctx: AppContext): Promise<RecycleWarningResult> {
  const now = ctx.clock();
  const today = shanghaiDay(now);
  const rules = await poolRules(ctx.db);
  const due = await customersToWarn(ctx, now, rules, await ownerRules(ctx.db, rules));
  return transact(ctx, async (tx) => {
    const keepFrom = shanghaiDay(new Date(now.getTime() - KEEP_WARNINGS_DAYS * DAY_MS));
    await tx.deleteFrom('pool_recycle_warnings').where('warned_on', '<', keepFrom).execute();
    const perOwner = new Map<number, number[]>();
    for (let start = 0; start < due.length; start += INSERT_CHUNK) {
      const inserted = await tx
        .insertInto('pool_recycle_warnings')
        .values(due.slice(start, start + INSERT_CHUNK).map((d) => ({ customer_id: d.customerId, owner_id: d.ownerId, warned_on: today })))
        .onConflict((oc) => oc.columns(['customer_id', 'warned_on']).doNothing())
        .returning(['customer_id', 'owner_id'])
        .execute();
      for (const r of inserted) {
        const list = perOwner.get(r.owner_id) ?? [];
        list.push(r.customer_id);
        perOwner.set(r.owner_id, list);
      }
    }
    let customers = 0;
    for (const [ownerId, customerIds] of perOwner) {
      customers += customerIds.length;
      await notify(
        ctx,
        {
          userIds: [ownerId],
          cont: warningText(customerIds.length, rules.warningDays),
          kind: 'pool',
          modelType: 'customer',
          modelId: customerIds.length === 1 ? customerIds[0] : null,
        },
        tx,
      );
    }
    return { owners: perOwner.size, customers };
  });
}

/**
 * Runs the warnings now (awaited, so a fresh start has sent today's) and then every day. The timer
 * does not keep the process alive; closing the app stops it and waits for a run in progress.
 */
export async function startRecycleWarnings(app: FastifyInstance, ctx: AppContext): Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  const run = (): Promise<unknown> => {
    running = runRecycleWarnings(ctx).catch((err: unknown) => ctx.log.error({ err }, 'public pool recycle warnings failed'));
    return running;
  };
  const timer = setInterval(() => void run(), DAY_MS);
  timer.unref();
  app.addHook('preClose', async () => {
    clearInterval(timer);
    await running;
  });
  await run();
}
