/** Who may reach an expense claim (record policies, http/record-policy.ts): its submitter; reading also whoever may open its approval. */
import { peoplesRecordPolicy } from '../../shared/people-records';
import { canOpenApproval } from '../workflow/approval.policy';

const claim = { labels: ['报销单'], table: 'expense_claims', people: ['created_by'], missing: '报销单不存在' } as const;

export const expenseRead = peoplesRecordPolicy({
  ...claim,
  name: 'expense:read',
  summary: '报销单：限提交人，及能查看其审批的人（审批人、抄送人、全部审批）',
  refused: '没有权限查看此报销单',
  columns: ['instance_id'],
  otherwise: async (ctx, actor, row) => typeof row.instance_id === 'number' && (await canOpenApproval(ctx.db, actor, row.instance_id)),
});
export const expenseEdit = peoplesRecordPolicy({ ...claim, name: 'expense:edit', summary: '报销单：限提交人', refused: '只能修改自己的报销单' });
export const expenseDelete = peoplesRecordPolicy({ ...claim, name: 'expense:delete', summary: '报销单：限提交人', refused: '只能删除自己的报销单' });
