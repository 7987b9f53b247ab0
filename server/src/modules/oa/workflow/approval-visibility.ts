import type { DbOrTx } from '../../../db/database';
import { forbidden } from '../../../http/errors';
import type { Actor } from '../../auth/session/actor';
import { hasRight } from '../../system/role/permission-tree';
import { subordinateIds, type InstanceRow } from './workflow-store';

/** Who may open an instance: its submitter, its approvers and cc recipients, holders of 全部审批, and superiors via 下属审批. */
export async function assertCanView(tx: DbOrTx, actor: Actor, inst: InstanceRow): Promise<'submitter' | 'approver' | 'cc' | 'admin' | 'superior'> {
  if (inst.submitter_id === actor.userId) return 'submitter';
  const step = await tx.selectFrom('wf_steps').select('id').where('instance_id', '=', inst.id).where('user_id', '=', actor.userId).executeTakeFirst();
  if (step) return 'approver';
  const cc = await tx.selectFrom('wf_cc').select('id').where('instance_id', '=', inst.id).where('user_id', '=', actor.userId).executeTakeFirst();
  if (cc) return 'cc';
  if (hasRight(actor.rights, 'oa', 'approval/all')) return 'admin';
  if (hasRight(actor.rights, 'oa', 'approval/sub')) {
    if ((await subordinateIds(tx, actor.userId)).includes(inst.submitter_id)) return 'superior';
  }
  throw forbidden('没有权限查看此审批');
}
