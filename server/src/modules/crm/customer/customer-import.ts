/**
 * Batch import of customers (更多 → 批量导入): the fields a sheet can fill, and the row check, which
 * applies the create form's rules (customer.validation.ts), resolves 客户来源 by name, and rejects a
 * mobile that an existing customer or an earlier row of the file already has. Imported customers are
 * owned by the importer, like customers created in the form.
 */
import type { AppContext } from '../../../app-context';
import type { DbOrTx } from '../../../db/database';
import { HttpError } from '../../../http/errors';
import { checkInput } from '../../../http/input-validation';
import type { Actor } from '../../auth/session/actor';
import { createBatchImport, type BatchImport, type MappedRow, type RowCheck } from '../../shared/batch/batch-import';
import type { ImportField } from '../../shared/batch/column-mapping';
import type { TempFiles } from '../../shared/batch/temp-files';
import { insertCustomers } from './customer.service';
import { poolRules } from '../pool/pool-rules';
import { assertUnderCap, blacklistedMatches, lockUser } from './customer-actions';
import type { CustomerInput } from './customer.types';
import { CustomerFields, toCustomerInput } from './customer.validation';

/** Keys as the create form (api/customer/CustomerAddEndit) names them. */
export const CUSTOMER_IMPORT_FIELDS: readonly ImportField[] = [
  { key: 'CustomerName', title: '客户名称', required: true, aliases: ['客户', '公司名称', '企业名称', '名称'] },
  { key: 'contact_name', title: '联系人', required: true, aliases: ['联系人姓名', '姓名'] },
  { key: 'contact_mobile', title: '手机号码', required: true, aliases: ['手机', '手机号', '电话', '联系电话', '联系方式'] },
  { key: 'LaiYuan', title: '客户来源', required: true, aliases: ['来源', '线索来源'] },
  { key: 'level', title: '客户级别', aliases: ['级别', '等级'] },
  { key: 'industry', title: '所属行业', aliases: ['行业'] },
  { key: 'address', title: '地址', aliases: ['详细地址', '公司地址'] },
  { key: 'nextgenjintime', title: '下次跟进时间', aliases: ['下次跟进'] },
  { key: 'beizhu', title: '备注', aliases: ['说明'] },
];

export const MSG_SOURCE_UNKNOWN = '客户来源不存在';
export const MSG_MOBILE_EXISTS = '手机号码已存在';
export const MSG_IMPORT_BLACKLISTED = '客户名称或手机号码在黑名单中';
const LOOKUP_CHUNK = 500;

/** Mobiles (of those given) that existing customers already have. */
async function existingMobiles(db: DbOrTx, mobiles: string[]): Promise<Set<string>> {
  const found = new Set<string>();
  const unique = [...new Set(mobiles)];
  for (let i = 0; i < unique.length; i += LOOKUP_CHUNK) {
    const rows = await db.selectFrom('customers').select('contact_mobile').where('contact_mobile', 'in', unique.slice(i, i + LOOKUP_CHUNK)).execute();
    for (const r of rows) found.add(r.contact_mobile);
  }
  return found;
}

/** 客户来源 as written in the sheet: the source's name, or its id. */
function sourceResolver(sources: { id: number; name: string }[]): (text: string) => number | undefined {
  const byName = new Map(sources.map((s) => [s.name.trim(), s.id]));
  const ids = new Set(sources.map((s) => s.id));
  return (text) => byName.get(text) ?? (/^\d+$/.test(text) && ids.has(Number(text)) ? Number(text) : undefined);
}

export async function checkCustomerRows(db: DbOrTx, rows: MappedRow[]): Promise<RowCheck<CustomerInput>[]> {
  const resolveSource = sourceResolver(await db.selectFrom('lead_sources').select(['id', 'name']).execute());
  const checks: RowCheck<CustomerInput>[] = rows.map(({ values }) => {
    const source = values.LaiYuan?.trim() ?? '';
    const laiYuan = source === '' ? '' : resolveSource(source);
    if (laiYuan === undefined) return { ok: false, reason: MSG_SOURCE_UNKNOWN };
    try {
      return { ok: true, value: toCustomerInput(checkInput(CustomerFields, { ...values, LaiYuan: laiYuan })) };
    } catch (err) {
      if (err instanceof HttpError) return { ok: false, reason: err.message };
      throw err;
    }
  });

  const taken = await existingMobiles(
    db,
    checks.flatMap((c) => (c.ok ? [c.value.contactMobile] : [])),
  );
  const black = await blacklistedMatches(
    db,
    checks.flatMap((c) => (c.ok ? [c.value.customerName] : [])),
    checks.flatMap((c) => (c.ok ? [c.value.contactMobile] : [])),
  );
  const blackNames = new Set(black.map((b) => b.customer_name));
  const blackMobiles = new Set(black.map((b) => b.contact_mobile));
  const firstRowOf = new Map<string, number>();
  return checks.map((check, i) => {
    if (!check.ok) return check;
    const mobile = check.value.contactMobile;
    if (blackNames.has(check.value.customerName) || blackMobiles.has(mobile)) return { ok: false, reason: MSG_IMPORT_BLACKLISTED };
    if (taken.has(mobile)) return { ok: false, reason: MSG_MOBILE_EXISTS };
    const first = firstRowOf.get(mobile);
    if (first !== undefined) return { ok: false, reason: `手机号码与文件中第${first}行重复` };
    firstRowOf.set(mobile, rows[i].row);
    return check;
  });
}

export function createCustomerImport(ctx: AppContext, temp: TempFiles): BatchImport {
  return createBatchImport<CustomerInput>(ctx, temp, {
    entity: 'customer',
    fields: CUSTOMER_IMPORT_FIELDS,
    check: (db, _actor, rows) => checkCustomerRows(db, rows),
    insert: async (tx, actor: Actor, values) => {
      // The importer owns the rows: the ownership cap (pool rules) applies.
      const rules = await poolRules(tx);
      await lockUser(ctx, tx, actor.userId);
      await assertUnderCap(tx, { id: actor.userId, name: '您' }, values.length, rules);
      await insertCustomers(tx, ctx, actor, values);
    },
  });
}
