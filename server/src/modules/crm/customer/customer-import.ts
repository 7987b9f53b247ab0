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
import { createBatchImport, type BatchImport, type ImportOptions, type MappedRow, type RowCheck } from '../../shared/batch/batch-import';
import type { ImportField } from '../../shared/batch/column-mapping';
import type { TempFiles } from '../../shared/batch/temp-files';
import { insertCustomers } from './customer.service';
import { poolRules } from '../pool/pool-rules';
import { poolRouter } from '../pool/public-pools';
import { assertUnderCap, blacklistedMatches, lockUser } from './customer-actions';
import type { CustomerInput } from './customer.types';
import { CustomerFields, CustomerImportFieldsWithHidden, toCustomerInput } from './customer.validation';
import { isHidden, NO_RULES, rulesFor, type FieldRules } from '../../system/field-mask/field-mask';

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

/**
 * The columns a user's sheet can fill: a field 字段权限 hides from them is left out (of the template, the
 * preview's fields and the mapping; a column for it in an uploaded sheet is ignored) and so not
 * required. A masked field stays importable: the user writes the value, they only read it masked.
 */
export async function customerImportFields(db: DbOrTx, actor: Actor): Promise<readonly ImportField[]> {
  const masks = await rulesFor(db, actor, 'customer');
  return CUSTOMER_IMPORT_FIELDS.filter((f) => !isHidden(masks, f.key));
}

/** The template's example row, by field key. */
const TEMPLATE_EXAMPLE: Record<string, string> = {
  CustomerName: '杭州示例科技有限公司',
  contact_name: '张三',
  contact_mobile: '13800138000',
  LaiYuan: '展会',
  level: 'A',
  industry: '软件',
  address: '杭州市西湖区文三路1号',
  nextgenjintime: '',
  beizhu: '',
};

/** The template's header row (required columns marked *) and one example row, of the user's fields. */
export async function customerImportTemplate(db: DbOrTx, actor: Actor): Promise<{ headers: string[]; example: string[] }> {
  const fields = await customerImportFields(db, actor);
  const source = await db.selectFrom('lead_sources').select('name').orderBy('id').executeTakeFirst();
  return {
    headers: fields.map((f) => (f.required ? `${f.title}*` : f.title)),
    example: fields.map((f) => (f.key === 'LaiYuan' ? (source?.name ?? '') : (TEMPLATE_EXAMPLE[f.key] ?? ''))),
  };
}

export const MSG_SOURCE_UNKNOWN = '客户来源不存在';
export const MSG_MOBILE_EXISTS = '手机号码已存在';
export const MSG_IMPORT_BLACKLISTED = '客户名称或手机号码在黑名单中';
const LOOKUP_CHUNK = 500;

/** Mobiles (of those given) that existing customers already have. */
async function existingMobiles(db: DbOrTx, mobiles: string[]): Promise<Set<string>> {
  const found = new Set<string>();
  const unique = [...new Set(mobiles)];
  for (let i = 0; i < unique.length; i += LOOKUP_CHUNK) {
    const rows = await db
      .selectFrom('customers')
      .select('contact_mobile')
      .where('contact_mobile', 'in', unique.slice(i, i + LOOKUP_CHUNK))
      .execute();
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

/**
 * Each row through the create form's rules (客户来源 by name or id). A field hidden to the importer
 * (字段权限) is stored empty whatever the sheet holds, and 联系人/手机号码 are required only when they see them.
 */
async function checkFields(db: DbOrTx, rows: MappedRow[], masks: FieldRules): Promise<RowCheck<CustomerInput>[]> {
  const resolveSource = sourceResolver(await db.selectFrom('lead_sources').select(['id', 'name']).execute());
  const hidden = CUSTOMER_IMPORT_FIELDS.filter((f) => isHidden(masks, f.key)).map((f) => f.key);
  const schema = hidden.length > 0 ? CustomerImportFieldsWithHidden : CustomerFields;
  return rows.map(({ values: given }) => {
    const values = hidden.length > 0 ? { ...given, ...Object.fromEntries(hidden.map((k) => [k, ''])) } : given;
    const source = values.LaiYuan?.trim() ?? '';
    const laiYuan = source === '' ? '' : resolveSource(source);
    if (laiYuan === undefined) return { ok: false, reason: MSG_SOURCE_UNKNOWN };
    try {
      const value = toCustomerInput(checkInput(schema, { ...values, LaiYuan: laiYuan }));
      if (!isHidden(masks, 'contact_name') && value.contactName === '') return { ok: false, reason: '联系人不能为空' };
      if (!isHidden(masks, 'contact_mobile') && value.contactMobile === '') return { ok: false, reason: '手机号码不能为空' };
      return { ok: true, value };
    } catch (err) {
      if (err instanceof HttpError) return { ok: false, reason: err.message };
      throw err;
    }
  });
}

/** The rows' mobiles to look up: an empty one (hidden to the importer) matches nothing. */
const mobilesOf = (checks: RowCheck<CustomerInput>[]) => checks.flatMap((c) => (c.ok && c.value.contactMobile !== '' ? [c.value.contactMobile] : []));

export async function checkCustomerRows(db: DbOrTx, rows: MappedRow[], masks: FieldRules = NO_RULES): Promise<RowCheck<CustomerInput>[]> {
  const checks = await checkFields(db, rows, masks);
  const taken = await existingMobiles(db, mobilesOf(checks));
  const black = await blacklistedMatches(
    db,
    checks.flatMap((c) => (c.ok ? [c.value.customerName] : [])),
    mobilesOf(checks),
  );
  const blackNames = new Set(black.map((b) => b.customer_name));
  const blackMobiles = new Set(black.map((b) => b.contact_mobile));
  const firstRowOf = new Map<string, number>();
  return checks.map((check, i) => {
    if (!check.ok) return check;
    const mobile = check.value.contactMobile;
    if (blackNames.has(check.value.customerName) || (mobile !== '' && blackMobiles.has(mobile))) return { ok: false, reason: MSG_IMPORT_BLACKLISTED };
    if (mobile === '') return check;
    if (taken.has(mobile)) return { ok: false, reason: MSG_MOBILE_EXISTS };
    const first = firstRowOf.get(mobile);
    if (first !== undefined) return { ok: false, reason: `手机号码与文件中第${first}行重复` };
    firstRowOf.set(mobile, rows[i].row);
    return check;
  });
}

/** A row of the 公海 import naming an existing customer's name or mobile (merged customers left out). */
async function existingCustomers(
  db: DbOrTx,
  names: string[],
  mobiles: string[],
): Promise<{ names: Set<string>; mobiles: Set<string>; blackNames: Set<string>; blackMobiles: Set<string> }> {
  const out = { names: new Set<string>(), mobiles: new Set<string>(), blackNames: new Set<string>(), blackMobiles: new Set<string>() };
  const scan = async (column: 'customer_name' | 'contact_mobile', values: string[]) => {
    const unique = [...new Set(values)];
    for (let i = 0; i < unique.length; i += LOOKUP_CHUNK) {
      const rows = await db
        .selectFrom('customers')
        .select(['customer_name', 'contact_mobile', 'blacklisted'])
        .where(column, 'in', unique.slice(i, i + LOOKUP_CHUNK))
        .where('merged_into', 'is', null)
        .execute();
      for (const r of rows) {
        if (r.blacklisted === 1) {
          out.blackNames.add(r.customer_name);
          out.blackMobiles.add(r.contact_mobile);
        } else {
          out.names.add(r.customer_name);
          out.mobiles.add(r.contact_mobile);
        }
      }
    }
  };
  await scan('customer_name', names);
  await scan('contact_mobile', mobiles);
  return out;
}

export const MSG_POOL_DUPLICATE_SKIPPED = (what: string) => `与已有客户重复（${what}），已跳过`;
export const MSG_POOL_DUPLICATE_NEW = (what: string) => `与已有客户重复（${what}），导入为新客户`;
export const MSG_POOL_BLACKLISTED = (row: number) => `第${row}行：客户名称或手机号码在黑名单中，不能导入`;

/**
 * The 公海 import's rows: the create form's rules; a name or mobile on the blacklist is always
 * refused (naming the row); a row whose name or mobile an existing customer has is skipped or imported
 * as a new customer, as the user chose; a mobile repeated within the file is refused.
 */
export async function checkPoolRows(db: DbOrTx, rows: MappedRow[], options: ImportOptions, masks: FieldRules = NO_RULES): Promise<RowCheck<CustomerInput>[]> {
  const checks = await checkFields(db, rows, masks);
  const valid = checks.flatMap((c) => (c.ok ? [c.value] : []));
  const existing = await existingCustomers(
    db,
    valid.map((v) => v.customerName),
    mobilesOf(checks),
  );
  const firstRowOf = new Map<string, number>();
  return checks.map((check, i): RowCheck<CustomerInput> => {
    if (!check.ok) return check;
    const { customerName: name, contactMobile: mobile } = check.value;
    const hasMobile = mobile !== '';
    if (existing.blackNames.has(name) || (hasMobile && existing.blackMobiles.has(mobile))) return { ok: false, reason: MSG_POOL_BLACKLISTED(rows[i].row) };
    const first = hasMobile ? firstRowOf.get(mobile) : undefined;
    if (first !== undefined) return { ok: false, reason: `手机号码与文件中第${first}行重复` };
    if (hasMobile) firstRowOf.set(mobile, rows[i].row);
    const same = [existing.names.has(name) ? '客户名称' : '', hasMobile && existing.mobiles.has(mobile) ? '手机号码' : ''].filter(Boolean).join('和');
    if (same)
      return options.duplicates === 'new'
        ? { ...check, note: MSG_POOL_DUPLICATE_NEW(same) }
        : { ok: false, skip: true, reason: MSG_POOL_DUPLICATE_SKIPPED(same) };
    return { ...check, note: '导入公海' };
  });
}

/** 公海客户 › 批量导入: the rows go straight into the pool (no owner, no cap), 导入公海 in their log. */
export function createPoolImport(ctx: AppContext, temp: TempFiles): BatchImport {
  return createBatchImport<CustomerInput>(ctx, temp, {
    entity: 'customer-pool',
    fields: CUSTOMER_IMPORT_FIELDS,
    fieldsFor: customerImportFields,
    plan: true,
    check: async (db, actor, rows, options) => checkPoolRows(db, rows, options, await rulesFor(db, actor, 'customer')),
    insert: async (tx, actor: Actor, values) => {
      // Into the pool serving the importer's department (public-pools.ts), else 默认公海.
      const router = await poolRouter(tx);
      await insertCustomers(tx, ctx, actor, values, 1, { pool: true, poolId: router.route(actor.userId, actor.branchId) });
    },
  });
}

export function createCustomerImport(ctx: AppContext, temp: TempFiles): BatchImport {
  return createBatchImport<CustomerInput>(ctx, temp, {
    entity: 'customer',
    fields: CUSTOMER_IMPORT_FIELDS,
    fieldsFor: customerImportFields,
    check: async (db, actor, rows) => checkCustomerRows(db, rows, await rulesFor(db, actor, 'customer')),
    insert: async (tx, actor: Actor, values) => {
      // The importer owns the rows: the ownership cap (pool rules) applies.
      const rules = await poolRules(tx);
      await lockUser(ctx, tx, actor.userId);
      await assertUnderCap(tx, { id: actor.userId, name: '您' }, values.length, rules);
      await insertCustomers(tx, ctx, actor, values);
    },
  });
}
