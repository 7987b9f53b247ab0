import { Done, TaskCreatedReply, TaskDetailReply, TaskListReply } from '@portal/shared-contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../app-context';
import type { ActorResolver } from '../../../http/auth';
import { success } from '../../../http/envelope';
import { defineRoute, mountRoutes } from '../../../http/route';
import { actOnTask, createTask, deleteTasks, listTasks, taskDetail } from './task.service';
import { TaskActionInput, TaskFields, TaskIdInput, TaskIdsInput, TaskListInput, toTaskInput } from './task.validation';
import { taskAct, taskDelete, taskRead } from './task.policy';
import { TASK_MASK } from './task.types';

/**
 * Tasks need a login only: every member of staff can give and receive tasks, and each call is limited
 * to the tasks the user created or was given (checked in the service).
 */
export function registerTaskRoutes(app: FastifyInstance, ctx: AppContext, resolve: ActorResolver): void {
  mountRoutes(app, resolve, [
    defineRoute({
      method: 'POST',
      url: '/api/task/add',
      summary: '新建任务（指派给负责人，负责人收到消息提醒）',
      tag: 'oa',
      access: 'login',
      record: 'none',
      input: TaskFields,
      reply: TaskCreatedReply,
      handler: async ({ input, actor }) => success('添加成功', { id: await createTask(ctx, actor, toTaskInput(input)) }),
    }),

    defineRoute({
      method: 'POST',
      url: '/api/task/index',
      summary: '任务列表（scene：mine 我负责的，created 我创建的）',
      tag: 'oa',
      access: 'login',
      record: 'list',
      mask: TASK_MASK,
      input: TaskListInput,
      reply: TaskListReply,
      handler: async ({ input, actor }) => listTasks(ctx, actor, input),
    }),

    defineRoute({
      method: 'POST',
      url: '/api/task/detail',
      summary: '任务详情',
      tag: 'oa',
      access: 'login',
      record: taskRead('id'),
      mask: TASK_MASK,
      input: TaskIdInput,
      reply: TaskDetailReply,
      handler: async ({ input, actor }) => success('获取成功', await taskDetail(ctx, actor, input.id)),
    }),

    defineRoute({
      method: 'POST',
      url: '/api/task/action',
      summary: '完成（status=2）或拒绝（status=3）指派给自己的任务',
      tag: 'oa',
      access: 'login',
      record: taskAct('id'),
      input: TaskActionInput,
      reply: Done,
      handler: async ({ input, actor }) => {
        await actOnTask(ctx, actor, input.id, input.status);
        return success('操作成功');
      },
    }),

    defineRoute({
      method: 'POST',
      url: '/api/task/delete',
      summary: '删除自己创建的任务',
      tag: 'oa',
      access: 'login',
      record: taskDelete('ids'),
      input: TaskIdsInput,
      reply: Done,
      handler: async ({ input, actor }) => {
        await deleteTasks(ctx, actor, input.ids);
        return success('删除成功');
      },
    }),
  ]);
}
