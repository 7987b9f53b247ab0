import type { Insertable } from 'kysely';
import type { DbTx } from '../database';
import type { NotificationTable } from '../schema';

/**
 * Demo tasks, notifications and customer assignments, so that the notification drawer, the task
 * lists and the 再分配 badge show something on first start. Texts match what the running system
 * writes for the same events (oa/task, crm/customer/customer-assignment, notification/approval-waiting).
 */
type SeedUser = { id: number; username: string; nickName: string };

const HOUR = 3600_000;

export async function seedTasksAndNotifications(tx: DbTx, o: { now: Date; users: SeedUser[] }): Promise<void> {
  const by = new Map(o.users.map((u) => [u.username, u]));
  const user = (name: string): SeedUser => {
    const u = by.get(name);
    if (!u) throw new Error(`demo user ${name} missing`);
    return u;
  };
  const at = (hoursAgo: number) => new Date(o.now.getTime() - hoursAgo * HOUR).toISOString();
  const manager = user('manager1');
  const sales1 = user('sales1');
  const sales2 = user('sales2');
  const admin = user('admin');

  const owned = await tx
    .selectFrom('customers')
    .select(['id', 'customer_name'])
    .where('owner_id', '=', sales1.id)
    .where('gonghai', '=', 0)
    .orderBy('id')
    .limit(4)
    .execute();
  const customer = owned[0];

  // Notifications are inserted oldest first, as they would have been created (the list pages by id).
  const notes: Insertable<NotificationTable>[] = [];
  const tasks = [
    {
      title: '整理本周客户回访记录',
      cont: '周五前把本周电话回访的结果整理到跟进记录里。',
      from: manager,
      to: sales1,
      status: 0,
      hoursAgo: 3,
      endInHours: 48,
      model: null,
    },
    {
      title: customer ? `给${customer.customer_name}发送报价单` : '发送报价单',
      cont: '按上次沟通的数量重新核算价格后发送。',
      from: manager,
      to: sales1,
      status: 0,
      hoursAgo: 26,
      endInHours: 24,
      model: customer ? { type: 2, id: customer.id } : null,
    },
    { title: '准备季度销售总结', cont: '', from: manager, to: sales1, status: 2, hoursAgo: 120, endInHours: -24, model: null },
    { title: '协助核对合同付款节点', cont: '和财务确认首付款到账时间。', from: sales1, to: sales2, status: 0, hoursAgo: 5, endInHours: 72, model: null },
    { title: '审核销售一部的客户分配', cont: '', from: admin, to: manager, status: 0, hoursAgo: 30, endInHours: 96, model: null },
  ];
  for (const t of tasks) {
    const created = at(t.hoursAgo);
    const { id } = await tx
      .insertInto('tasks')
      .values({
        title: t.title,
        cont: t.cont,
        status: t.status,
        type: 1,
        grade: '',
        end_time: new Date(o.now.getTime() + t.endInHours * HOUR).toISOString(),
        created_by: t.from.id,
        assignee_id: t.to.id,
        model_id: t.model?.id ?? null,
        model_type: t.model?.type ?? null,
        created_at: created,
        updated_at: created,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const read = t.status !== 0;
    notes.push({
      user_id: t.to.id,
      cont: `${t.from.nickName} 给你分配了任务：${t.title}`,
      kind: 'task',
      model_type: 'task',
      model_id: id,
      is_read: read ? 1 : 0,
      created_at: created,
      read_at: read ? created : null,
    });
  }

  // Three customers reassigned to 李娜 by her manager yesterday, not opened yet.
  const reassigned = owned.slice(1, 4);
  if (reassigned.length > 0) {
    const assignedAt = at(20);
    await tx
      .insertInto('customer_assignments')
      .values(reassigned.map((c) => ({ customer_id: c.id, user_id: sales1.id, assigned_by: manager.id, assigned_at: assignedAt, seen: 0 })))
      .execute();
    notes.push({
      user_id: sales1.id,
      cont: `${manager.nickName} 将 ${reassigned.length} 个客户分配给你`,
      kind: 'customer',
      model_type: 'customer',
      model_id: null,
      is_read: 0,
      created_at: assignedAt,
      read_at: null,
    });
  }

  notes.push({
    user_id: manager.id,
    cont: `你有一个新的审批待处理：差旅费报销（${sales1.nickName}）`,
    kind: 'approval',
    model_type: 'approval',
    model_id: null,
    is_read: 0,
    created_at: at(2),
    read_at: null,
  });
  notes.sort((a, b) => a.created_at.localeCompare(b.created_at));
  await tx.insertInto('notifications').values(notes).execute();
}
