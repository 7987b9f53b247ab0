import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../app-context';
import { actorOf, guarded, type ActorResolver } from '../../../http/auth';
import { badRequest } from '../../../http/errors';
import { success } from '../../../http/envelope';
import { idList, integer, requestInput } from '../../../http/input';
import { apiPath } from '../../../http/url';
import { actOnTask, createTask, deleteTasks, listTasks, MSG_TASK_NOT_FOUND, taskDetail } from './task.service';
import { TASK_STATUS } from './task.types';
import { parseTaskId, parseTaskInput, parseTaskListQuery } from './task.validation';

/**
 * Tasks need a login only: every member of staff can give and receive tasks, and each call is limited
 * to the tasks the user created or was given (checked in the service).
 */
export function registerTaskRoutes(app: FastifyInstance, ctx: AppContext, resolve: ActorResolver): void {
  app.post(apiPath('/api/task/add'), { preHandler: guarded(resolve) }, async (request) => {
    const id = await createTask(ctx, actorOf(request), parseTaskInput(requestInput(request)));
    return success('添加成功', { id });
  });

  app.post(apiPath('/api/task/index'), { preHandler: guarded(resolve) }, async (request) => listTasks(ctx, actorOf(request), parseTaskListQuery(requestInput(request))));

  app.post(apiPath('/api/task/detail'), { preHandler: guarded(resolve) }, async (request) => {
    return success('获取成功', await taskDetail(ctx, actorOf(request), parseTaskId(requestInput(request))));
  });

  app.post(apiPath('/api/task/action'), { preHandler: guarded(resolve) }, async (request) => {
    const input = requestInput(request);
    const id = parseTaskId(input);
    const status = integer(input, 'status', undefined, { min: 0, message: '任务状态不正确' });
    if (status !== TASK_STATUS.done && status !== TASK_STATUS.refused) throw badRequest('任务状态不正确');
    await actOnTask(ctx, actorOf(request), id, status);
    return success('操作成功');
  });

  app.post(apiPath('/api/task/delete'), { preHandler: guarded(resolve) }, async (request) => {
    const ids = idList(requestInput(request), 'ids', { missing: '请选择要删除的任务', invalid: MSG_TASK_NOT_FOUND });
    if (ids.length > 1000) throw badRequest('一次最多删除1000个任务');
    await deleteTasks(ctx, actorOf(request), ids);
    return success('删除成功');
  });
}
