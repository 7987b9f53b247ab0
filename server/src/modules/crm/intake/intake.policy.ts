/** Who may open an intake record (record policy, http/record-policy.ts): within the data scope, or whoever may open its approval. */
import { forbidden, notFound } from '../../../http/errors';
import { defineRecordPolicy } from '../../../http/record-policy';
import { canOpenApproval } from '../../oa/workflow/approval.policy';
import { loadBranchIndex } from '../../system/branch/branch-index';
import { dataScope } from '../../shared/data-scope';
import { INTAKE_SCOPE, MSG_INTAKE_NOT_FOUND, MSG_NO_VIEW } from './intake.service';

export const intakeRead = defineRecordPolicy({
  name: 'intake:read',
  summary: '进件：按角色的数据范围，或能查看其审批的人（审批人、抄送人、全部审批）',
  labels: ['进件'],
  check: async (ctx, actor, ids) => {
    const rows = await ctx.db.selectFrom('intake_records').select(['id', 'instance_id']).where('id', 'in', ids).execute();
    if (rows.length !== ids.length) throw notFound(MSG_INTAKE_NOT_FOUND);
    const branches = await loadBranchIndex(ctx.db);
    const scoped = new Set(
      (
        await ctx.db
          .selectFrom('intake_records as ir')
          .select('ir.id')
          .where('ir.id', 'in', ids)
          .where(dataScope(INTAKE_SCOPE, actor, 'all', branches))
          .execute()
      ).map((r) => r.id),
    );
    for (const row of rows) {
      if (scoped.has(row.id)) continue;
      if (row.instance_id === null || !(await canOpenApproval(ctx.db, actor, row.instance_id))) throw forbidden(MSG_NO_VIEW);
    }
  },
});
