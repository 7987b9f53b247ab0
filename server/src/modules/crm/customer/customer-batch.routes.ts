/**
 * The customer list's batch tools (更多 menu): import from .xlsx (preview → dry run → import),
 * background export of the current filter, and 查重. Permissions as the list (export, 查重) and the
 * create form (import); data scope as the list.
 */
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../app-context';
import { actorOf, guarded, type ActorResolver } from '../../../http/auth';
import { success } from '../../../http/envelope';
import { forbidden } from '../../../http/errors';
import { requestInput, text } from '../../../http/input';
import { apiPath } from '../../../http/url';
import { createExportJobs } from '../../shared/batch/export-jobs';
import { openTempFiles } from '../../shared/batch/temp-files';
import { IMPORT_MAX_BYTES } from '../../shared/batch/xlsx-read';
import { sendXlsx } from '../../shared/batch/xlsx-write';
import { hasRight } from '../../system/role/permission-tree';
import { findDuplicateCustomers, parseDuplicateQuery } from './customer-duplicate';
import { customerExportSource } from './customer-export';
import { createCustomerImport } from './customer-import';
import { EDIT_CUSTOMERS, VIEW_CUSTOMERS } from './customer.routes';
import { parseListQuery } from './customer.validation';

export function registerCustomerBatchRoutes(app: FastifyInstance, ctx: AppContext, resolve: ActorResolver): void {
  const temp = openTempFiles(app, ctx.config);
  const imports = createCustomerImport(ctx, temp);
  const exports = createExportJobs(ctx, temp, 'customer');
  const canEdit = { preHandler: guarded(resolve, EDIT_CUSTOMERS) };
  const canView = { preHandler: guarded(resolve, VIEW_CUSTOMERS) };

  // The upload lives in its own scope so that it gets a multipart parser even when no other module
  // registered one, without clashing with one registered for the whole app.
  void app.register(async (scope) => {
    if (!scope.hasContentTypeParser('multipart/form-data')) {
      await scope.register(multipart, { limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 10 } });
    }
    scope.post(apiPath('/api/customer/ImportPreview'), canEdit, async (request) =>
      success('上传成功', await imports.preview(request, actorOf(request))),
    );
  });

  app.post(apiPath('/api/customer/ImportDryRun'), canEdit, async (request) =>
    success('检查完成', await imports.dryRun(actorOf(request), requestInput(request))),
  );

  app.post(apiPath('/api/customer/ImportRejected'), canEdit, async (request, reply) => {
    const file = await imports.rejectedWorkbook(actorOf(request), requestInput(request));
    return sendXlsx(reply, file, '未通过的客户数据.xlsx', () => temp.remove(file));
  });

  app.post(apiPath('/api/customer/Import'), canEdit, async (request) => {
    const result = await imports.run(actorOf(request), requestInput(request));
    return success(`成功导入${result.imported}条客户`, result);
  });

  app.post(apiPath('/api/customer/ExportStart'), canView, async (request) => {
    const actor = actorOf(request);
    const query = parseListQuery(requestInput(request));
    if (query.gonghai === 1 && !hasRight(actor.rights, 'crm', 'customer/total')) throw forbidden();
    const job = await exports.start(actor, await customerExportSource(ctx, actor, query));
    return success('导出已开始', job);
  });

  app.post(apiPath('/api/customer/ExportProgress'), canView, async (request) => {
    const jobId = text(requestInput(request), 'jobId', { label: '导出任务', required: true, max: 64 });
    return success('', exports.progress(actorOf(request), jobId));
  });

  app.get(apiPath('/api/customer/ExportDownload'), canView, async (request, reply) => {
    const jobId = text(requestInput(request), 'jobId', { label: '导出任务', required: true, max: 64 });
    const download = exports.download(actorOf(request), jobId);
    return sendXlsx(reply, download.file, download.downloadName, download.finish);
  });

  app.post(apiPath('/api/customer/CheckDuplicate'), canView, async (request) => {
    const query = parseDuplicateQuery(requestInput(request));
    const rows = await findDuplicateCustomers(ctx, actorOf(request), query);
    return { rows, total: rows.length };
  });

}
