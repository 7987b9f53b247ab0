import type { DbTx } from '../../../db/database';
import { maskValue, MASKABLE_FIELDS, redactPhones, type FieldRules, type MaskModule } from '../../system/field-mask/field-mask';

/**
 * The customer operation log (api/OpportLogs/Logs): one row per change, written in the change's
 * transaction. `kind` says what happened; `ext` is the Chinese sentence the log shows; `quoted`
 * names the field values the sentence quotes (a contact's name, an edited 客户名称 or 地址), so the
 * log shows each as the viewer's 字段权限 allows (`textForViewer`).
 */
export type LogKind = 'create' | 'edit' | 'owner' | 'pool' | 'receive' | 'recycle' | 'blacklist' | 'followup' | 'contact' | 'lead' | 'merge' | 'lock';

/** A field value a log sentence quotes: 字段权限's module and field name, and the value as written. */
export type Quote = { module: MaskModule; field: string; value: string };

export type LogEntry = { customerId: number; kind: LogKind; ext: string; quoted?: readonly Quote[] };

const CHUNK = 300;

export const quote = (module: MaskModule, field: string, value: string | null | undefined): Quote[] => (value ? [{ module, field, value }] : []);

export async function writeLogs(tx: DbTx, userId: number | null, at: string, entries: LogEntry[]): Promise<void> {
  for (let i = 0; i < entries.length; i += CHUNK) {
    await tx
      .insertInto('customer_logs')
      .values(
        entries.slice(i, i + CHUNK).map((e) => ({
          customer_id: e.customerId,
          contract_id: null,
          user_id: userId,
          kind: e.kind,
          ext: e.ext.slice(0, 2000),
          quoted: JSON.stringify(e.quoted?.filter((q) => q.value !== '') ?? []),
          created_at: at,
        })),
      )
      .execute();
  }
}

// ---------------------------------------------------------------- the customer edit log

/** The customer fields the edit log names, by title: `客户名称：旧 → 新；地址：…`. */
export const CUSTOMER_EDIT_FIELDS = [
  ['客户名称', 'CustomerName'],
  ['联系人', 'contact_name'],
  ['手机号码', 'contact_mobile'],
  ['客户级别', 'level'],
  ['所属行业', 'industry'],
  ['地址', 'address'],
  ['备注', 'beizhu'],
] as const;
export type CustomerEditTitle = (typeof CUSTOMER_EDIT_FIELDS)[number][0];

/** A contact's fields as the contact log names them: `修改联系人 王磊：手机 138… → 139…`. */
export const CONTACT_EDIT_FIELDS = [
  ['姓名', 'contactName'],
  ['手机', 'mobile'],
  ['微信', 'wechat'],
  ['QQ', 'qq'],
  ['职位', 'zhiwei'],
] as const;
export type ContactEditTitle = (typeof CONTACT_EDIT_FIELDS)[number][0];

const fieldOf = <T extends string>(table: readonly (readonly [T, string])[], title: string): string | undefined => table.find(([t]) => t === title)?.[1];

/** The edit log's entry for a customer's changed fields (`[title, before, after]`). */
export function customerEditLog(customerId: number, changes: readonly (readonly [CustomerEditTitle, string | null, string | null])[]): LogEntry {
  return {
    customerId,
    kind: 'edit',
    ext: changes.map(([f, a, b]) => `${f}：${a || '空'} → ${b || '空'}`).join('；'),
    quoted: changes.flatMap(([f, a, b]) => [
      ...quote('customer', fieldOf(CUSTOMER_EDIT_FIELDS, f)!, a),
      ...quote('customer', fieldOf(CUSTOMER_EDIT_FIELDS, f)!, b),
    ]),
  };
}

/** The log's entry for a contact's edit: its name, then the changed fields (`[title, before, after]`). */
export function contactEditLog(
  customerId: number,
  contactName: string,
  changes: readonly (readonly [ContactEditTitle, string | null, string | null])[],
): LogEntry {
  return {
    customerId,
    kind: 'contact',
    ext: `修改联系人 ${contactName}${changes.length ? '：' + changes.map(([f, a, b]) => `${f} ${a || '空'} → ${b || '空'}`).join('；') : ''}`,
    quoted: [
      ...quote('contact', 'contactName', contactName),
      ...changes.flatMap(([f, a, b]) => [...quote('contact', fieldOf(CONTACT_EDIT_FIELDS, f)!, a), ...quote('contact', fieldOf(CONTACT_EDIT_FIELDS, f)!, b)]),
    ],
  };
}

// ---------------------------------------------------------------- showing a log to a viewer

export type ViewerRules = Readonly<Record<MaskModule, FieldRules>>;

const kindOf = (module: MaskModule, field: string) => MASKABLE_FIELDS[module].fields.find((f) => f.field === field)?.kind ?? 'text';

function parseQuotes(json: string): Quote[] {
  try {
    const list = JSON.parse(json) as unknown;
    return Array.isArray(list)
      ? list.filter((q): q is Quote => !!q && typeof q === 'object' && typeof (q as Quote).value === 'string' && typeof (q as Quote).field === 'string')
      : [];
  } catch {
    return [];
  }
}

/**
 * The sentence as the viewer may read it: each quoted value of a field the viewer sees masked shows
 * masked (王磊 → 王***, 13812345678 → 138****5678), of a hidden field as ***; longer values first, so
 * a name inside another is not half-replaced. Phone numbers left in the text follow the viewer's
 * 手机号码 rule (rows older than the quotes, a phone typed into a reason).
 */
export function textForViewer(ext: string, quotedJson: string, rules: ViewerRules): string {
  const quotes = parseQuotes(quotedJson)
    .map((q) => ({ ...q, mode: rules[q.module]?.get(q.field) }))
    .filter((q) => q.mode !== undefined)
    .sort((a, b) => b.value.length - a.value.length);
  let text = ext;
  for (const q of quotes) text = text.split(q.value).join(q.mode === 'hidden' ? '***' : maskValue(kindOf(q.module, q.field), q.value));
  return redactPhones(text, rules.customer.get('contact_mobile'));
}

// ---------------------------------------------------------------- rows written before the quotes

const CONTACT_LOG = /^(?:新增联系人 |删除联系人 |设为首要联系人：)(.+)$/s;
const CONTACT_EDIT_LOG = /^修改联系人 (.+?)(?:：(.*))?$/s;
const FOLLOWUP_CONTACT = /，联系人：(.+?)）：/s;
const MERGED_NAME = /“([^”]+)”（#\d+）/g;

/** The quotes an older row's sentence makes recognisable (migration 042): names, and edited values by their field's title. */
export function quotesInOldText(kind: string, ext: string): Quote[] {
  if (kind === 'edit') {
    return ext.split('；').flatMap((part) => {
      const m = /^(.+?)：(.*) → (.*)$/s.exec(part);
      const field = m ? fieldOf(CUSTOMER_EDIT_FIELDS, m[1]) : undefined;
      return m && field ? [...quote('customer', field, m[2] === '空' ? '' : m[2]), ...quote('customer', field, m[3] === '空' ? '' : m[3])] : [];
    });
  }
  if (kind === 'contact') {
    const edit = CONTACT_EDIT_LOG.exec(ext);
    if (edit) {
      const changes = (edit[2] ?? '').split('；').flatMap((part) => {
        const m = /^(\S+) (.*) → (.*)$/s.exec(part);
        const field = m ? fieldOf(CONTACT_EDIT_FIELDS, m[1]) : undefined;
        return m && field ? [...quote('contact', field, m[2] === '空' ? '' : m[2]), ...quote('contact', field, m[3] === '空' ? '' : m[3])] : [];
      });
      return [...quote('contact', 'contactName', edit[1]), ...changes];
    }
    return quote('contact', 'contactName', CONTACT_LOG.exec(ext)?.[1]);
  }
  if (kind === 'followup') return quote('contact', 'contactName', FOLLOWUP_CONTACT.exec(ext)?.[1]);
  if (kind === 'merge') return [...ext.matchAll(MERGED_NAME)].flatMap((m) => quote('customer', 'CustomerName', m[1]));
  return [];
}
