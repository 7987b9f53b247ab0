import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbTx } from './database';

/**
 * One transaction with effects that must follow its commit (realtime pushes): `afterCommit(tx, fn)`
 * queues `fn` on a transaction opened by `transact`, and `transact` runs the queue only once the
 * commit has succeeded. A rolled-back transaction drops its queue, so nobody is told about a write
 * that never happened. An effect that fails is logged; the committed write stands.
 */
type Effect = () => Promise<void> | void;

const queues = new WeakMap<DbTx, Effect[]>();

export async function transact<T>(ctx: { db: Db; log: Pick<FastifyBaseLogger, 'error'> }, work: (tx: DbTx) => Promise<T>): Promise<T> {
  const effects: Effect[] = [];
  const result = await ctx.db.transaction().execute(async (tx) => {
    queues.set(tx, effects);
    try {
      return await work(tx);
    } finally {
      queues.delete(tx);
    }
  });
  for (const effect of effects) {
    try {
      await effect();
    } catch (err) {
      ctx.log.error({ err }, 'after-commit effect failed');
    }
  }
  return result;
}

/**
 * Queues `effect` to run after `tx` commits. Throws for a transaction not opened by `transact`:
 * there would be nobody to run the effect at the right moment, and running it now could announce a
 * write that is later rolled back.
 */
export function afterCommit(tx: DbTx, effect: Effect): void {
  const queue = queues.get(tx);
  if (!queue) throw new Error('afterCommit: the transaction was not opened with transact()');
  queue.push(effect);
}
