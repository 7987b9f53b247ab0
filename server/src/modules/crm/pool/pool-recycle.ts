import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../app-context';
import { transact } from '../../../db/transact';
import { writeLogs } from '../customer/customer-log';
import { poolRules, recycleDaysFor, recycleTiers, tierLevelSql, type PoolRules, type RecycleDays } from './pool-rules';
import { overridesRecycling, poolRouter, rulesForPool } from './public-pools';
import { shanghaiDay } from './recycle-warning';

/**
 * The daily recycling job (guides/public-pool-rules.md "Recycling"): owned customers go back to the
 * pool after `noFollowupDays` without follow-up (since the last follow-up, or since the owner got
 * it) or `noDealDays` without a deal since the owner got it, both per 客户级别 (`levelRecycleDays`).
 * Exempt: deals (clue 2), customers with a contract, locked ones, leads and blacklisted ones. Each move records its reason and the previous
 * owner (customers.pool_reason / previous_owner_id, and a log row). Besides, customers whose contracts
 * all ended `contractEndedDays` ago with no follow-up since go back with their own reason (合同到期). The clock is the app's (tests move it).
 */
const DAY_MS = 86400_000;
const CHUNK = 300;

export type RecycleResult = { recycled: number };

export function recycleReasons(days: RecycleDays): { followup: string; deal: string } {
  return { followup: `超过${days.noFollowupDays}天未跟进，系统自动收回`, deal: `超过${days.noDealDays}天未成交，系统自动收回` };
}

export function contractEndedReason(days: number): string {
  return `合同到期超过${days}天未跟进，系统自动收回`;
}

type Due = { id: number; owner_id: number | null; nick_name: string | null; genjin_time: string; reason: string; clues: number[] };

/** Which owners a pass looks at: those routed to a pool with its own days, or all but those (an indexed list of staff ids). */
type Owners = { in: number[] } | { notIn: number[] } | null;

function ownersCondition(owners: Owners): RawBuilder<SqlBool> {
  if (owners === null) return sql<SqlBool>`1 = 1`;
  if ('in' in owners) return owners.in.length > 0 ? sql<SqlBool>`c.owner_id in (${sql.join(owners.in)})` : sql<SqlBool>`1 = 0`;
  return owners.notIn.length > 0 ? sql<SqlBool>`c.owner_id not in (${sql.join(owners.notIn)})` : sql<SqlBool>`1 = 1`;
}

/**
 * Customers past N / M days. Query shape: one OR branch per level tier (pool-rules.ts `recycleTiers`:
 * a handful, the default tier being "every level not listed"), each `level in (…) and <that tier's
 * cut-offs>`, checked on the owned customers only: the owners' rows are found through
 * (owner_id, gonghai) and nothing else. On SQLite the time columns are written `+column` so that the
 * planner cannot range over a time index instead: those indexes hold the pool's customers too (their
 * owned_at is empty, their created_at old), and at 1,000,000 customers with 61,000 owned the job
 * spent 30 s walking them; driven by owner it takes 2.2 s (server/bench/customer-list.ts, BENCH_RECYCLE=1).
 */
async function dueByInactivity(ctx: AppContext, now: Date, rules: PoolRules, owners: Owners = null): Promise<Due[]> {
  const tiers = recycleTiers(rules).map((tier) => ({
    tier,
    byFollowup: new Date(now.getTime() - tier.noFollowupDays * DAY_MS).toISOString(),
    byDeal: new Date(now.getTime() - tier.noDealDays * DAY_MS).toISOString(),
  }));
  const time = (column: 'genjin_time' | 'owned_at' | 'created_at') => (ctx.dialect === 'sqlite' ? sql.raw(`+c.${column}`) : sql.ref(`c.${column}`));
  const branches = tiers.map(
    ({ tier, byFollowup, byDeal }) =>
      sql<SqlBool>`(${tierLevelSql(tier, 'c.level')} and ((${time('genjin_time')} <= ${byFollowup} and ${time('owned_at')} <= ${byFollowup} and ${time('created_at')} <= ${byFollowup}) or (${time('owned_at')} <= ${byDeal} and ${time('created_at')} <= ${byDeal})))`,
  );
  const rows = await ctx.db
    .selectFrom('customers as c')
    .leftJoin('users as u', 'u.id', 'c.owner_id')
    .select(['c.id', 'c.owner_id', 'u.nick_name', 'c.genjin_time', 'c.owned_at', 'c.created_at', 'c.level'])
    .where('c.gonghai', '=', 0)
    .where('c.clue', '=', 1)
    .where('c.locked', '=', 0)
    .where(sql<SqlBool>`+c.blacklisted = 0`)
    .where('c.merged_into', 'is', null)
    .where('c.owner_id', 'in', (eb) => eb.selectFrom('users').select('id'))
    .where(sql<SqlBool>`(${sql.join(branches, sql` or `)})`)
    .where(ownersCondition(owners))
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('contracts as k').select('k.id').whereRef('k.customer_id', '=', 'c.id'))))
    .orderBy('c.id')
    .execute();
  return rows.map((c) => {
    const days = recycleDaysFor(rules, c.level);
    const byFollowup = new Date(now.getTime() - days.noFollowupDays * DAY_MS).toISOString();
    const followupDue = c.genjin_time <= byFollowup && c.owned_at <= byFollowup && c.created_at <= byFollowup;
    const reasons = recycleReasons(days);
    return {
      id: c.id,
      owner_id: c.owner_id,
      nick_name: c.nick_name,
      genjin_time: c.genjin_time,
      reason: followupDue ? reasons.followup : reasons.deal,
      clues: [1],
    };
  });
}

/**
 * Customers whose contracts (not rejected) all ended more than `contractEndedDays` days ago, with no
 * follow-up and no new owner since the last end: deals too (their contract no longer exempts them).
 * A contract without an end date, or still running, exempts. Query shape: candidates from the
 * contracts_end_customer index range (end_date < cut-off), each then checked by customer id
 * (contracts_customer) for a contract still running; dates are Shanghai calendar days, compared with
 * the follow-up time as text ('YYYY-MM-DD' sorts before that day's times).
 */
async function dueByContractEnd(ctx: AppContext, now: Date, rules: PoolRules): Promise<Due[]> {
  if (rules.contractEndedDays <= 0) return [];
  const cutoff = shanghaiDay(new Date(now.getTime() - rules.contractEndedDays * DAY_MS));
  const rows = await ctx.db
    .selectFrom('customers as c')
    .leftJoin('users as u', 'u.id', 'c.owner_id')
    .innerJoin(
      (eb) =>
        eb
          .selectFrom('contracts')
          .select(['customer_id', (e) => e.fn.max('end_date').as('last_end')])
          .where('customer_id', 'in', (e) =>
            e.selectFrom('contracts').select('customer_id').where('end_date', '>', '').where('end_date', '<', cutoff).where('status', '<>', 3),
          )
          .where('status', '<>', 3)
          .groupBy('customer_id')
          .having((e) => e.fn.min('end_date'), '>', '')
          .as('k'),
      (j) => j.onRef('k.customer_id', '=', 'c.id'),
    )
    .select(['c.id', 'c.owner_id', 'u.nick_name', 'c.genjin_time', 'c.owned_at', 'k.last_end'])
    .where('k.last_end', '<', cutoff)
    .where('c.gonghai', '=', 0)
    .where('c.clue', 'in', [1, 2])
    .where('c.locked', '=', 0)
    .where('c.blacklisted', '=', 0)
    .where('c.merged_into', 'is', null)
    .where('c.owner_id', 'is not', null)
    .orderBy('c.id')
    .execute();
  const reason = contractEndedReason(rules.contractEndedDays);
  return rows
    .filter((c) => c.genjin_time < String(c.last_end) && c.owned_at < String(c.last_end))
    .map((c) => ({ id: c.id, owner_id: c.owner_id, nick_name: c.nick_name, genjin_time: c.genjin_time, reason, clues: [1, 2] }));
}

export async function runPoolRecycle(ctx: AppContext): Promise<RecycleResult> {
  const now = ctx.clock();
  const iso = now.toISOString();
  const rules = await poolRules(ctx.db);
  // Several pools: each customer goes to the pool serving its owner; a pool with its own N / M days
  // has its owners' customers checked in a pass of their own (public-pools.ts).
  const router = await poolRouter(ctx.db);
  const special = router.pools.filter(overridesRecycling);
  const ownersOf = new Map(special.map((p) => [p.id, router.userIds.filter((u) => router.route(u, null) === p.id)]));
  const apart = [...ownersOf.values()].flat();
  const inactive = [...(await dueByInactivity(ctx, now, rules, apart.length > 0 ? { notIn: apart } : null))];
  for (const pool of special) {
    const owners = ownersOf.get(pool.id) ?? [];
    if (owners.length > 0) inactive.push(...(await dueByInactivity(ctx, now, rulesForPool(rules, pool), { in: owners })));
  }
  const byId = new Map<number, Due>();
  for (const d of [...(await dueByContractEnd(ctx, now, rules)), ...inactive]) byId.set(d.id, d);
  const due = [...byId.values()].sort((a, b) => a.id - b.id);
  let recycled = 0;
  for (let start = 0; start < due.length; start += CHUNK) {
    const chunk = due.slice(start, start + CHUNK);
    recycled += await transact(ctx, async (tx) => {
      let moved = 0;
      const logs = [];
      for (const c of chunk) {
        const reason = c.reason;
        // Conditional: still owned by the same person, still not exempt (a follow-up or a lock in between wins).
        const res = await tx
          .updateTable('customers')
          .set({
            gonghai: 1,
            previous_owner_id: c.owner_id,
            owner_id: null,
            pool_reason: reason,
            pool_at: iso,
            owned_at: '',
            updated_at: iso,
            pool_id: router.route(c.owner_id, null),
          })
          .where('id', '=', c.id)
          .where('owner_id', '=', c.owner_id)
          .where('gonghai', '=', 0)
          .where('locked', '=', 0)
          .where('clue', 'in', c.clues)
          .where('genjin_time', '=', c.genjin_time)
          .executeTakeFirst();
        if (Number(res.numUpdatedRows) === 0) continue;
        moved++;
        logs.push({ customerId: c.id, kind: 'recycle' as const, ext: `${reason}（原负责人：${c.nick_name ?? ''}）` });
      }
      await writeLogs(tx, null, iso, logs);
      return moved;
    });
  }
  return { recycled };
}

/** Milliseconds until the next 02:00 in Asia/Shanghai. */
export function msUntilNextRun(now: Date): number {
  const shanghai = now.getTime() + 8 * 3600_000;
  const dayStart = Math.floor(shanghai / DAY_MS) * DAY_MS;
  let next = dayStart + 2 * 3600_000;
  if (next <= shanghai) next += DAY_MS;
  return next - shanghai;
}

/** Runs the job every day at 02:00 Shanghai time; the timers never keep the process alive. */
export function startPoolRecycle(app: FastifyInstance, ctx: AppContext): void {
  let running: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  const schedule = () => {
    timer = setTimeout(() => {
      running = runPoolRecycle(ctx)
        .catch((err: unknown) => ctx.log.error({ err }, 'public pool recycling failed'))
        .finally(schedule);
    }, msUntilNextRun(new Date()));
    timer.unref();
  };
  schedule();
  app.addHook('preClose', async () => {
    if (timer) clearTimeout(timer);
    await running;
  });
}
