/** 部门管理 (system `branch`): create, edit and move (no cycles), delete (only when empty), detail and the flat list. */
import type { BranchDetail, FlatBranch } from '@portal/shared-contract';
import type { AppContext } from '../../../app-context';
import type { DbTx } from '../../../db/database';
import { transact } from '../../../db/transact';
import { badRequest, notFound } from '../../../http/errors';
import { loadBranchIndex } from './branch-index';

export type BranchInput = { name: string; parentId: number; attributes: number; headUserId: number; sortOrder: number };

/** The reply's shapes are the contract's (部门管理 reads the same types). */
export type { BranchDetail, FlatBranch };

async function assertInput(tx: DbTx, input: BranchInput, selfId?: number): Promise<void> {
  if (input.parentId) {
    const branches = await loadBranchIndex(tx);
    if (!branches.get(input.parentId)) throw badRequest('上级部门不存在');
    if (selfId !== undefined && branches.subtreeIds(selfId).includes(input.parentId)) throw badRequest('不能移动到自己或自己的下级部门之下');
  }
  if (input.headUserId) {
    const head = await tx.selectFrom('users').select('quit_status').where('id', '=', input.headUserId).executeTakeFirst();
    if (!head) throw badRequest('负责人不存在');
    if (head.quit_status !== 0) throw badRequest('负责人已离职，请重新选择');
  }
  let same = tx.selectFrom('branches').select('id').where('name', '=', input.name);
  same = input.parentId ? same.where('parent_id', '=', input.parentId) : same.where('parent_id', 'is', null);
  if (selfId !== undefined) same = same.where('id', '<>', selfId);
  if (await same.executeTakeFirst()) throw badRequest('同一上级下已有同名部门');
}

export async function createBranch(ctx: AppContext, input: BranchInput): Promise<number> {
  return transact(ctx, async (tx) => {
    await assertInput(tx, input);
    const row = await tx
      .insertInto('branches')
      .values({
        name: input.name,
        parent_id: input.parentId || null,
        attributes: input.attributes,
        sort_order: input.sortOrder,
        head_user_id: input.headUserId || null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  });
}

export async function editBranch(ctx: AppContext, id: number, input: BranchInput): Promise<void> {
  await transact(ctx, async (tx) => {
    const current = await tx.selectFrom('branches').select('id').where('id', '=', id).executeTakeFirst();
    if (!current) throw notFound('部门不存在');
    await assertInput(tx, input, id);
    await tx
      .updateTable('branches')
      .set({
        name: input.name,
        parent_id: input.parentId || null,
        attributes: input.attributes,
        sort_order: input.sortOrder,
        head_user_id: input.headUserId || null,
      })
      .where('id', '=', id)
      .execute();
  });
}

export async function branchDetail(ctx: AppContext, id: number): Promise<BranchDetail> {
  const b = await ctx.db
    .selectFrom('branches as b')
    .leftJoin('branches as p', 'p.id', 'b.parent_id')
    .leftJoin('users as h', 'h.id', 'b.head_user_id')
    .select(['b.id', 'b.name', 'b.parent_id', 'b.attributes', 'b.head_user_id', 'b.sort_order', 'p.name as parent_name', 'h.nick_name as head_name'])
    .where('b.id', '=', id)
    .executeTakeFirst();
  if (!b) throw notFound('部门不存在');
  return {
    id: b.id,
    ID: b.id,
    Name: b.name,
    parent: b.parent_id ?? 0,
    parentName: b.parent_name ?? '',
    attributes: b.attributes,
    headUserId: b.head_user_id ?? 0,
    headName: b.head_name ?? '',
    sortOrder: b.sort_order,
  };
}

/** Deletes empty departments: one with sub-departments or members (departed ones included, extra memberships too) is refused by name. */
export async function deleteBranches(ctx: AppContext, ids: number[]): Promise<number> {
  return transact(ctx, async (tx) => {
    const rows = await tx.selectFrom('branches').select(['id', 'name']).where('id', 'in', ids).execute();
    if (rows.length === 0) throw notFound('部门不存在');
    for (const b of rows) {
      const children = await tx
        .selectFrom('branches')
        .select('name')
        .where('parent_id', '=', b.id)
        .where('id', 'not in', ids)
        .orderBy('sort_order')
        .orderBy('id')
        .execute();
      if (children.length > 0) throw badRequest(`「${b.name}」下还有部门：${children.map((c) => c.name).join('、')}，不能删除`);
      const members = await tx.selectFrom('users').select('nick_name').where('branch_id', '=', b.id).orderBy('id').limit(6).execute();
      const extra = await tx
        .selectFrom('user_branches as ub')
        .innerJoin('users as u', 'u.id', 'ub.user_id')
        .select('u.nick_name')
        .where('ub.branch_id', '=', b.id)
        .limit(6)
        .execute();
      const names = [...members, ...extra].map((m) => m.nick_name);
      if (names.length > 0) throw badRequest(`「${b.name}」还有员工：${names.slice(0, 5).join('、')}${names.length > 5 ? '等' : ''}，请先调整他们的部门`);
    }
    // Children first (a selection may hold a department and its sub-departments).
    const branches = await loadBranchIndex(tx);
    const depth = (id: number) => {
      let d = 0;
      for (let b = branches.get(id); b?.parent_id != null; b = branches.get(b.parent_id)) d++;
      return d;
    };
    const ordered = rows.map((r) => r.id).sort((a, b) => depth(b) - depth(a));
    for (const id of ordered) await tx.deleteFrom('branches').where('id', '=', id).execute();
    return ordered.length;
  });
}

/** Every department, flat, in tree order (selects). */
export async function flatBranches(ctx: AppContext): Promise<FlatBranch[]> {
  const index = await loadBranchIndex(ctx.db);
  const out: FlatBranch[] = [];
  const walk = (id: number, prefix: string) => {
    const b = index.get(id);
    if (!b) return;
    out.push({ id: b.id, ID: b.id, Name: b.name, text: `${prefix}${b.name}`, parent: b.parent_id ?? 0, attributes: b.attributes });
    for (const c of index.childrenOf(id)) walk(c.id, `${prefix}${b.name} / `);
  };
  for (const r of index.roots()) walk(r.id, '');
  return out;
}
