/**
 * 打印模板 (api/printTemp/*): HTML templates with {{field}} placeholders per record type (contract,
 * entry, baoxiao, customer). Everyone logged in lists them (printing a record picks one); holders of
 * 基础设置 edit (system `basic:edit`) create, edit, enable/disable and delete them.
 */
import { Done, PrintTemplateAddedReply, PrintTemplateDetailReply, PrintTemplateListReply, PrintTemplateStatusReply } from '@portal/shared-contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../app-context';
import { can, type ActorResolver } from '../../../http/auth';
import { success } from '../../../http/envelope';
import { Fields, Id, OneOf, Paging, RequiredText, Text } from '../../../http/input-fields';
import { defineRoute, mountRoutes } from '../../../http/route';
import { addTemplate, deleteTemplate, editTemplate, listTemplates, PRINT_MODULES, templateDetail, toggleTemplate } from './print-template.service';

const TemplateFields = {
  name: RequiredText('模板名称', 50),
  module: OneOf('适用单据', PRINT_MODULES, undefined, { messages: { missing: '请选择适用单据' } }),
  content: RequiredText('模板内容', 100_000),
};

export function registerPrintTemplateRoutes(app: FastifyInstance, ctx: AppContext, resolve: ActorResolver): void {
  mountRoutes(app, resolve, [
    defineRoute({
      method: 'POST',
      url: '/api/printTemp/index',
      summary: '打印模板列表（按名称搜索、按单据和状态筛选）',
      tag: 'system',
      access: 'login',
      record: 'none',
      input: Fields({ ...Paging(20), key: Text('关键词', 50), module: Text('适用单据', 30), status: Text('状态', 1, { pattern: '^[01]?$' }) }),
      reply: PrintTemplateListReply,
      handler: async ({ input }) => listTemplates(ctx, input),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/printTemp/detail',
      summary: '打印模板详情（含模板内容）',
      tag: 'system',
      access: 'login',
      record: 'none',
      input: Fields({ id: Id('打印模板') }),
      reply: PrintTemplateDetailReply,
      handler: async ({ input }) => success('获取成功', await templateDetail(ctx, input.id)),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/printTemp/add',
      summary: '新建打印模板',
      tag: 'system',
      access: can('system', 'basic:edit'),
      record: 'none',
      input: Fields(TemplateFields),
      reply: PrintTemplateAddedReply,
      handler: async ({ input, actor }) => success('添加成功', { id: await addTemplate(ctx, actor, input) }),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/printTemp/edit',
      summary: '保存打印模板',
      tag: 'system',
      access: can('system', 'basic:edit'),
      record: 'none',
      input: Fields({ id: Id('打印模板'), ...TemplateFields }),
      reply: Done,
      handler: async ({ input }) => {
        await editTemplate(ctx, input.id, input);
        return success('保存成功');
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/api/printTemp/status',
      summary: '启用或停用打印模板（切换）',
      tag: 'system',
      access: can('system', 'basic:edit'),
      record: 'none',
      input: Fields({ id: Id('打印模板') }),
      reply: PrintTemplateStatusReply,
      handler: async ({ input }) => {
        const next = await toggleTemplate(ctx, input.id);
        return success(next === 1 ? '已启用' : '已停用', { status: next });
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/api/printTemp/delete',
      summary: '删除打印模板',
      tag: 'system',
      access: can('system', 'basic:edit'),
      record: 'none',
      input: Fields({ id: Id('打印模板') }),
      reply: Done,
      handler: async ({ input }) => {
        await deleteTemplate(ctx, input.id);
        return success('删除成功');
      },
    }),
  ]);
}
