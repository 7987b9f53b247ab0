import type { AppContext } from '../../app-context';
import type { DbTx } from '../../db/database';
import { notify } from './notify';

/**
 * Tells the handlers of an approval step that it waits for them. The workflow module (not built yet)
 * calls it inside the transaction that opens the step, so the handlers hear of it only once the step
 * exists; until then only the tests call it.
 */
export async function notifyApprovalWaiting(
  ctx: Pick<AppContext, 'db' | 'log' | 'clock' | 'realtime'>,
  input: { userIds: readonly number[]; title: string; taskId: number },
  trx?: DbTx,
): Promise<number[]> {
  return notify(
    ctx,
    { userIds: input.userIds, cont: `你有一个新的审批待处理：${input.title}`, kind: 'approval', modelType: 'approval', modelId: input.taskId },
    trx,
  );
}
