/**
 * 打印模板: HTML templates with {{field}} placeholders per record type (contract, entry, baoxiao,
 * customer): list, read, create, edit, enable/disable and delete.
 */
import type { PrintTemplateDetail, PrintTemplateRow } from '@portal/shared-contract';
import type { AppContext } from '../../../app-context';
import { transact } from '../../../db/transact';
import type { ListReply } from '../../../http/envelope';
import { notFound } from '../../../http/errors';
import { formatShanghai } from '../../../lib/time';
import type { Actor } from '../../auth/session/actor';
import { containsAny } from '../../shared/contains-search';

export const PRINT_MODULES = ['contract', 'entry', 'baoxiao', 'customer'] as const;

export type TemplateInput = { name: string; module: (typeof PRINT_MODULES)[number]; content: string };
export type TemplateFilter = { page: number; rows: number; key: string; module: string; status: string };

async function findTemplate(ctx: AppContext, id: number) {
  const row = await ctx.db.selectFrom('print_templates').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound('打印模板不存在');
  return row;
}

/** By name (contains), record type and status ('' any), newest first. */
export async function listTemplates(ctx: AppContext, input: TemplateFilter): Promise<ListReply<PrintTemplateRow>> {
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
  return {
    rows: rows.map((r) => ({
      id: r.id,
      name: r.name,
      module: r.module,
      status: r.status,
      UserName: r.nick_name ?? '',
      UpdateTime: formatShanghai(r.updated_at),
    })),
    total: Number(n),
  };
}

export async function templateDetail(ctx: AppContext, id: number): Promise<PrintTemplateDetail> {
  const t = await findTemplate(ctx, id);
  return { id: t.id, name: t.name, module: t.module, content: t.content, status: t.status };
}

/** A new template, enabled. */
export async function addTemplate(ctx: AppContext, actor: Actor, input: TemplateInput): Promise<number> {
  const now = ctx.clock().toISOString();
  const row = await ctx.db
    .insertInto('print_templates')
    .values({ name: input.name, module: input.module, content: input.content, status: 1, created_by: actor.userId, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function editTemplate(ctx: AppContext, id: number, input: TemplateInput): Promise<void> {
  await findTemplate(ctx, id);
  await ctx.db
    .updateTable('print_templates')
    .set({ name: input.name, module: input.module, content: input.content, updated_at: ctx.clock().toISOString() })
    .where('id', '=', id)
    .execute();
}

/** Enables a disabled template or disables an enabled one; returns the new status. */
export async function toggleTemplate(ctx: AppContext, id: number): Promise<number> {
  return transact(ctx, async (tx) => {
    const t = await tx.selectFrom('print_templates').select('status').where('id', '=', id).executeTakeFirst();
    if (!t) throw notFound('打印模板不存在');
    const status = t.status === 1 ? 0 : 1;
    await tx.updateTable('print_templates').set({ status, updated_at: ctx.clock().toISOString() }).where('id', '=', id).execute();
    return status;
  });
}

export async function deleteTemplate(ctx: AppContext, id: number): Promise<void> {
  await findTemplate(ctx, id);
  await ctx.db.deleteFrom('print_templates').where('id', '=', id).execute();
}
