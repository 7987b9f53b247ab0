/**
 * The customer list's batch tools (更多 menu): import from .xlsx (preview → dry run → import),
 * background export of the current filter, and 查重. Import needs crm `customer/watched:import`, export
 * `customer/watched:export`, 查重 (checked before creating a customer) `customer/watched:create`; data
 * scope as the list.
 */
import { CustomerDuplicateListReply, CustomerExportProgressReply, CustomerExportStartReply } from '@portal/shared-contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../app-context';
import { can, demand, type ActorResolver } from '../../../http/auth';
import { success } from '../../../http/envelope';
import { Fields, RequiredText, Text } from '../../../http/input-fields';
import { defineRoute, mountRoutes } from '../../../http/route';
import { createExportJobs } from '../../shared/batch/export-jobs';
import { registerImportRoutes } from '../../shared/batch/import-routes';
import { openTempFiles } from '../../shared/batch/temp-files';
import { sendXlsx, writeXlsx } from '../../shared/batch/xlsx-write';
import { findDuplicateCustomers } from './customer-duplicate';
import { customerExportSource } from './customer-export';
import { createCustomerImport, createPoolImport, customerImportTemplate } from './customer-import';
import { CREATE_CUSTOMERS } from './customer.routes';
import { CustomerListInput, toListQuery } from './customer.validation';
import { viewPageRight } from './customer-views';

export const IMPORT_CUSTOMERS = can('crm', 'customer/watched:import');
/** 公海客户 › 批量导入 (straight into the pool): the pool page's own import right. */
export const IMPORT_POOL_CUSTOMERS = can('crm', 'customer/total:import');
export const EXPORT_CUSTOMERS = can('crm', 'customer/watched:export');

const ExportJob = Fields({ jobId: RequiredText('导出任务', 64) });

export function registerCustomerBatchRoutes(app: FastifyInstance, ctx: AppContext, resolve: ActorResolver): void {
  const temp = openTempFiles(app, ctx.config);
  const imports = createCustomerImport(ctx, temp);
  const poolImports = createPoolImport(ctx, temp);
  const exportJobs = createExportJobs(ctx, temp, 'customer');

  registerImportRoutes(app, resolve, {
    base: '/api/customer/',
    tag: 'crm',
    access: IMPORT_CUSTOMERS,
    imports,
    temp,
    docs: {
      preview: { summary: '导入客户：上传 .xlsx，返回表头、样例行和建议的字段对应关系（不写入数据）' },
      dryRun: { summary: '导入客户：按字段对应关系检查每一行（不写入），列出未通过的行及原因' },
      rejected: { summary: '导入客户：下载上次检查未通过的行（.xlsx）' },
      run: { summary: '导入客户：在一个事务中写入全部有效行（负责人为导入者）' },
    },
    rejectedFileName: '未通过的客户数据.xlsx',
    done: (result) => `成功导入${result.imported}条客户`,
  });
  registerImportRoutes(app, resolve, {
    base: '/api/customer/Pool',
    tag: 'crm',
    access: IMPORT_POOL_CUSTOMERS,
    imports: poolImports,
    temp,
    docs: {
      preview: { summary: '导入公海客户：上传 .xlsx，返回表头、样例行和建议的字段对应关系（不写入数据）' },
      dryRun: {
        summary: '导入公海客户：检查每一行（不写入），逐行说明导入、跳过（重复）或不通过及原因',
        description: 'duplicates=skip 跳过与已有客户（客户名称或手机号码）重复的行，new 导入为新客户；黑名单中的客户名称或手机号码总是不通过。',
      },
      rejected: { summary: '导入公海客户：下载上次检查未通过和跳过的行（.xlsx）' },
      run: { summary: '导入公海客户：在一个事务中把全部有效行导入公海（无负责人，操作日志记为导入公海）' },
    },
    rejectedFileName: '未导入的公海客户数据.xlsx',
    done: (result) => `成功导入${result.imported}条客户到公海${result.skipped ? `，跳过${result.skipped}条重复客户` : ''}`,
  });

  const template = (url: string, access: typeof IMPORT_CUSTOMERS, what: string, downloadName: string) =>
    defineRoute({
      method: 'GET',
      url,
      summary: `${what}：下载模板（.xlsx：各列标题和一行示例；字段权限隐藏的字段不在其中）`,
      tag: 'crm',
      access,
      record: 'self',
      input: Fields({}),
      handler: async ({ actor, reply }) => {
        const { headers, example } = await customerImportTemplate(ctx.db, actor);
        const file = temp.fileOf('template-customer', temp.newToken(), '.xlsx');
        await writeXlsx(file, '客户', headers, async (addRow) => addRow(example));
        return sendXlsx(reply, file, downloadName, () => temp.remove(file));
      },
    });

  mountRoutes(app, resolve, [
    template('/api/customer/ImportTemplate', IMPORT_CUSTOMERS, '导入客户', '客户导入模板.xlsx'),
    template('/api/customer/PoolImportTemplate', IMPORT_POOL_CUSTOMERS, '导入公海客户', '公海客户导入模板.xlsx'),
    defineRoute({
      method: 'POST',
      url: '/api/customer/ExportStart',
      summary: '导出客户：按列表当前的筛选条件在后台生成 .xlsx',
      description: 'gonghai=1 另需 crm customer/total 页面权限。',
      tag: 'crm',
      access: EXPORT_CUSTOMERS,
      record: 'list',
      input: CustomerListInput,
      reply: CustomerExportStartReply,
      handler: async ({ input, actor }) => {
        const query = toListQuery(input);
        demand(actor, viewPageRight(query.view));
        const job = await exportJobs.start(actor, await customerExportSource(ctx, actor, query));
        return success('导出已开始', job);
      },
    }),

    defineRoute({
      method: 'POST',
      url: '/api/customer/ExportProgress',
      summary: '导出客户：进度',
      tag: 'crm',
      access: EXPORT_CUSTOMERS,
      record: 'self',
      input: ExportJob,
      reply: CustomerExportProgressReply,
      handler: async ({ input, actor }) => success('', exportJobs.progress(actor, input.jobId)),
    }),

    defineRoute({
      method: 'GET',
      url: '/api/customer/ExportDownload',
      summary: '导出客户：下载生成的 .xlsx（?jobId=）',
      tag: 'crm',
      access: EXPORT_CUSTOMERS,
      record: 'self',
      input: ExportJob,
      handler: async ({ input, actor, reply }) => {
        const download = exportJobs.download(actor, input.jobId);
        return sendXlsx(reply, download.file, download.downloadName, download.finish);
      },
    }),

    defineRoute({
      method: 'POST',
      url: '/api/customer/CheckDuplicate',
      summary: '查重：按客户名称、手机号码、微信或QQ查找已有客户（范围外只显示名称、负责人和时间）',
      tag: 'crm',
      access: CREATE_CUSTOMERS,
      record: 'list',
      mask: { entity: 'customer' },
      input: Fields({ name: Text('客户名称', 100), mobile: Text('手机号码', 30), wechat: Text('微信', 50), qq: Text('QQ', 20) }),
      reply: CustomerDuplicateListReply,
      handler: async ({ input, actor }) => {
        const rows = await findDuplicateCustomers(ctx, actor, input);
        return { rows, total: rows.length };
      },
    }),
  ]);
}
