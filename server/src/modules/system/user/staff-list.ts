import type { StaffDetail, StaffOption, StaffRow } from '@portal/shared-contract';
/** Reading staff (员工管理): the list, one person's detail, and employed staff for selects. */
import type { AppContext } from '../../../app-context';
import type { DbOrTx } from '../../../db/database';
import { badRequest, notFound } from '../../../http/errors';
import type { ListReply } from '../../../http/envelope';
import { formatShanghai } from '../../../lib/time';
import { containsAny } from '../../shared/contains-search';
import { loadBranchIndex } from '../branch/branch-index';

/** The reply's shapes are the contract's (员工管理 reads the same types). */
export type { StaffDetail, StaffRow };

export type StaffQuery = { page: number; rows: number; key: string; branchId?: number; quitStatus?: 0 | 1 };

/** The staff list: 20 a page, search in name, account and mobile, a department with those below it (extra memberships count), 在职/离职. */
export async function listStaff(ctx: AppContext, q: StaffQuery): Promise<ListReply<StaffRow>> {
  let base = ctx.db.selectFrom('users as u');
  if (q.branchId !== undefined) {
    const branches = await loadBranchIndex(ctx.db);
    if (!branches.get(q.branchId)) throw badRequest('部门不存在');
    const ids = branches.subtreeIds(q.branchId);
    base = base.where((eb) =>
      eb.or([eb('u.branch_id', 'in', ids), eb('u.id', 'in', eb.selectFrom('user_branches').select('user_id').where('branch_id', 'in', ids))]),
    );
  }
  if (q.key) base = base.where(containsAny(ctx.dialect, ['u.nick_name', 'u.username', 'u.mobile'], q.key));
  if (q.quitStatus === 0) base = base.where('u.quit_status', '=', 0);
  if (q.quitStatus === 1) base = base.where('u.quit_status', '<>', 0);
  const { n } = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const total = Number(n);
  if (total === 0 || (q.page - 1) * q.rows >= total) return { rows: [], total };
  const page = await base
    .select('u.id')
    .orderBy('u.quit_status')
    .orderBy('u.id')
    .limit(q.rows)
    .offset((q.page - 1) * q.rows)
    .execute();
  const rows = await staffRows(
    ctx.db,
    page.map((p) => p.id),
  );
  return { rows, total };
}

async function staffRows(db: DbOrTx, ids: number[]): Promise<StaffRow[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('users as u')
    .innerJoin('roles as r', 'r.id', 'u.role_id')
    .leftJoin('branches as b', 'b.id', 'u.branch_id')
    .leftJoin('users as s', 's.id', 'u.superior_id')
    .select([
      'u.id',
      'u.username',
      'u.nick_name',
      'u.header',
      'u.mobile',
      'u.email',
      'u.job_title',
      'u.branch_id',
      'u.role_id',
      'u.superior_id',
      'u.quit_status',
      'u.call_enabled',
      'u.created_at',
      'r.name as role_name',
      'b.name as branch_name',
      's.nick_name as superior_name',
    ])
    .where('u.id', 'in', ids)
    .execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const r = byId.get(id);
    if (!r) return [];
    return [
      {
        UserID: r.id,
        id: r.id,
        UserName: r.username,
        NickName: r.nick_name,
        Header: r.header,
        mobile: r.mobile,
        email: r.email,
        jobTitle: r.job_title,
        BranchID: r.branch_id ?? 0,
        BranchName: r.branch_name ?? '',
        roleId: r.role_id,
        rolename: r.role_name,
        superiorId: r.superior_id ?? 0,
        superiorName: r.superior_name ?? '',
        QuitStatus: r.quit_status,
        callEnabled: r.call_enabled,
        AddTime: formatShanghai(r.created_at),
      },
    ];
  });
}

export async function staffDetail(ctx: AppContext, id: number): Promise<StaffDetail> {
  const [row] = await staffRows(ctx.db, [id]);
  if (!row) throw notFound('员工不存在');
  const extra = await ctx.db
    .selectFrom('user_branches as ub')
    .innerJoin('branches as b', 'b.id', 'ub.branch_id')
    .select(['b.id', 'b.name'])
    .where('ub.user_id', '=', id)
    .orderBy('b.id')
    .execute();
  return { ...row, extraBranches: extra };
}

/** Employed staff for selects (上级, 负责人): id and name. */
export async function staffOptions(ctx: AppContext, key: string): Promise<StaffOption[]> {
  let q = ctx.db
    .selectFrom('users as u')
    .leftJoin('branches as b', 'b.id', 'u.branch_id')
    .select(['u.id', 'u.nick_name', 'b.name as branch_name'])
    .where('u.quit_status', '=', 0);
  if (key) q = q.where(containsAny(ctx.dialect, ['u.nick_name', 'u.username'], key));
  const rows = await q.orderBy('u.id').limit(50).execute();
  return rows.map((r) => ({ id: r.id, NickName: r.nick_name, BranchName: r.branch_name ?? '' }));
}
