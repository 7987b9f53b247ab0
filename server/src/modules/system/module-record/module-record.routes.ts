import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../app-context';
import { actorOf, guarded, type ActorResolver } from '../../../http/auth';
import { success } from '../../../http/envelope';
import { badRequest } from '../../../http/errors';
import { idList, integer, requestInput, type Input } from '../../../http/input';
import { apiPath } from '../../../http/url';
import { addRecord, deleteRecords, editRecord, listRecords, moduleForm, MSG_RECORD_NOT_FOUND, parseRecordData, recordDetail } from './module-record.service';

function recordId(input: Input): number {
  const id = integer(input, 'id', undefined, { min: 1, message: MSG_RECORD_NOT_FOUND });
  if (id === undefined) throw badRequest('请选择记录');
  return id;
}

/** api/module/*: records of custom forms, validated against the form's field definitions. */
export function registerModuleRecordRoutes(app: FastifyInstance, ctx: AppContext, resolve: ActorResolver): void {
  app.post(apiPath('/api/module/add'), { preHandler: guarded(resolve) }, async (request) => {
    const input = requestInput(request);
    const form = await moduleForm(ctx.db, input);
    const id = await addRecord(ctx, actorOf(request), form, parseRecordData(input));
    return success('保存成功', { id });
  });

  app.post(apiPath('/api/module/Edit'), { preHandler: guarded(resolve) }, async (request) => {
    const input = requestInput(request);
    const form = await moduleForm(ctx.db, input);
    const id = recordId(input);
    await editRecord(ctx, actorOf(request), form, id, parseRecordData(input));
    return success('保存成功', { id });
  });

  app.post(apiPath('/api/module/detail'), { preHandler: guarded(resolve) }, async (request) => {
    const input = requestInput(request);
    const form = await moduleForm(ctx.db, input);
    return success('获取成功', await recordDetail(ctx, actorOf(request), form, recordId(input)));
  });

  app.post(apiPath('/api/module/index'), { preHandler: guarded(resolve) }, async (request) => {
    const input = requestInput(request);
    const form = await moduleForm(ctx.db, input);
    const page = integer(input, 'page', 1, { min: 1, max: 1_000_000, message: '页码必须是正整数' });
    const rows = integer(input, 'rows', 10, { min: 1, max: 200, message: '每页条数必须是1到200之间的整数' });
    return listRecords(ctx, actorOf(request), form, page, rows);
  });

  /** {ids, module?}: with module, every id must be a record of that form. */
  app.post(apiPath('/api/module/delete'), { preHandler: guarded(resolve) }, async (request) => {
    const input = requestInput(request);
    const ids = idList(input, 'ids', { missing: '请选择要删除的记录', invalid: MSG_RECORD_NOT_FOUND });
    if (ids.length > 1000) throw badRequest('一次最多删除1000条记录');
    const form = input.module === undefined || input.module === '' ? undefined : await moduleForm(ctx.db, input);
    await deleteRecords(ctx, actorOf(request), form, ids);
    return success('删除成功');
  });
}
