import type { AppContext } from '../../../app-context';
import { transact } from '../../../db/transact';
import { HttpError } from '../../../http/errors';
import { notify } from '../../notification/notify';
import { findNode } from './flow-graph';
import { deadline } from './working-time';
import { lockInstance } from './workflow-store';
import { log, engineFor, loadStep } from './approval-progress';
import { decideLocked } from './decide-step';

/**
 * The timeout job: open steps past their deadline are reminded (and the deadline moves on, so
 * reminders repeat), approved or refused automatically, as their node says; each action is logged.
 */
export async function runTimeouts(ctx: AppContext, limit = 100): Promise<number> {
  const now = ctx.clock().toISOString();
  const due = await ctx.db
    .selectFrom('wf_steps')
    .select(['id', 'instance_id'])
    .where('status', '<', 3)
    .where('active', '=', 1)
    .where('due_at', '!=', '')
    .where('due_at', '<=', now)
    .orderBy('due_at')
    .limit(limit)
    .execute();
  let handled = 0;
  for (const d of due) {
    try {
      await transact(ctx, async (tx) => {
        const inst = await lockInstance(ctx, tx, d.instance_id);
        const step = await loadStep(tx, d.id);
        if (step.status >= 3 || step.due_at === '' || step.due_at > now) return;
        const e = await engineFor(ctx, tx, inst);
        const node = findNode(e.flow, step.node_id);
        const t = node?.config.timeout;
        if (!t) {
          await tx.updateTable('wf_steps').set({ due_at: '' }).where('id', '=', step.id).execute();
          return;
        }
        if (t.action === 'remind') {
          const next = deadline(e.now, t.hours, t.workingDays, e.flow.settings?.holidays ?? []).toISOString();
          await tx.updateTable('wf_steps').set({ due_at: next, reminded_at: now }).where('id', '=', step.id).execute();
          await log(e, inst.id, {
            stepId: step.id,
            nodeId: step.node_id,
            nodeName: step.step_name,
            userId: null,
            action: 'timeout',
            ext: '审批已超时，系统提醒',
          });
          await notify(
            ctx,
            { userIds: [step.user_id], cont: `审批「${inst.title}」已超时，请尽快处理`, kind: 'approval', modelType: 'approval', modelId: inst.id },
            tx,
          );
        } else {
          await log(e, inst.id, {
            stepId: step.id,
            nodeId: step.node_id,
            nodeName: step.step_name,
            userId: null,
            action: 'timeout',
            ext: t.action === 'pass' ? '审批超时，自动通过' : '审批超时，自动拒绝',
          });
          await decideLocked(
            e,
            inst,
            step,
            { stepId: step.id, action: t.action === 'pass' ? 'approve' : 'refuse', ext: t.action === 'pass' ? '超时自动通过' : '超时自动拒绝' },
            null,
          );
        }
        handled++;
      });
    } catch (err) {
      if (!(err instanceof HttpError)) ctx.log.error({ err }, 'workflow timeout failed');
    }
  }
  return handled;
}

/** Runs the timeout job every minute until the app closes. */
export function startTimeoutJob(app: { addHook(name: 'onClose', fn: () => Promise<void>): unknown }, ctx: AppContext): void {
  const timer = setInterval(() => {
    runTimeouts(ctx).catch((err: unknown) => ctx.log.error({ err }, 'workflow timeouts failed'));
  }, 60_000);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
