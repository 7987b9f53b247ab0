/**
 * 员工管理 (system `user`): create, edit, departure and re-hiring, delete, password reset, ending a
 * person's sessions, extra departments and 外呼. Every command is one transaction; the side effects
 * (ending a departed person's sessions and realtime connections) follow the commit. Reading staff is
 * staff-list.ts; the signed-in user's own profile (avatar) is user-profile.service.ts.
 */
import { randomInt } from 'node:crypto';
import { sql } from 'kysely';
import type { AppContext } from '../../../app-context';
import type { DbOrTx, DbTx } from '../../../db/database';
import { afterCommit, transact } from '../../../db/transact';
import { badRequest, forbidden, notFound } from '../../../http/errors';
import type { Actor } from '../../auth/session/actor';
import { hashPassword } from '../../auth/session/password';
import { revokeUserSessions } from '../../auth/session/session.service';
import { handOverOpenSteps } from '../../oa/workflow/departure-handover';
import { passwordProblem, readSettings, type SecuritySettings } from '../settings/settings.service';

export const MSG_LAST_ADMIN = '这是最后一位在职的超级管理员，不能更换角色、离职或删除';

export const MSG_USERNAME_TAKEN = '账号已存在';

export const MSG_ADMIN_ONLY = '只有超级管理员可以授予、变更或管理超级管理员账号';

/**
 * A staff administrator who is not 超级管理员 may not make anyone 超级管理员, nor change, reset,
 * depart or delete a 超级管理员 (which would be a way to their rights).
 */
export async function assertMayManage(db: DbOrTx, actor: Actor, roleIds: number[]): Promise<void> {
  const me = await db.selectFrom('roles').select('built_in').where('id', '=', actor.roleId).executeTakeFirst();
  if (me?.built_in === 1) return;
  const builtIn =
    roleIds.length === 0 ? undefined : await db.selectFrom('roles').select('id').where('id', 'in', roleIds).where('built_in', '=', 1).executeTakeFirst();
  if (builtIn) throw forbidden(MSG_ADMIN_ONLY);
}

async function rolesOf(db: DbOrTx, userIds: number[]): Promise<number[]> {
  if (userIds.length === 0) return [];
  return (await db.selectFrom('users').select('role_id').where('id', 'in', userIds).execute()).map((u) => u.role_id);
}

export type StaffInput = {
  username: string;
  nickName: string;
  mobile: string;
  email: string;
  branchId: number;
  roleId: number;
  superiorId: number;
  jobTitle: string;
  header: string;
};

/** Other characters of generated passwords, for a policy that asks for all four classes. */
const PASSWORD_SYMBOLS = '!@#$%^&*-_=+?';

/**
 * A readable random password: 10 characters (or the policy's minimum length, when longer) with lower
 * case, upper case and digits, and other characters too when the policy (基础设置 › 登录安全) asks for
 * all four classes.
 */
export function generatePassword(policy?: Pick<SecuritySettings, 'passwordMinLength' | 'passwordClasses'>): string {
  const sets = ['abcdefghijkmnpqrstuvwxyz', 'ABCDEFGHJKLMNPQRSTUVWXYZ', '23456789', ...((policy?.passwordClasses ?? 0) >= 4 ? [PASSWORD_SYMBOLS] : [])];
  const length = Math.min(32, Math.max(10, policy?.passwordMinLength ?? 0));
  const all = sets.join('');
  const chars = sets.map((s) => s[randomInt(s.length)] as string);
  while (chars.length < length) chars.push(all[randomInt(all.length)] as string);
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j] as string, chars[i] as string];
  }
  return chars.join('');
}

async function assertReferences(tx: DbTx, input: StaffInput, selfId?: number): Promise<void> {
  const branch = await tx.selectFrom('branches').select('id').where('id', '=', input.branchId).executeTakeFirst();
  if (!branch) throw badRequest('部门不存在');
  const role = await tx.selectFrom('roles').select('id').where('id', '=', input.roleId).executeTakeFirst();
  if (!role) throw badRequest('角色不存在');
  if (input.superiorId) {
    if (input.superiorId === selfId) throw badRequest('上级不能是本人');
    const superior = await tx.selectFrom('users').select(['id', 'quit_status', 'superior_id']).where('id', '=', input.superiorId).executeTakeFirst();
    if (!superior) throw badRequest('上级不存在');
    if (superior.quit_status !== 0) throw badRequest('上级已离职，请重新选择');
    // No cycles: walking up from the new superior must never reach this person.
    if (selfId !== undefined) {
      let current: number | null = superior.superior_id;
      const seen = new Set<number>([superior.id]);
      while (current !== null && !seen.has(current)) {
        if (current === selfId) throw badRequest('上级不能是自己的下属');
        seen.add(current);
        const next = await tx.selectFrom('users').select('superior_id').where('id', '=', current).executeTakeFirst();
        current = next?.superior_id ?? null;
      }
    }
  }
  let q = tx.selectFrom('users').select('id').where('username', '=', input.username);
  if (selfId !== undefined) q = q.where('id', '<>', selfId);
  if (await q.executeTakeFirst()) throw badRequest(MSG_USERNAME_TAKEN);
}

/** Creates a staff member; a blank password gets a generated one, returned once. */
export async function createStaff(ctx: AppContext, actor: Actor, input: StaffInput, password: string): Promise<{ id: number; password: string }> {
  await assertMayManage(ctx.db, actor, [input.roleId]);
  const settings = await readSettings(ctx.db);
  const chosen = password || generatePassword(settings);
  const problem = passwordProblem(settings, chosen);
  if (problem) throw badRequest(problem);
  const hash = await hashPassword(chosen);
  const id = await transact(ctx, async (tx) => {
    await assertReferences(tx, input);
    const row = await tx
      .insertInto('users')
      .values({
        username: input.username,
        nick_name: input.nickName,
        header: input.header,
        mobile: input.mobile,
        email: input.email,
        job_title: input.jobTitle,
        branch_id: input.branchId,
        role_id: input.roleId,
        superior_id: input.superiorId || null,
        quit_status: 0,
        password_hash: hash,
        created_at: ctx.clock().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  });
  return { id, password: password ? '' : chosen };
}

/**
 * Locks the 超级管理员 role row (PostgreSQL) and refuses when `userId` is the last employed holder of
 * it: two administrators demoting each other at the same moment are serialised by the lock.
 */
async function assertNotLastAdmin(ctx: AppContext, tx: DbTx, userId: number): Promise<void> {
  let lock = tx.selectFrom('roles').select('id').where('built_in', '=', 1);
  if (ctx.dialect === 'postgres') lock = lock.forUpdate();
  const adminRoles = (await lock.execute()).map((r) => r.id);
  if (adminRoles.length === 0) return;
  const me = await tx.selectFrom('users').select(['role_id', 'quit_status']).where('id', '=', userId).executeTakeFirst();
  if (!me || me.quit_status !== 0 || !adminRoles.includes(me.role_id)) return;
  const { n } = await tx
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('role_id', 'in', adminRoles)
    .where('quit_status', '=', 0)
    .where('id', '<>', userId)
    .executeTakeFirstOrThrow();
  if (Number(n) === 0) throw badRequest(MSG_LAST_ADMIN);
}

/** Saves a staff member; a role change reaches their next request and their open portal reloads its menus. */
export async function editStaff(ctx: AppContext, actor: Actor, id: number, input: StaffInput): Promise<void> {
  await transact(ctx, async (tx) => {
    const current = await tx.selectFrom('users').select(['role_id']).where('id', '=', id).executeTakeFirst();
    if (!current) throw notFound('员工不存在');
    await assertMayManage(tx, actor, [current.role_id, input.roleId]);
    await assertReferences(tx, input, id);
    if (current.role_id !== input.roleId) {
      const newRole = await tx.selectFrom('roles').select('built_in').where('id', '=', input.roleId).executeTakeFirstOrThrow();
      if (newRole.built_in !== 1) await assertNotLastAdmin(ctx, tx, id);
    }
    await tx
      .updateTable('users')
      .set({
        username: input.username,
        nick_name: input.nickName,
        header: input.header,
        mobile: input.mobile,
        email: input.email,
        job_title: input.jobTitle,
        branch_id: input.branchId,
        role_id: input.roleId,
        superior_id: input.superiorId || null,
      })
      .where('id', '=', id)
      .execute();
    if (current.role_id !== input.roleId) afterCommit(tx, () => ctx.realtime.sendToUser(id, 'privateSystemMsg', [{ type: 'rights', msg: '您的权限已更新' }]));
  });
}

/**
 * 离职 (departed, quit=true) or 在职 again. A departure ends every session of the person at once and
 * closes their realtime connections (the reconnect with the revoked key is refused, so an open portal
 * shows the forced-logout modal); their login is refused from then on. Their customers keep their
 * owner and show under 离职员工客户; the approval steps waiting on them are handed over. A re-hired person logs in again with their password.
 */
export async function setQuitStatus(ctx: AppContext, actor: Actor, id: number, quit: boolean): Promise<void> {
  if (quit && id === actor.userId) throw badRequest('不能将自己设为离职');
  await transact(ctx, async (tx) => {
    const user = await tx.selectFrom('users').select(['quit_status', 'role_id']).where('id', '=', id).executeTakeFirst();
    if (!user) throw notFound('员工不存在');
    await assertMayManage(tx, actor, [user.role_id]);
    if (quit) await assertNotLastAdmin(ctx, tx, id);
    await tx
      .updateTable('users')
      .set({ quit_status: quit ? 1 : 0 })
      .where('id', '=', id)
      .execute();
    if (quit) {
      await tx.updateTable('sessions').set({ revoked_at: ctx.clock().toISOString() }).where('user_id', '=', id).where('revoked_at', 'is', null).execute();
      afterCommit(tx, () => ctx.realtime.disconnectUser?.(id, { allowReconnect: true }));
      // Approval steps waiting on them go to their 上级 (logged, the new approver notified).
      await handOverOpenSteps(ctx, tx, id, actor.userId);
    }
  });
}

/** Business tables whose rows keep a person (then they must be made 离职, not deleted). */
const RECORD_REFERENCES: readonly { table: string; column: string }[] = [
  { table: 'customers', column: 'owner_id' },
  { table: 'customers', column: 'created_by' },
  { table: 'followups', column: 'created_by' },
  { table: 'contracts', column: 'owner_id' },
  { table: 'contracts', column: 'created_by' },
  { table: 'tasks', column: 'created_by' },
  { table: 'tasks', column: 'assignee_id' },
  { table: 'files', column: 'user_id' },
  { table: 'module_records', column: 'created_by' },
  { table: 'customer_participants', column: 'user_id' },
  { table: 'contract_participants', column: 'user_id' },
  { table: 'wf_instances', column: 'submitter_id' },
  { table: 'wf_steps', column: 'user_id' },
  { table: 'wf_cc', column: 'user_id' },
  { table: 'expense_claims', column: 'created_by' },
  { table: 'intake_records', column: 'owner_id' },
];

/** Deletes staff who have no records; anyone with records is named, and must be made 离职 instead. */
export async function deleteStaff(ctx: AppContext, actor: Actor, ids: number[]): Promise<number> {
  if (ids.includes(actor.userId)) throw badRequest('不能删除自己');
  return transact(ctx, async (tx) => {
    const users = await tx.selectFrom('users').select(['id', 'nick_name']).where('id', 'in', ids).execute();
    if (users.length === 0) throw notFound('员工不存在');
    await assertMayManage(
      tx,
      actor,
      await rolesOf(
        tx,
        users.map((u) => u.id),
      ),
    );
    for (const u of users) {
      await assertNotLastAdmin(ctx, tx, u.id);
      for (const ref of RECORD_REFERENCES) {
        const hit = await sql<{ one: number }>`select 1 as one from ${sql.table(ref.table)} where ${sql.ref(ref.column)} = ${u.id} limit 1`.execute(tx);
        if (hit.rows.length > 0) throw badRequest(`${u.nick_name}已有业务记录，不能删除，请设为离职`);
      }
    }
    const userIds = users.map((u) => u.id);
    await tx.deleteFrom('notifications').where('user_id', 'in', userIds).execute();
    await tx.deleteFrom('user_field_choices').where('user_id', 'in', userIds).execute();
    await tx.deleteFrom('customer_assignments').where('assigned_by', 'in', userIds).execute();
    await tx.updateTable('users').set({ superior_id: null }).where('superior_id', 'in', userIds).execute();
    await tx.updateTable('branches').set({ head_user_id: null }).where('head_user_id', 'in', userIds).execute();
    try {
      const result = await tx.deleteFrom('users').where('id', 'in', userIds).executeTakeFirst();
      return Number(result.numDeletedRows);
    } catch {
      // A record kept by a table this module does not know about (another area's).
      throw badRequest('所选员工已有业务记录，不能删除，请设为离职');
    }
  });
}

/** A new password for someone else, shown once; their sessions end. */
export async function resetPassword(ctx: AppContext, actor: Actor, id: number): Promise<string> {
  const user = await ctx.db.selectFrom('users').select(['id', 'role_id']).where('id', '=', id).executeTakeFirst();
  if (!user) throw notFound('员工不存在');
  await assertMayManage(ctx.db, actor, [user.role_id]);
  const password = generatePassword(await readSettings(ctx.db));
  await ctx.db
    .updateTable('users')
    .set({ password_hash: await hashPassword(password) })
    .where('id', '=', id)
    .execute();
  await revokeUserSessions(ctx, id);
  return password;
}

export async function toggleCallState(ctx: AppContext, id: number): Promise<number> {
  return transact(ctx, async (tx) => {
    const user = await tx.selectFrom('users').select('call_enabled').where('id', '=', id).executeTakeFirst();
    if (!user) throw notFound('员工不存在');
    const next = user.call_enabled === 1 ? 0 : 1;
    await tx.updateTable('users').set({ call_enabled: next }).where('id', '=', id).execute();
    return next;
  });
}

export async function addUserBranches(ctx: AppContext, id: number, branchIds: number[]): Promise<void> {
  await transact(ctx, async (tx) => {
    const user = await tx.selectFrom('users').select('branch_id').where('id', '=', id).executeTakeFirst();
    if (!user) throw notFound('员工不存在');
    const found = await tx.selectFrom('branches').select('id').where('id', 'in', branchIds).execute();
    if (found.length !== branchIds.length) throw badRequest('部门不存在');
    const extra = branchIds.filter((b) => b !== user.branch_id);
    if (extra.length === 0) return;
    await tx
      .insertInto('user_branches')
      .values(extra.map((branch_id) => ({ user_id: id, branch_id })))
      .onConflict((oc) => oc.columns(['user_id', 'branch_id']).doNothing())
      .execute();
  });
}

export async function removeUserBranch(ctx: AppContext, id: number, branchId: number): Promise<void> {
  const result = await ctx.db.deleteFrom('user_branches').where('user_id', '=', id).where('branch_id', '=', branchId).executeTakeFirst();
  if (Number(result.numDeletedRows) === 0) throw notFound('该员工不属于这个附加部门');
}

/** 强制下线: ends every session of one user. */
export async function revokeSessionsOf(ctx: AppContext, id: number): Promise<number> {
  const user = await ctx.db.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst();
  if (!user) throw notFound('用户不存在');
  return revokeUserSessions(ctx, id);
}
