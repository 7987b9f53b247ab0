import { Done, ExpenseDetailReply, ExpenseListReply, ExpenseSavedReply } from '@portal/shared-contract';
import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../app-context';
import { can, type ActorResolver } from '../../../http/auth';
import { success } from '../../../http/envelope';
import { Fields, Id, Ids, Integer, JsonObject, MAX_ID, OneOfNumbers, Paging, RequiredText, Text } from '../../../http/input-fields';
import { defineRoute, mountRoutes } from '../../../http/route';
import { userIdsOfValue } from '../workflow/approver-resolution';
import { CcField, ccIds } from '../workflow/approval-input';
import { ExpenseAmountFields } from './expense-input';
import { addExpense, deleteExpenses, editExpense, expenseDetail, listExpenses, type ExpenseInput } from './expense.service';
import { expenseDelete, expenseEdit, expenseRead } from './expense.policy';

/** 报销 routes: submitting needs 新建流程 (createApproval); every call is limited to one's own claims or claims one may see in approval. */
const ExpenseFields = {
  type: OneOfNumbers('报销类型', [1, 2, 3], 1, { messages: { invalid: '报销类型不正确' } }),
  title: RequiredText('报销事由', 100),
  Money: ExpenseAmountFields.Money,
  riqi: Text('发生日期', 10),
  branchId: Type.Optional(Integer('费用部门', { min: 1, max: MAX_ID })),
  project: Text('项目名称', 100),
  items: ExpenseAmountFields.items,
  pictures: ExpenseAmountFields.pictures,
  beizhu: Text('备注', 300),
  cc: CcField(),
  // The approvers the submitter picked by node id (each a user id, a list of them or {userid}).
  chosen: Type.Optional(JsonObject('审批人', { messages: { invalid: '审批人格式不正确' } })),
  flowId: Type.Optional(Integer('流程', { min: 1, max: MAX_ID })),
};

const ExpenseInputs = Fields(ExpenseFields);

const chosenIds = (chosen: Record<string, unknown> | undefined): Record<string, number[]> =>
  Object.fromEntries(Object.entries(chosen ?? {}).map(([node, ids]) => [node, userIdsOfValue(ids)]));

const toInput = ({ type, title, Money, riqi, branchId, project, items, pictures, beizhu }: Static<typeof ExpenseInputs>): ExpenseInput => ({
  type,
  title,
  Money,
  riqi,
  branchId,
  project,
  items,
  pictures,
  beizhu,
});

export function registerExpenseRoutes(app: FastifyInstance, ctx: AppContext, resolve: ActorResolver): void {
  mountRoutes(app, resolve, [
    defineRoute({
      method: 'POST',
      url: '/api/baoxiao/add',
      summary: '新建报销单并提交审批（报销金额须与费用明细合计一致，不填时取明细合计；以分计算）',
      tag: 'oa',
      access: can('oa', 'createApproval'),
      record: 'none',
      input: ExpenseInputs,
      reply: ExpenseSavedReply,
      handler: async ({ input, actor }) =>
        success('提交成功', await addExpense(ctx, actor, toInput(input), ccIds(input.cc), chosenIds(input.chosen), input.flowId)),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/baoxiao/edit',
      summary: '修改自己的报销单（待审、被退回或未通过时；未通过的重新提交审批）',
      tag: 'oa',
      access: can('oa', 'createApproval'),
      record: expenseEdit('id'),
      input: Fields({ id: Id('报销单'), ...ExpenseFields }),
      reply: ExpenseSavedReply,
      handler: async ({ input, actor }) => success('保存成功', await editExpense(ctx, actor, input.id, toInput(input), ccIds(input.cc))),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/baoxiao/Views',
      summary: '报销单详情（本人，或能查看其审批的人）',
      tag: 'oa',
      access: 'login',
      record: expenseRead('id'),
      input: Fields({ id: Id('报销单') }),
      reply: ExpenseDetailReply,
      handler: async ({ input, actor }) => success('获取成功', await expenseDetail(ctx, actor, input.id)),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/baoxiao/delete',
      summary: '删除自己的报销单（审核中或已通过的不能删除）',
      tag: 'oa',
      access: can('oa', 'createApproval'),
      record: expenseDelete('ids'),
      input: Fields({ ids: Ids('报销单', 100, { messages: { missing: '请选择要删除的报销单' } }) }),
      reply: Done,
      handler: async ({ input, actor }) => {
        await deleteExpenses(ctx, actor, input.ids);
        return success('删除成功');
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/api/baoxiao/index',
      summary: '我的报销单',
      tag: 'oa',
      access: can('oa', 'createApproval'),
      record: 'list',
      input: Fields({ ...Paging(10) }),
      reply: ExpenseListReply,
      handler: async ({ input, actor }) => listExpenses(ctx, actor, input.page, input.rows),
    }),
  ]);
}
