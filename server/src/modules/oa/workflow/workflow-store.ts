import type { AppContext } from '../../../app-context';
import type { DbOrTx, DbTx } from '../../../db/database';
import { badRequest, notFound } from '../../../http/errors';
import { ROLE_ADMIN } from '../../system/role/seed-roles';
import type { Org } from './approver-resolution';
import { emptyState, type InstanceState } from './engine';
import type { WorlFlowJson } from './flow-graph';

/** Reading and locking the engine's rows; shared by the runtime, the lists and expense claims. */
export const MSG_ALREADY_HANDLED = '该审批已被处理';
export const MSG_APPROVAL_NOT_FOUND = '审批不存在';

/** Instance statuses (record statuses of spec §4, plus 4 已撤回 of ours). */
export const INSTANCE_STATUS = { waiting: 0, reviewing: 1, passed: 2, refused: 3, withdrawn: 4 } as const;
export const INSTANCE_STATUS_TEXT: Record<number, string> = { 0: '待审', 1: '审核中', 2: '通过', 3: '未通过', 4: '已撤回' };
/** Step statuses (spec §4). */
export const STEP_STATUS = { pending: 0, received: 1, inProgress: 2, completed: 3, notPassed: 4 } as const;

export type InstanceRow = Awaited<ReturnType<typeof loadInstance>>;

export async function loadInstance(db: DbOrTx, id: number) {
  const row = await db.selectFrom('wf_instances').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound(MSG_APPROVAL_NOT_FOUND);
  return row;
}

/**
 * Locks the instance row for the rest of the transaction (PostgreSQL `FOR UPDATE`): every action on
 * an instance takes this lock first, so two decisions on one instance run one after the other.
 * SQLite runs write transactions one at a time anyway.
 */
export async function lockInstance(ctx: Pick<AppContext, 'dialect'>, tx: DbTx, id: number) {
  let q = tx.selectFrom('wf_instances').selectAll().where('id', '=', id);
  if (ctx.dialect === 'postgres') q = q.forUpdate();
  const row = await q.executeTakeFirst();
  if (!row) throw notFound(MSG_APPROVAL_NOT_FOUND);
  return row;
}

export function parseState(json: string): InstanceState {
  try {
    const s = JSON.parse(json) as Partial<InstanceState>;
    return { ...emptyState(), ...s, joins: s.joins ?? {}, chosen: s.chosen ?? {} };
  } catch {
    return emptyState();
  }
}

export function parseData(json: string): Record<string, unknown> {
  try {
    const v: unknown = JSON.parse(json);
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** A flow version's definition (one primary-key read; versions never change). */
export async function loadVersion(db: DbOrTx, versionId: number): Promise<WorlFlowJson> {
  const row = await db.selectFrom('wf_flow_versions').select('json').where('id', '=', versionId).executeTakeFirst();
  if (!row) throw badRequest('流程版本不存在');
  return JSON.parse(row.json) as WorlFlowJson;
}

/**
 * The organisation as the engine resolves approvers from it: every user and department, without any
 * data scope. Departed users are marked, not dropped, so a chain of superiors can be followed past them.
 */
export async function loadOrg(db: DbOrTx): Promise<Org> {
  const [users, branches, adminRole] = await Promise.all([
    db.selectFrom('users').select(['id', 'branch_id', 'role_id', 'superior_id', 'quit_status']).execute(),
    db.selectFrom('branches').select(['id', 'parent_id', 'head_user_id']).execute(),
    db.selectFrom('roles').select('id').where('name', '=', ROLE_ADMIN).executeTakeFirst(),
  ]);
  return {
    users: new Map(users.map((u) => [u.id, { id: u.id, branchId: u.branch_id, roleId: u.role_id, superiorId: u.superior_id, employed: u.quit_status === 0 }])),
    branches: new Map(branches.map((b) => [b.id, { id: b.id, parentId: b.parent_id, headUserId: b.head_user_id }])),
    admins: users.filter((u) => adminRole && u.role_id === adminRole.id && u.quit_status === 0).map((u) => u.id),
  };
}

/** Keeps a business record's status in step with its instance (same transaction). */
export type StatusFollower = (tx: DbTx, recordId: number, status: number, instanceId: number) => Promise<void>;
const followers = new Map<string, StatusFollower>();

/** A business form (报销, 合同 …) registers how its record's status follows the instance. */
export function registerStatusFollower(formMode: string, follower: StatusFollower): void {
  followers.set(formMode, follower);
}

/**
 * A business form whose record carries the instance's fields registers how an approver's edit of
 * the node's writable fields (editFormField) reaches the record: it validates the merged form data,
 * writes the record in the same transaction and returns the form data (and title) the instance keeps.
 */
export type FormEditor = (
  tx: DbTx,
  recordId: number,
  merged: Record<string, unknown>,
  now: string,
) => Promise<{ data: Record<string, unknown>; title?: string }>;
const formEditors = new Map<string, FormEditor>();

export function registerFormEditor(formMode: string, editor: FormEditor): void {
  formEditors.set(formMode, editor);
}

export function formEditorOf(formMode: string): FormEditor | undefined {
  return formEditors.get(formMode);
}

export async function followStatus(tx: DbTx, formMode: string, recordId: number, status: number, instanceId: number): Promise<void> {
  const follower = followers.get(formMode);
  // 已撤回 puts the record back to 待审 (editable, can be submitted again).
  if (follower) await follower(tx, recordId, status === INSTANCE_STATUS.withdrawn ? INSTANCE_STATUS.waiting : status, instanceId);
}

/** Everyone below `userId` in the chain of 上级, and the staff of departments they head (and sub-departments). */
export async function subordinateIds(db: DbOrTx, userId: number): Promise<number[]> {
  const [users, branches] = await Promise.all([
    db.selectFrom('users').select(['id', 'superior_id', 'branch_id']).execute(),
    db.selectFrom('branches').select(['id', 'parent_id', 'head_user_id']).execute(),
  ]);
  const headed = new Set(branches.filter((b) => b.head_user_id === userId).map((b) => b.id));
  let grew = true;
  while (grew) {
    grew = false;
    for (const b of branches)
      if (b.parent_id !== null && headed.has(b.parent_id) && !headed.has(b.id)) {
        headed.add(b.id);
        grew = true;
      }
  }
  const out = new Set<number>(users.filter((u) => u.branch_id !== null && headed.has(u.branch_id)).map((u) => u.id));
  const frontier = [userId];
  while (frontier.length) {
    const boss = frontier.pop()!;
    for (const u of users)
      if (u.superior_id === boss && !out.has(u.id)) {
        out.add(u.id);
        frontier.push(u.id);
      }
  }
  out.delete(userId);
  return [...out];
}
