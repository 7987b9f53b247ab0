import { Done, ExpenseDetailReply, ExpenseListReply, ExpenseSavedReply } from '@portal/shared-contract';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../app-context';
import { can, type ActorResolver } from '../../../http/auth';
import { success } from '../../../http/envelope';
import { badRequest } from '../../../http/errors';
import { Fields, Id, Ids, Integer, JsonValue, MAX_ID, OneOfNumbers, Paging, RequiredText, Text } from '../../../http/input-fields';
import { defineRoute, mountRoutes } from '../../../http/route';
import { userIdsOfValue } from '../workflow/approver-resolution';
import { parseCc } from '../workflow/approval-input';
import { addExpense, deleteExpenses, editExpense, expenseDetail, listExpenses, type ExpenseInput } from './expense.service';
import { expenseDelete, expenseEdit, expenseRead } from './expense.policy';

/** 报销 routes: submitting needs 新建流程 (createApproval); every call is limited to one's own claims or claims one may see in approval. */
const ExpenseFields = {
  type: OneOfNumbers('报销类型', [1, 2, 3], 1, { messages: { invalid: '报销类型不正确' } }),
  title: RequiredText('报销事由', 100),
  Money: Type.Optional(JsonValue('报销金额')),
  riqi: Text('发生日期', 10),
  branchId: Type.Optional(Integer('费用部门', { min: 1, max: MAX_ID })),
  project: Text('项目名称', 100),
  items: Type.Optional(JsonValue('费用明细')),
  pictures: Type.Optional(JsonValue('票据照片')),
  beizhu: Text('备注', 300),
  cc: Type.Optional(JsonValue('抄送人')),
  chosen: Type.Optional(JsonValue('审批人')),
  flowId: Type.Optional(Integer('流程', { min: 1, max: MAX_ID })),
};

function chosenOf(value: unknown): Record<string, number[]> {
  if (value === undefined || value === '' || value === null) return {};
  let v = value;
  if (typeof v === 'string') {
    try {
      v = JSON.parse(v);
    } catch {
      throw badRequest('审批人格式不正确');
    }
  }
  if (!v || typeof v !== 'object' || Array.isArray(v)) throw badRequest('审批人格式不正确');
  return Object.fromEntries(Object.entries(v as Record<string, unknown>).map(([k, ids]) => [k, userIdsOfValue(ids)]));
}

const toInput = (i: {
  type: 1 | 2 | 3;
  title: string;
  Money?: unknown;
  riqi: string;
  branchId?: number;
  project: string;
  items?: unknown;
  pictures?: unknown;
  beizhu: string;
}): ExpenseInput => ({
  type: i.type,
  title: i.title,
  Money: i.Money,
  riqi: i.riqi,
  branchId: i.branchId,
  project: i.project,
  items: i.items,
  pictures: i.pictures,
  beizhu: i.beizhu,
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
      input: Fields(ExpenseFields),
      reply: ExpenseSavedReply,
      handler: async ({ input, actor }) =>
        success('提交成功', await addExpense(ctx, actor, toInput(input), parseCc(input.cc), chosenOf(input.chosen), input.flowId)),
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
      handler: async ({ input, actor }) => success('保存成功', await editExpense(ctx, actor, input.id, toInput(input), parseCc(input.cc))),
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
