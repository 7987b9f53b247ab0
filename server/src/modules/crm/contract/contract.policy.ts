/** Who may reach a contract (record policy, http/record-policy.ts): the customers' data scopes (owner, branch, participants). */
import { forbidden, notFound } from '../../../http/errors';
import { defineRecordPolicy } from '../../../http/record-policy';
import { loadBranchIndex } from '../../system/branch/branch-index';
import { dataScope } from '../../shared/data-scope';
import { CONTRACT_SCOPE, MSG_CONTRACT_NOT_FOUND } from './contract.service';

export const contractRead = defineRecordPolicy({
  name: 'contract:read',
  summary: '合同：按角色的数据范围（全部 / 本部门 / 本人及参与）',
  labels: ['合同'],
  check: async (ctx, actor, ids) => {
    const found = await ctx.db.selectFrom('contracts').select('id').where('id', 'in', ids).execute();
    if (found.length !== ids.length) throw notFound(MSG_CONTRACT_NOT_FOUND);
    const branches = await loadBranchIndex(ctx.db);
    const visible = await ctx.db
      .selectFrom('contracts as ct')
      .select('ct.id')
      .where('ct.id', 'in', ids)
      .where(dataScope(CONTRACT_SCOPE, actor, 'all', branches))
      .execute();
    if (visible.length !== ids.length) throw forbidden();
  },
});
