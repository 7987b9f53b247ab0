/**
 * 数据字典 (system `status`): types and their values. A value still used by a record can be disabled
 * (it leaves the choices) but not deleted, nor can its stored value change; built-in types cannot be
 * deleted. "Used" is looked up where records keep the value as text (DICTIONARY_USAGE).
 */
import type { DictTypeRow, DictValueRow } from '@portal/shared-contract';
import { sql } from 'kysely';
import type { AppContext } from '../../../app-context';
import type { DbOrTx } from '../../../db/database';
import { transact } from '../../../db/transact';
import { badRequest, notFound } from '../../../http/errors';
import type { ListReply } from '../../../http/envelope';
import { containsAny } from '../../shared/contains-search';

/** Where records store a dictionary's values (as the value's text). Other areas add their columns here. */
export const DICTIONARY_USAGE: Readonly<Record<string, readonly { table: string; column: string; what: string }[]>> = {
  kehu_level: [{ table: 'customers', column: 'level', what: '客户' }],
  kehu_industry: [{ table: 'customers', column: 'industry', what: '客户' }],
};

/** The reply's shapes are the contract's (数据字典 reads the same types). */
export type { DictTypeRow, DictValueRow };
export type DictValueInput = { typeCode: string; label: string; value: string; colour: string; sortOrder: number; enabled: 0 | 1 };

export async function listTypes(ctx: AppContext): Promise<DictTypeRow[]> {
  const rows = await ctx.db
    .selectFrom('dict_types as t')
    .select(['t.code', 't.name', 't.sort_order', 't.built_in'])
    .select(sql<number>`(select count(*) from dict_values v where v.type_code = t.code)`.as('n'))
    .orderBy('t.sort_order')
    .orderBy('t.code')
    .execute();
  return rows.map((r) => ({ code: r.code, name: r.name, sortOrder: r.sort_order, builtIn: r.built_in, valueCount: Number(r.n) }));
}

export async function listValues(ctx: AppContext, q: { typeCode: string; key: string; page: number; rows: number }): Promise<ListReply<DictValueRow>> {
  let base = ctx.db.selectFrom('dict_values').where('type_code', '=', q.typeCode);
  if (q.key) base = base.where(containsAny(ctx.dialect, ['label', 'value'], q.key));
  const { n } = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await base
    .select(['id', 'type_code', 'label', 'value', 'colour', 'sort_order', 'enabled'])
    .orderBy('sort_order')
    .orderBy('id')
    .limit(q.rows)
    .offset((q.page - 1) * q.rows)
    .execute();
  return {
    rows: rows.map((r) => ({ id: r.id, typeCode: r.type_code, label: r.label, value: r.value, colour: r.colour, sortOrder: r.sort_order, enabled: r.enabled })),
    total: Number(n),
  };
}

/** How many records use a value (0 when its type is stored nowhere). */
export async function usageOf(db: DbOrTx, typeCode: string, value: string): Promise<{ count: number; what: string }> {
  for (const use of DICTIONARY_USAGE[typeCode] ?? []) {
    const r = await sql<{ n: number }>`select count(*) as n from ${sql.table(use.table)} where ${sql.ref(use.column)} = ${value}`.execute(db);
    const count = Number(r.rows[0]?.n ?? 0);
    if (count > 0) return { count, what: use.what };
  }
  return { count: 0, what: '' };
}

async function assertValueFree(db: DbOrTx, input: DictValueInput, exceptId?: number): Promise<void> {
  let q = db
    .selectFrom('dict_values')
    .select('id')
    .where('type_code', '=', input.typeCode)
    .where('value', '=', input.value || input.label);
  if (exceptId !== undefined) q = q.where('id', '<>', exceptId);
  if (await q.executeTakeFirst()) throw badRequest('该类型下已有相同的值');
}

export async function addValue(ctx: AppContext, input: DictValueInput): Promise<number> {
  return transact(ctx, async (tx) => {
    const type = await tx.selectFrom('dict_types').select('code').where('code', '=', input.typeCode).executeTakeFirst();
    if (!type) throw badRequest('字典类型不存在');
    await assertValueFree(tx, input);
    const row = await tx
      .insertInto('dict_values')
      .values({
        type_code: input.typeCode,
        label: input.label,
        value: input.value || input.label,
        colour: input.colour,
        sort_order: input.sortOrder,
        enabled: input.enabled,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  });
}

export async function editValue(ctx: AppContext, id: number, input: Omit<DictValueInput, 'typeCode'>): Promise<void> {
  await transact(ctx, async (tx) => {
    const current = await tx.selectFrom('dict_values').select(['type_code', 'value']).where('id', '=', id).executeTakeFirst();
    if (!current) throw notFound('字典值不存在');
    const value = input.value || input.label;
    if (value !== current.value) {
      const used = await usageOf(tx, current.type_code, current.value);
      if (used.count > 0) throw badRequest(`「${current.value}」已被${used.count}个${used.what}使用，不能修改取值，可以修改名称或停用`);
      await assertValueFree(tx, { ...input, typeCode: current.type_code }, id);
    }
    await tx
      .updateTable('dict_values')
      .set({ label: input.label, value, colour: input.colour, sort_order: input.sortOrder, enabled: input.enabled })
      .where('id', '=', id)
      .execute();
  });
}

export async function deleteValues(ctx: AppContext, ids: number[]): Promise<number> {
  return transact(ctx, async (tx) => {
    const rows = await tx.selectFrom('dict_values').select(['id', 'type_code', 'label', 'value']).where('id', 'in', ids).execute();
    if (rows.length === 0) throw notFound('字典值不存在');
    for (const r of rows) {
      const used = await usageOf(tx, r.type_code, r.value);
      if (used.count > 0) throw badRequest(`「${r.label}」已被${used.count}个${used.what}使用，不能删除，可以停用`);
    }
    const result = await tx
      .deleteFrom('dict_values')
      .where(
        'id',
        'in',
        rows.map((r) => r.id),
      )
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  });
}

export async function saveType(ctx: AppContext, input: { code: string; name: string; sortOrder: number }, isNew: boolean): Promise<void> {
  await transact(ctx, async (tx) => {
    const current = await tx.selectFrom('dict_types').select('code').where('code', '=', input.code).executeTakeFirst();
    if (isNew) {
      if (current) throw badRequest('类型编码已存在');
      await tx.insertInto('dict_types').values({ code: input.code, name: input.name, sort_order: input.sortOrder, built_in: 0 }).execute();
    } else {
      if (!current) throw notFound('字典类型不存在');
      await tx.updateTable('dict_types').set({ name: input.name, sort_order: input.sortOrder }).where('code', '=', input.code).execute();
    }
  });
}

export async function deleteType(ctx: AppContext, code: string): Promise<void> {
  await transact(ctx, async (tx) => {
    const type = await tx.selectFrom('dict_types').select(['name', 'built_in']).where('code', '=', code).executeTakeFirst();
    if (!type) throw notFound('字典类型不存在');
    if (type.built_in === 1) throw badRequest(`「${type.name}」是系统内置类型，不能删除`);
    const values = await tx.selectFrom('dict_values').select(['label', 'value']).where('type_code', '=', code).execute();
    for (const v of values) {
      const used = await usageOf(tx, code, v.value);
      if (used.count > 0) throw badRequest(`「${v.label}」已被${used.count}个${used.what}使用，不能删除该类型`);
    }
    await tx.deleteFrom('dict_values').where('type_code', '=', code).execute();
    await tx.deleteFrom('dict_types').where('code', '=', code).execute();
  });
}
