/** Who may reach a task (record policies, http/record-policy.ts): personal work, so no role or data scope widens it. */
import { peoplesRecordPolicy } from '../../shared/people-records';
import { MSG_TASK_NOT_FOUND } from './task.service';

const task = { labels: ['任务'], table: 'tasks', missing: MSG_TASK_NOT_FOUND } as const;

export const taskRead = peoplesRecordPolicy({
  ...task,
  name: 'task:read',
  summary: '任务：限创建人和负责人',
  people: ['created_by', 'assignee_id'],
  refused: '没有权限查看此任务',
});
export const taskAct = peoplesRecordPolicy({
  ...task,
  name: 'task:act',
  summary: '任务：限创建人和负责人',
  people: ['created_by', 'assignee_id'],
  refused: '只有任务的负责人或创建人可以操作此任务',
});
export const taskDelete = peoplesRecordPolicy({
  ...task,
  name: 'task:delete',
  summary: '任务：限创建人',
  people: ['created_by'],
  refused: '只能删除自己创建的任务',
});
