import type { AppContext } from '../../../app-context';
import type { DbOrTx, DbTx } from '../../../db/database';
import { transact } from '../../../db/transact';
import type { ListReply } from '../../../http/envelope';
import { badRequest, forbidden, notFound } from '../../../http/errors';
import { formatShanghai } from '../../../lib/time';
import type { Actor } from '../../auth/session/actor';
import { notify } from '../../notification/notify';
import { loadBranchIndex } from '../../system/branch/branch-index';
import { CUSTOMER_SCOPE, dataScope } from '../../shared/data-scope';
import { assertNotBlacklistedCustomer } from '../../crm/customer/customer-blacklist';

const MSG_LINK_TASK = '关联任务';
import { TASK_STATUS, TASK_STATUS_TEXT, TASK_TYPE, type TaskInput, type TaskListQuery, type TaskRow, type TaskStatus } from './task.types';

/**
 * Tasks (spec §3 "Task", §4): a creator gives a task to an employed colleague, who is notified; the
 * assignee (or the creator) completes it, the assignee may refuse it. A task is visible only to its
 * creator and its assignee: it is personal work, so no role or data scope widens that.
 */
export const MSG_TASK_NOT_FOUND = '任务不存在';

/** Tasks `t` with creator, assignee and the attached record's title joined (no N+1). */
function taskRows(db: DbOrTx) {
  return db
    .selectFrom('tasks as t')
    .leftJoin('users as cu', 'cu.id', 't.created_by')
    .leftJoin('users as au', 'au.id', 't.assignee_id')
    .leftJoin('customers as mc', (j) => j.onRef('mc.id', '=', 't.model_id').on('t.model_type', 'in', [1, 2]))
    .leftJoin('contracts as mk', (j) => j.onRef('mk.id', '=', 't.model_id').on('t.model_type', '=', 4))
    .select([
      't.id',
      't.title',
      't.cont',
      't.status',
      't.type',
      't.grade',
      't.end_time',
      't.created_by',
      't.assignee_id',
      't.model_id',
      't.model_type',
      't.created_at',
      'cu.nick_name as creator_name',
      'cu.header as creator_header',
      'au.nick_name as assignee_name',
      'au.header as assignee_header',
      'mc.customer_name as customer_title',
      'mk.title as contract_title',
      'mk.order_sn as contract_sn',
    ]);
}

type RawTaskRow = Awaited<ReturnType<ReturnType<typeof taskRows>['executeTakeFirstOrThrow']>>;

/** A task attached to a customer or a lead is titled by its name (masked by the routes' `mask:`), one attached to a contract by the contract's. */
function toRow(r: RawTaskRow): TaskRow {
  const statusCode = r.status as TaskStatus;
  return {
    id: r.id,
    title: r.title,
    status: TASK_STATUS_TEXT[statusCode] ?? '',
    statusCode,
    type: r.type,
    createUserId: r.created_by ?? 0,
    createUserName: r.creator_name ?? '',
    createuserheader: r.creator_header ?? '',
    addTime: formatShanghai(r.created_at).slice(0, 16),
    userid: r.assignee_id ?? 0,
    username: r.assignee_name ?? '',
    userheader: r.assignee_header ?? '',
    endTime: formatShanghai(r.end_time).slice(0, 16),
    grade: r.grade,
    cont: r.cont,
    modelId: r.model_id ?? 0,
    modelType: r.model_type ?? 0,
    modelTitle: r.customer_title !== null ? r.customer_title : r.contract_title || r.contract_sn || '',
  };
}

/** The assignee must exist and be employed (QuitStatus 0). */
async function assertAssignable(db: DbOrTx, userId: number): Promise<void> {
  const user = await db.selectFrom('users').select(['id', 'quit_status']).where('id', '=', userId).executeTakeFirst();
  if (!user) throw badRequest('负责人不存在');
  if (user.quit_status !== 0) throw badRequest('负责人已离职，请重新选择');
}

/**
 * The attached record must exist; a customer or clue must also be one the creator may see. A blacklisted
 * customer (or a contract of one) gets no new tasks (customer-blacklist.ts).
 */
async function assertModel(db: DbTx, actor: Actor, model: NonNullable<TaskInput['model']>): Promise<void> {
  if (model.type === 4) {
    const found = await db.selectFrom('contracts').select(['id', 'customer_id']).where('id', '=', model.id).executeTakeFirst();
    if (!found) throw badRequest('关联的合同不存在');
    await assertNotBlacklistedCustomer(db, [found.customer_id], MSG_LINK_TASK);
    return;
  }
  const label = model.type === 1 ? '线索' : '客户';
  const customer = await db.selectFrom('customers').select(['id', 'gonghai']).where('id', '=', model.id).executeTakeFirst();
  if (!customer) throw badRequest(`关联的${label}不存在`);
  await assertNotBlacklistedCustomer(db, [customer.id], MSG_LINK_TASK);
  if (customer.gonghai === 1) return;
  const visible = await db
    .selectFrom('customers as c')
    .select('c.id')
    .where('c.id', '=', model.id)
    .where(dataScope(CUSTOMER_SCOPE, actor, 'all', await loadBranchIndex(db)))
    .executeTakeFirst();
  if (!visible) throw forbidden(`没有权限关联此${label}`);
}

/** Creates the task and notifies the assignee ("{creator} 给你分配了任务：{title}") once it is committed. */
export async function createTask(ctx: AppContext, actor: Actor, input: TaskInput): Promise<number> {
  const now = ctx.clock().toISOString();
  return transact(ctx, async (tx) => {
    await assertAssignable(tx, input.assigneeId);
    if (input.model) await assertModel(tx, actor, input.model);
    const { id } = await tx
      .insertInto('tasks')
      .values({
        title: input.title,
        cont: input.cont,
        status: TASK_STATUS.open,
        type: input.type,
        grade: input.grade,
        end_time: input.endTime,
        created_by: actor.userId,
        assignee_id: input.assigneeId,
        model_id: input.model?.id ?? null,
        model_type: input.model?.type ?? null,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // A task given to oneself needs no announcement.
    if (input.assigneeId !== actor.userId) {
      await notify(
        ctx,
        { userIds: [input.assigneeId], cont: `${actor.nickName} 给你分配了任务：${input.title}`, kind: 'task', modelType: 'task', modelId: id },
        tx,
      );
    }
    return id;
  });
}

export async function listTasks(ctx: AppContext, actor: Actor, q: TaskListQuery): Promise<ListReply<TaskRow>> {
  let base = ctx.db.selectFrom('tasks as t').where(q.scene === 'mine' ? 't.assignee_id' : 't.created_by', '=', actor.userId);
  if (q.status !== undefined) base = base.where('t.status', '=', q.status);
  const { n } = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const total = Number(n);
  if (total === 0 || (q.page - 1) * q.rows >= total) return { rows: [], total };
  const page = await base
    .select('t.id')
    .orderBy('t.id', 'desc')
    .limit(q.rows)
    .offset((q.page - 1) * q.rows)
    .execute();
  const ids = page.map((r) => r.id);
  const rows = await taskRows(ctx.db).where('t.id', 'in', ids).execute();
  const byId = new Map(rows.map((r) => [r.id, toRow(r)]));
  return { rows: ids.map((id) => byId.get(id)).filter((r): r is TaskRow => r !== undefined), total };
}

export async function taskDetail(ctx: AppContext, actor: Actor, id: number): Promise<TaskRow> {
  const row = await taskRows(ctx.db).where('t.id', '=', id).executeTakeFirst();
  if (!row) throw notFound(MSG_TASK_NOT_FOUND);
  return toRow(row);
}

const CLOSED_MESSAGE: Record<number, string> = { [TASK_STATUS.done]: '任务已完成', [TASK_STATUS.refused]: '任务已拒绝' };

/**
 * Completes (2) or refuses (3) an open task. Completing: the assignee or the creator, and not a task
 * of type 2 (those complete through a comment). Refusing: the assignee only. The other party is told.
 * The update is conditional on the task still being open, so two simultaneous actions cannot both win.
 */
export async function actOnTask(ctx: AppContext, actor: Actor, id: number, status: typeof TASK_STATUS.done | typeof TASK_STATUS.refused): Promise<void> {
  const now = ctx.clock().toISOString();
  await transact(ctx, async (tx) => {
    const task = await tx.selectFrom('tasks').select(['id', 'title', 'status', 'type', 'created_by', 'assignee_id']).where('id', '=', id).executeTakeFirst();
    if (!task) throw notFound(MSG_TASK_NOT_FOUND);
    if (status === TASK_STATUS.refused && task.assignee_id !== actor.userId) throw forbidden('只有任务负责人可以拒绝任务');
    if (status === TASK_STATUS.done && task.type === TASK_TYPE.commentToComplete) throw badRequest('此任务需通过评论完成');
    const updated = await tx
      .updateTable('tasks')
      .set({ status, updated_at: now })
      .where('id', '=', id)
      .where('status', '=', TASK_STATUS.open)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) {
      const current = await tx.selectFrom('tasks').select('status').where('id', '=', id).executeTakeFirst();
      throw badRequest(CLOSED_MESSAGE[current?.status ?? -1] ?? MSG_TASK_NOT_FOUND);
    }
    await tellOtherParty(ctx, tx, actor, task, status === TASK_STATUS.done ? '完成了任务' : '拒绝了任务');
  });
}

async function tellOtherParty(
  ctx: AppContext,
  tx: DbTx,
  actor: Actor,
  task: { id: number; title: string; created_by: number | null; assignee_id: number | null },
  verb: string,
) {
  const other = actor.userId === task.assignee_id ? task.created_by : task.assignee_id;
  if (other === null || other === actor.userId) return;
  await notify(ctx, { userIds: [other], cont: `${actor.nickName} ${verb}：${task.title}`, kind: 'task', modelType: 'task', modelId: task.id }, tx);
}

/** Deletes the creator's own tasks, all or none. */
export async function deleteTasks(ctx: AppContext, actor: Actor, ids: number[]): Promise<void> {
  await transact(ctx, async (tx) => {
    const tasks = await tx.selectFrom('tasks').select(['id', 'created_by']).where('id', 'in', ids).execute();
    if (tasks.length !== ids.length) throw notFound(MSG_TASK_NOT_FOUND);
    await tx.deleteFrom('tasks').where('id', 'in', ids).execute();
  });
}
