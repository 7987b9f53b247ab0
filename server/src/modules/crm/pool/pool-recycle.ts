import { sql, type SqlBool } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../app-context';
import { transact } from '../../../db/transact';
import { writeLogs } from '../customer/customer-log';
import { poolRules, type PoolRules } from './pool-rules';

/**
 * The daily recycling job (guides/public-pool-rules.md "Recycling"): owned customers go back to the
 * pool after `noFollowupDays` without follow-up (since the last follow-up, or since the owner got
 * it) or `noDealDays` without a deal since the owner got it. Exempt: deals (clue 2), customers with
 * a contract, locked ones, leads and blacklisted ones. Each move records its reason and the previous
 * owner (customers.pool_reason / previous_owner_id, and a log row). The clock is the app's (tests move it).
 */
const DAY_MS = 86400_000;
const CHUNK = 300;

export type RecycleResult = { recycled: number };

export function recycleReasons(rules: PoolRules): { followup: string; deal: string } {
  return { followup: `超过${rules.noFollowupDays}天未跟进，系统自动收回`, deal: `超过${rules.noDealDays}天未成交，系统自动收回` };
}

export async function runPoolRecycle(ctx: AppContext): Promise<RecycleResult> {
  const now = ctx.clock();
  const iso = now.toISOString();
  const rules = await poolRules(ctx.db);
  const byFollowup = new Date(now.getTime() - rules.noFollowupDays * DAY_MS).toISOString();
  const byDeal = new Date(now.getTime() - rules.noDealDays * DAY_MS).toISOString();
  const reasons = recycleReasons(rules);
  const due = await ctx.db
    .selectFrom('customers as c')
    .leftJoin('users as u', 'u.id', 'c.owner_id')
    .select(['c.id', 'c.owner_id', 'u.nick_name', 'c.genjin_time', 'c.owned_at', 'c.created_at'])
    .where('c.gonghai', '=', 0)
    .where('c.clue', '=', 1)
    .where('c.locked', '=', 0)
    .where('c.blacklisted', '=', 0)
    .where('c.merged_into', 'is', null)
    .where('c.owner_id', 'is not', null)
    .where(
      sql<SqlBool>`((c.genjin_time <= ${byFollowup} and c.owned_at <= ${byFollowup} and c.created_at <= ${byFollowup}) or (c.owned_at <= ${byDeal} and c.created_at <= ${byDeal}))`,
    )
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('contracts as k').select('k.id').whereRef('k.customer_id', '=', 'c.id'))))
    .orderBy('c.id')
    .execute();
  let recycled = 0;
  for (let start = 0; start < due.length; start += CHUNK) {
    const chunk = due.slice(start, start + CHUNK);
    recycled += await transact(ctx, async (tx) => {
      let moved = 0;
      const logs = [];
      for (const c of chunk) {
        const followupDue = c.genjin_time <= byFollowup && c.owned_at <= byFollowup && c.created_at <= byFollowup;
        const reason = followupDue ? reasons.followup : reasons.deal;
        // Conditional: still owned by the same person, still not exempt (a follow-up or a lock in between wins).
        const res = await tx
          .updateTable('customers')
          .set({ gonghai: 1, previous_owner_id: c.owner_id, owner_id: null, pool_reason: reason, pool_at: iso, owned_at: '', updated_at: iso })
          .where('id', '=', c.id)
          .where('owner_id', '=', c.owner_id)
          .where('gonghai', '=', 0)
          .where('locked', '=', 0)
          .where('clue', '=', 1)
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
