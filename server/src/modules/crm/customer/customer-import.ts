/**
 * Batch import of customers (更多 → 批量导入): the fields a sheet can fill, and the row check, which
 * applies the create form's rules (customer.validation.ts), resolves 客户来源 by name, and rejects a
 * name or mobile that an existing customer (customer-uniqueness.ts) or an earlier row of the file
 * already has. Imported customers are owned by the importer, like customers created in the form.
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
import { assertUnderCap, lockUser } from './customer-actions';
import { customerNameKey, findExistingCustomers, lockCustomerCreation, msgMobileExists, msgNameExists, phoneKey } from './customer-uniqueness';
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
export const MSG_IMPORT_BLACKLISTED = '客户名称或手机号码在黑名单中';

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
const namesOf = (checks: RowCheck<CustomerInput>[]) => checks.flatMap((c) => (c.ok ? [c.value.customerName] : []));

/** Refuses a row repeating an earlier row's name or mobile (by their keys); otherwise remembers this row's. */
function repeatsEarlierRow(check: { value: CustomerInput }, row: number, seen: { names: Map<string, number>; mobiles: Map<string, number> }): string | null {
  const name = customerNameKey(check.value.customerName);
  const mobile = phoneKey(check.value.contactMobile);
  const sameName = seen.names.get(name);
  if (sameName !== undefined) return `客户名称与文件中第${sameName}行重复`;
  const sameMobile = mobile === '' ? undefined : seen.mobiles.get(mobile);
  if (sameMobile !== undefined) return `手机号码与文件中第${sameMobile}行重复`;
  seen.names.set(name, row);
  if (mobile !== '') seen.mobiles.set(mobile, row);
  return null;
}

/**
 * The customer import's rows: the create form's rules; a name or mobile on the blacklist, or one an
 * existing customer has (customer-uniqueness.ts: the owner named, the customer's name only if the
 * importer may see it), or one an earlier row of the file has, is refused.
 */
export async function checkCustomerRows(db: DbOrTx, actor: Actor, rows: MappedRow[], masks: FieldRules = NO_RULES): Promise<RowCheck<CustomerInput>[]> {
  const checks = await checkFields(db, rows, masks);
  const existing = await findExistingCustomers(db, actor, namesOf(checks), mobilesOf(checks));
  const seen = { names: new Map<string, number>(), mobiles: new Map<string, number>() };
  return checks.map((check, i) => {
    if (!check.ok) return check;
    const { customerName: name, contactMobile: mobile } = check.value;
    const byName = existing.byName.get(customerNameKey(name));
    const byMobile = mobile === '' ? undefined : existing.byMobile.get(phoneKey(mobile));
    if (byName?.blacklisted === 1 || byMobile?.blacklisted === 1) return { ok: false, reason: MSG_IMPORT_BLACKLISTED };
    if (byName) return { ok: false, reason: msgNameExists(name, byName) };
    if (byMobile) return { ok: false, reason: msgMobileExists(byMobile) };
    const repeated = repeatsEarlierRow(check, rows[i].row, seen);
    return repeated ? { ok: false, reason: repeated } : check;
  });
}

export const MSG_POOL_DUPLICATE_SKIPPED = (what: string) => `与已有客户重复（${what}），已跳过`;
export const MSG_POOL_DUPLICATE_NEW = (what: string) => `与已有客户重复（${what}），导入为新客户`;
export const MSG_POOL_BLACKLISTED = (row: number) => `第${row}行：客户名称或手机号码在黑名单中，不能导入`;

/**
 * The 公海 import's rows: the create form's rules; a name or mobile on the blacklist is always
 * refused (naming the row); a row whose name or mobile an existing customer has is skipped or imported
 * as a new customer, as the user chose (names and mobiles compared as in customer-uniqueness.ts); a name
 * or mobile repeated within the file is refused.
 */
export async function checkPoolRows(
  db: DbOrTx,
  actor: Actor,
  rows: MappedRow[],
  options: ImportOptions,
  masks: FieldRules = NO_RULES,
): Promise<RowCheck<CustomerInput>[]> {
  const checks = await checkFields(db, rows, masks);
  const existing = await findExistingCustomers(db, actor, namesOf(checks), mobilesOf(checks));
  const seen = { names: new Map<string, number>(), mobiles: new Map<string, number>() };
  return checks.map((check, i): RowCheck<CustomerInput> => {
    if (!check.ok) return check;
    const { customerName: name, contactMobile: mobile } = check.value;
    const byName = existing.byName.get(customerNameKey(name));
    const byMobile = mobile === '' ? undefined : existing.byMobile.get(phoneKey(mobile));
    if (byName?.blacklisted === 1 || byMobile?.blacklisted === 1) return { ok: false, reason: MSG_POOL_BLACKLISTED(rows[i].row) };
    const repeated = repeatsEarlierRow(check, rows[i].row, seen);
    if (repeated) return { ok: false, reason: repeated };
    const same = [byName ? '客户名称' : '', byMobile ? '手机号码' : ''].filter(Boolean).join('和');
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
    check: async (db, actor, rows, options) => checkPoolRows(db, actor, rows, options, await rulesFor(db, actor, 'customer')),
    // The rows are checked again in the import's transaction: serialised with other creations (customer-uniqueness.ts).
    lock: lockCustomerCreation,
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
    check: async (db, actor, rows) => checkCustomerRows(db, actor, rows, await rulesFor(db, actor, 'customer')),
    lock: lockCustomerCreation,
    insert: async (tx, actor: Actor, values) => {
      // The importer owns the rows: the ownership cap (pool rules) applies.
      const rules = await poolRules(tx);
      await lockUser(ctx, tx, actor.userId);
      await assertUnderCap(tx, { id: actor.userId, name: '您' }, values.length, rules);
      await insertCustomers(tx, ctx, actor, values);
    },
  });
}
