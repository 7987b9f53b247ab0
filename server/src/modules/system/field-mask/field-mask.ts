/**
 * 字段权限 (issue #9): per role and field, visible (no rule), masked (脱敏) or hidden (隐藏), enforced here
 * for every reply that carries the fields: customer lists, details and exports, contacts, 查重 and the
 * logged-in 客户查询; the customer's name wherever it is joined onto another record (contracts, tasks,
 * 访客登记); the contract amount in the contract list and details. 超级管理员 (built-in role) always sees
 * everything.
 *
 * A hidden field is also left out of the user's forms and never written by them: on an edit the stored
 * value stays whatever is sent (`keepHidden`), on a create it is stored empty. 客户名称 is the customer's
 * identity and cannot be hidden (`UNHIDEABLE`); it can be masked.
 *
 * Masked or hidden values must not be searchable by their hidden part: `restrictedFields` tells the
 * searches which fields may only be matched by their full, exact value (no contains or prefix), so a
 * probe digit by digit learns nothing.
 */
import type { DbOrTx } from '../../../db/database';
import type { Actor } from '../../auth/session/actor';
import { BUILTIN_FORMS } from '../form/builtin-forms';

export const MASK_MODES = ['mask', 'hidden'] as const;
export type MaskMode = (typeof MASK_MODES)[number];
/** What a field's value is, for its masked form: phones keep 3 + 4 digits, amounts nothing, text its first character. */
export type FieldKind = 'phone' | 'text' | 'amount';
export type MaskModule = 'customer' | 'contact' | 'contract';
export type MaskableField = { field: string; title: string; kind: FieldKind };

/** The customer form's field types whose values the replies carry as text. */
const TEXT_CONTROLS = new Set(['input', 'textarea', 'select']);
const PHONE_FIELDS = new Set(['contact_mobile', 'mobile']);

/**
 * The customer fields a rule may name: the built-in customer form's text fields (builtin-forms.ts, as
 * api/customer/CustomerAddEndit takes them and the list, detail and export return them under the same
 * names). Ids, times and the lead source are not maskable.
 */
function customerFormFields(): MaskableField[] {
  const form = BUILTIN_FORMS.find((f) => f.mode === 'customer');
  return (form?.fields ?? [])
    .filter((f) => TEXT_CONTROLS.has(f.type))
    .map((f) => ({ field: f.field, title: f.title, kind: PHONE_FIELDS.has(f.field) ? 'phone' : 'text' }));
}

/** The fields a rule may name, per module (a contact's as ContactRow names them). */
export const MASKABLE_FIELDS: Record<MaskModule, { title: string; fields: MaskableField[] }> = {
  customer: { title: '客户', fields: customerFormFields() },
  contact: {
    title: '联系人',
    fields: [
      { field: 'contactName', title: '联系人姓名', kind: 'text' },
      { field: 'mobile', title: '手机', kind: 'phone' },
      { field: 'wechat', title: '微信', kind: 'text' },
      { field: 'qq', title: 'QQ', kind: 'text' },
      { field: 'zhiwei', title: '职位', kind: 'text' },
    ],
  },
  /** As ContractRow names them (api/contract/index, Views; the printout is filled from them). */
  contract: { title: '合同', fields: [{ field: 'Money', title: '合同金额', kind: 'amount' }] },
};
export const MASK_MODULES = Object.keys(MASKABLE_FIELDS) as MaskModule[];

/**
 * The same data under two names: the customer's 手机号码/联系人 mirror its primary contact's. Each takes
 * the stricter rule of the two, so masking one cannot be undone by reading the other (the detail's
 * contacts, the contact list).
 */
const TWINS: Record<MaskModule, Record<string, { module: MaskModule; field: string }>> = {
  customer: { contact_mobile: { module: 'contact', field: 'mobile' }, contact_name: { module: 'contact', field: 'contactName' } },
  contact: { mobile: { module: 'customer', field: 'contact_mobile' }, contactName: { module: 'customer', field: 'contact_name' } },
  contract: {},
};

/**
 * Fields that may be masked but not hidden, with the refusal: 客户名称 is what a customer is known by
 * (the lists, 查重, the records that name it); a form without it could not create one.
 */
export const UNHIDEABLE: Record<MaskModule, Record<string, string>> = {
  customer: { CustomerName: '客户名称不能隐藏，可设为脱敏' },
  contact: {},
  contract: {},
};

/** field → mode for one module; a field not in the map is visible. */
export type FieldRules = ReadonlyMap<string, MaskMode>;
export const NO_RULES: FieldRules = new Map();

const STRICTNESS: Record<MaskMode, number> = { mask: 1, hidden: 2 };
const stricter = (a: MaskMode | undefined, b: MaskMode | undefined): MaskMode | undefined => (!a ? b : !b ? a : STRICTNESS[a] >= STRICTNESS[b] ? a : b);

/** 138****5678; shorter numbers show only their first and last character. */
export function maskPhone(value: string): string {
  if (value.length >= 8) return `${value.slice(0, 3)}****${value.slice(-4)}`;
  const chars = [...value];
  return chars.length <= 2 ? '****' : `${chars[0]}****${chars[chars.length - 1]}`;
}

export function maskValue(kind: FieldKind, value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  const text = String(value);
  if (kind === 'amount') return '****';
  if (kind === 'phone') return maskPhone(text);
  return `${[...text][0]}***`;
}

/**
 * The rules in force for users holding `roleIds`: a field is restricted only when every role
 * restricts it, with the least restrictive of their modes (a user's roles widen what they see); any
 * built-in role (超级管理员) sees everything. The twin fields then take the stricter of the pair.
 */
export async function effectiveRules(db: DbOrTx, roleIds: readonly number[], module: MaskModule): Promise<FieldRules> {
  if (roleIds.length === 0) return NO_RULES;
  const roles = await db
    .selectFrom('roles')
    .select(['id', 'built_in'])
    .where('id', 'in', [...roleIds])
    .execute();
  if (roles.length === 0 || roles.some((r) => r.built_in === 1)) return NO_RULES;
  const twinModules = [...new Set(Object.values(TWINS[module]).map((t) => t.module))];
  const rows = await db
    .selectFrom('role_field_masks')
    .select(['role_id', 'module', 'field', 'mode'])
    .where(
      'role_id',
      'in',
      roles.map((r) => r.id),
    )
    .where('module', 'in', [module, ...twinModules])
    .execute();
  const perModule = (m: MaskModule): Map<string, MaskMode> => {
    const byField = new Map<string, MaskMode[]>();
    for (const r of rows) {
      if (r.module !== m) continue;
      byField.set(r.field, [...(byField.get(r.field) ?? []), r.mode]);
    }
    const out = new Map<string, MaskMode>();
    for (const [field, modes] of byField) {
      const holders = new Set(rows.filter((r) => r.module === m && r.field === field).map((r) => r.role_id));
      if (holders.size < roles.length) continue; // one of the user's roles shows it
      out.set(
        field,
        modes.reduce((a, b) => (STRICTNESS[a] <= STRICTNESS[b] ? a : b)),
      );
    }
    return out;
  };
  const own = perModule(module);
  const twins = new Map(twinModules.map((m) => [m, perModule(m)]));
  for (const [field, twin] of Object.entries(TWINS[module])) {
    const mode = stricter(own.get(field), twins.get(twin.module)?.get(twin.field));
    if (mode) own.set(field, mode);
  }
  // A rule stored before a field became unhideable (or written around the editor) masks it instead.
  for (const field of Object.keys(UNHIDEABLE[module])) if (own.get(field) === 'hidden') own.set(field, 'mask');
  return own;
}

/** The rules for the requesting user (one role per user today; `effectiveRules` takes several). */
export function rulesFor(db: DbOrTx, actor: Actor, module: MaskModule): Promise<FieldRules> {
  // An actor is resolved per request: the service (searches on masked fields) and the reply hook (masks)
  // of one request read the rules once.
  let byModule = rulesOfRequest.get(actor);
  if (!byModule) rulesOfRequest.set(actor, (byModule = new Map()));
  let rules = byModule.get(module);
  if (!rules) byModule.set(module, (rules = effectiveRules(db, [actor.roleId], module)));
  return rules;
}
const rulesOfRequest = new WeakMap<Actor, Map<MaskModule, Promise<FieldRules>>>();

const kindOf = (module: MaskModule, field: string): FieldKind => MASKABLE_FIELDS[module].fields.find((f) => f.field === field)?.kind ?? 'text';

/** A copy of `row` with masked fields masked and hidden fields removed (the reply then lacks them). */
export function applyRules<T extends object>(row: T, rules: FieldRules, module: MaskModule): T {
  if (rules.size === 0) return row;
  const out = { ...row } as Record<string, unknown>;
  for (const [field, mode] of rules) {
    if (!(field in out)) continue;
    if (mode === 'hidden') delete out[field];
    else out[field] = maskValue(kindOf(module, field), out[field]);
  }
  return out as T;
}

export function applyRulesToRows<T extends object>(rows: readonly T[], rules: FieldRules, module: MaskModule): T[] {
  return rules.size === 0 ? [...rows] : rows.map((r) => applyRules(r, rules, module));
}

/**
 * One module's field carried under another name on another record (the customer's 客户名称 as a
 * contract's `customerName`, a task's `modelTitle`): masked, or for hidden the empty text, since the
 * record itself is shown. `when` false leaves the value (a task attached to a contract, not a customer).
 */
export function maskCarried(rules: FieldRules, module: MaskModule, field: string, value: string, when = true): string {
  const mode = when ? rules.get(field) : undefined;
  if (!mode) return value;
  return mode === 'hidden' ? '' : maskValue(kindOf(module, field), value);
}

/** Whether a search on `field` must match its full exact value only (the field is masked or hidden). */
export function exactOnly(rules: FieldRules, field: string): boolean {
  return rules.has(field);
}

/**
 * An edit sent back by a user who sees a field masked or hidden. Masked: the masked text (or nothing)
 * means "unchanged", so a save never writes 138****5678 over the number; another value replaces it.
 * Hidden: the user never saw the value and their form leaves the field out, so whatever is sent is
 * ignored and the stored value stays.
 */
export function keepHidden(rules: FieldRules, module: MaskModule, field: string, submitted: string, stored: string): string {
  const mode = rules.get(field);
  if (!mode) return submitted;
  if (mode === 'hidden' || submitted === '' || submitted === maskValue(kindOf(module, field), stored)) return stored;
  return submitted;
}

/** Whether the user's form leaves `field` out (and the server neither requires nor writes it for them). */
export function isHidden(rules: FieldRules, field: string): boolean {
  return rules.get(field) === 'hidden';
}

export type RoleFieldRule = { field: string; mode: MaskMode };

/** A role's stored rules, per module (the editor's data). */
export async function roleRules(db: DbOrTx, roleId: number): Promise<Record<MaskModule, RoleFieldRule[]>> {
  const rows = await db
    .selectFrom('role_field_masks')
    .select(['module', 'field', 'mode'])
    .where('role_id', '=', roleId)
    .orderBy('module')
    .orderBy('field')
    .execute();
  const out = Object.fromEntries(MASK_MODULES.map((m) => [m, [] as RoleFieldRule[]])) as Record<MaskModule, RoleFieldRule[]>;
  for (const r of rows) if (r.module in out) out[r.module as MaskModule].push({ field: r.field, mode: r.mode });
  return out;
}

/**
 * Free text that may quote a phone (the customer log's "手机号码：a → b"): every mobile or landline number
 * in it masked (or '****' when phones are hidden) for a viewer whose phones are restricted.
 */
export function redactPhones(text: string, mode: MaskMode | undefined): string {
  if (!mode) return text;
  return text.replace(/(?<![\d+])(?:(?:\+?86)?1[3-9]\d{9}|0\d{2,3}-?\d{7,8})(?!\d)/g, (phone) => (mode === 'hidden' ? '****' : maskPhone(phone)));
}
