import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../app-context';
import { transact } from '../../../db/transact';
import { notificationTime, notify } from '../../notification/notify';

/**
 * Next follow-up reminders (issue #10): when a customer's next follow-up time (customers.
 * next_genjin_time, set by CustomerTrackAdd) arrives, its owner gets one notification (drawer row +
 * realtime push). Exactly once per follow-up time: customers.next_genjin_reminded remembers the time
 * announced, set by a conditional update (only while the time is still the one read and not yet
 * announced) in the same transaction as the notification, so two runs or two processes racing send
 * one. A new next time (another follow-up) is announced again when it comes.
 *
 * Query shape: a range on customers_next_genjin (next_genjin_time in (now − LOOKBACK, now]); the
 * other conditions are checked on those rows. LOOKBACK lets a run catch up after a restart without
 * announcing months-old times. Owners who left, pool, blacklisted and merged customers are skipped.
 */
const LOOKBACK_MS = 86400_000;
const INTERVAL_MS = 60_000;
const CHUNK = 200;

export function followupReminderText(customerName: string, nextIso: string): string {
  return `客户「${customerName}」的下次跟进时间到了（${notificationTime(nextIso)}），请及时跟进`;
}

export async function runFollowupReminders(ctx: AppContext): Promise<{ reminded: number }> {
  const now = ctx.clock();
  const to = now.toISOString();
  const from = new Date(now.getTime() - LOOKBACK_MS).toISOString();
  const due = await ctx.db
    .selectFrom('customers as c')
    .innerJoin('users as u', 'u.id', 'c.owner_id')
    .select(['c.id', 'c.owner_id', 'c.customer_name', 'c.next_genjin_time'])
    .where('c.next_genjin_time', '>', from)
    .where('c.next_genjin_time', '<=', to)
    .whereRef('c.next_genjin_reminded', '<>', 'c.next_genjin_time')
    .where('c.gonghai', '=', 0)
    .where('c.blacklisted', '=', 0)
    .where('c.merged_into', 'is', null)
    .where('u.quit_status', '=', 0)
    .orderBy('c.next_genjin_time')
    .orderBy('c.id')
    .execute();
  let reminded = 0;
  for (let start = 0; start < due.length; start += CHUNK) {
    reminded += await transact(ctx, async (tx) => {
      let sent = 0;
      for (const c of due.slice(start, start + CHUNK)) {
        if (c.owner_id === null) continue;
        const res = await tx
          .updateTable('customers')
          .set({ next_genjin_reminded: c.next_genjin_time })
          .where('id', '=', c.id)
          .where('next_genjin_time', '=', c.next_genjin_time)
          .where('next_genjin_reminded', '<>', c.next_genjin_time)
          .where('owner_id', '=', c.owner_id)
          .executeTakeFirst();
        if (Number(res.numUpdatedRows) === 0) continue;
        await notify(
          ctx,
          { userIds: [c.owner_id], cont: followupReminderText(c.customer_name, c.next_genjin_time), kind: 'customer', modelType: 'customer', modelId: c.id },
          tx,
        );
        sent++;
      }
      return sent;
    });
  }
  return { reminded };
}

/** Checks every minute (the app's clock decides what is due); the timer never keeps the process alive and stops on close. */
export function startFollowupReminders(app: FastifyInstance, ctx: AppContext): void {
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = runFollowupReminders(ctx).catch((err: unknown) => ctx.log.error({ err }, 'next follow-up reminders failed'));
  }, INTERVAL_MS);
  timer.unref();
  app.addHook('preClose', async () => {
    clearInterval(timer);
    await running;
  });
}
