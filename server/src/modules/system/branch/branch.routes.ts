import { BranchAddReply, BranchDeleteReply, BranchDetailReply, BranchTreeReply, Done, FlatBranchListReply } from '@portal/shared-contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../app-context';
import { can, type ActorResolver } from '../../../http/auth';
import { success } from '../../../http/envelope';
import { Fields, Id, Ids, Integer, MAX_ID, OneOfNumbers, RequiredText } from '../../../http/input-fields';
import { branchDetail, createBranch, deleteBranches, editBranch, flatBranches } from './branch-admin.service';
import { defineRoute, mountRoutes } from '../../../http/route';
import { branchTree, type BranchNode } from './branch-tree';

const BranchFields = {
  name: RequiredText('部门名称', 100),
  parentId: Integer('上级部门', { min: 0, max: MAX_ID, fallback: 0 }),
  /** 2 = a department proper; 1 = a company, branch office or group. */
  attributes: OneOfNumbers('部门类型', [1, 2] as const, 2),
  headUserId: Integer('负责人', { min: 0, max: MAX_ID, fallback: 0 }),
  sortOrder: Integer('排序', { min: 0, max: 9999, fallback: 0 }),
};

export function registerBranchRoutes(app: FastifyInstance, ctx: AppContext, resolve: ActorResolver): void {
  mountRoutes(app, resolve, [
    defineRoute({
      method: 'POST',
      url: '/api/branch/TreeJson',
      summary: '部门树（userCount 为本部门及下级的在职人数）',
      tag: 'system',
      access: 'login',
      record: 'none',
      input: Fields({}),
      reply: BranchTreeReply,
      handler: async (): Promise<BranchNode[]> => branchTree(ctx),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/branch/Getbranch',
      summary: '全部部门（平铺，按树的顺序；text 为带上级的全名）',
      tag: 'system',
      access: 'login',
      record: 'none',
      input: Fields({}),
      reply: FlatBranchListReply,
      handler: async () => success('获取成功', await flatBranches(ctx)),
    }),
    defineRoute({
      method: 'POST',
      url: '/main/Branch/detail',
      summary: '部门详情（上级、类型、负责人）',
      tag: 'system',
      access: can('system', 'branch'),
      record: 'none',
      input: Fields({ id: Id('部门') }),
      reply: BranchDetailReply,
      handler: async ({ input }) => success('获取成功', await branchDetail(ctx, input.id)),
    }),
    defineRoute({
      method: 'POST',
      url: '/main/Branch/add',
      summary: '新建部门',
      tag: 'system',
      access: can('system', 'branch:create'),
      record: 'none',
      input: Fields(BranchFields),
      reply: BranchAddReply,
      handler: async ({ input }) => success('添加成功', { id: await createBranch(ctx, input) }),
    }),
    defineRoute({
      method: 'POST',
      url: '/main/Branch/edit',
      summary: '保存部门（可移到另一个上级之下，不能移到自己的下级之下）',
      tag: 'system',
      access: can('system', 'branch:edit'),
      record: 'none',
      input: Fields({ id: Id('部门'), ...BranchFields }),
      reply: Done,
      handler: async ({ input }) => {
        await editBranch(ctx, input.id, input);
        return success('保存成功');
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/main/Branch/delete',
      summary: '删除部门（还有下级部门或员工时拒绝，并列出它们）',
      tag: 'system',
      access: can('system', 'branch:delete'),
      record: 'none',
      input: Fields({ ids: Ids('部门', 100, { messages: { missing: '请选择要删除的部门' } }) }),
      reply: BranchDeleteReply,
      handler: async ({ input }) => success('删除成功', { deleted: await deleteBranches(ctx, input.ids) }),
    }),
  ]);
}
