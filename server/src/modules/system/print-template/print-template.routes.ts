/**
 * 打印模板 (api/printTemp/*): HTML templates with {{field}} placeholders per record type (contract,
 * entry, baoxiao, customer). Everyone logged in lists them (printing a record picks one); holders of
 * 基础设置 edit (system `basic:edit`) create, edit, enable/disable and delete them.
 */
import { Done } from '@portal/shared-contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../app-context';
import { transact } from '../../../db/transact';
import { can, type ActorResolver } from '../../../http/auth';
import { success } from '../../../http/envelope';
import { notFound } from '../../../http/errors';
import { Fields, Id, OneOf, Paging, RequiredText, Text } from '../../../http/input-fields';
import { defineRoute, mountRoutes } from '../../../http/route';
import { formatShanghai } from '../../../lib/time';
import { containsAny } from '../../shared/contains-search';

export const PRINT_MODULES = ['contract', 'entry', 'baoxiao', 'customer'] as const;

const TemplateFields = {
  name: RequiredText('模板名称', 50),
  module: OneOf('适用单据', PRINT_MODULES, undefined, { messages: { missing: '请选择适用单据' } }),
  content: RequiredText('模板内容', 100_000),
};

export function registerPrintTemplateRoutes(app: FastifyInstance, ctx: AppContext, resolve: ActorResolver): void {
  const find = async (id: number) => {
    const row = await ctx.db.selectFrom('print_templates').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw notFound('打印模板不存在');
    return row;
  };
  mountRoutes(app, resolve, [
    defineRoute({
      method: 'POST',
      url: '/api/printTemp/index',
      summary: '打印模板列表（按名称搜索、按单据和状态筛选）',
      tag: 'system',
      access: 'login',
      record: 'none',
      input: Fields({ ...Paging(20), key: Text('关键词', 50), module: Text('适用单据', 30), status: Text('状态', 1, { pattern: '^[01]?$' }) }),
      handler: async ({ input }) => {
        let base = ctx.db.selectFrom('print_templates as t');
        if (input.key) base = base.where(containsAny(ctx.dialect, ['t.name'], input.key));
        if (input.module) base = base.where('t.module', '=', input.module);
        if (input.status !== '') base = base.where('t.status', '=', Number(input.status));
        const { n } = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
        const rows = await base
          .leftJoin('users as u', 'u.id', 't.created_by')
          .select(['t.id', 't.name', 't.module', 't.status', 't.updated_at', 'u.nick_name'])
          .orderBy('t.id', 'desc')
          .limit(input.rows)
          .offset((input.page - 1) * input.rows)
          .execute();
        return { rows: rows.map((r) => ({ id: r.id, name: r.name, module: r.module, status: r.status, UserName: r.nick_name ?? '', UpdateTime: formatShanghai(r.updated_at) })), total: Number(n) };
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/api/printTemp/detail',
      summary: '打印模板详情（含模板内容）',
      tag: 'system',
      access: 'login',
      record: 'none',
      input: Fields({ id: Id('打印模板') }),
      handler: async ({ input }) => {
        const t = await find(input.id);
        return success('获取成功', { id: t.id, name: t.name, module: t.module, content: t.content, status: t.status });
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/api/printTemp/add',
      summary: '新建打印模板',
      tag: 'system',
      access: can('system', 'basic:edit'),
      record: 'none',
      input: Fields(TemplateFields),
      handler: async ({ input, actor }) => {
        const now = ctx.clock().toISOString();
        const row = await ctx.db
          .insertInto('print_templates')
          .values({ name: input.name, module: input.module, content: input.content, status: 1, created_by: actor.userId, created_at: now, updated_at: now })
          .returning('id')
          .executeTakeFirstOrThrow();
        return success('添加成功', { id: row.id });
      },
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
        await find(input.id);
        await ctx.db.updateTable('print_templates').set({ name: input.name, module: input.module, content: input.content, updated_at: ctx.clock().toISOString() }).where('id', '=', input.id).execute();
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
      handler: async ({ input }) => {
        const next = await transact(ctx, async (tx) => {
          const t = await tx.selectFrom('print_templates').select('status').where('id', '=', input.id).executeTakeFirst();
          if (!t) throw notFound('打印模板不存在');
          const status = t.status === 1 ? 0 : 1;
          await tx.updateTable('print_templates').set({ status, updated_at: ctx.clock().toISOString() }).where('id', '=', input.id).execute();
          return status;
        });
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
        await find(input.id);
        await ctx.db.deleteFrom('print_templates').where('id', '=', input.id).execute();
        return success('删除成功');
      },
    }),
  ]);
}
