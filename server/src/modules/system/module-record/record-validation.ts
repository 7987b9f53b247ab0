import { badRequest } from '../../../http/errors';
import { isRecord } from '../../../lib/is-record';
import { isControlType, type ControlType, type FieldDefinition } from '../form/field-definition';
import { linkageState } from '../form/linkage';

/**
 * Server-side checks of a record's values against its form's field definitions: the same rules and
 * Chinese messages as the dynamic form (spec §5), plus the shape of every value (spec §4 "Form value
 * shapes"), so that a client that skips its own validation cannot store what the form could not.
 */
export const MSG_FILL = '信息必须填写';
export const MSG_CHOOSE = '请选择';
export const MSG_ADD_PRODUCT = '请添加产品';
export const MSG_UPLOAD_PICTURE = '请上传图片';
export const MSG_UPLOAD_FILE = '请上传附件';
export const MSG_PRODUCT_EXISTS = '该产品已存在';
export const TEXT_MAX = 300;
const EDITOR_MAX = 100_000;

/** Letters, digits, underscore or Chinese characters (switch and city values); branch values also allow commas. */
const WORD = /^[A-Za-z0-9_\u4e00-\u9fa5]+$/;
const WORD_LIST = /^[A-Za-z0-9_,\u4e00-\u9fa5]+$/;

const REQUIRED_MESSAGE: Partial<Record<ControlType, string>> = {
  select: MSG_CHOOSE,
  statusSelect: MSG_CHOOSE,
  jcselect: MSG_CHOOSE,
  radio: MSG_CHOOSE,
  date: MSG_CHOOSE,
  datetime: MSG_CHOOSE,
  daterange: MSG_CHOOSE,
  branch: MSG_CHOOSE,
  contract: MSG_CHOOSE,
  customer: MSG_CHOOSE,
  user: MSG_CHOOSE,
  users: MSG_CHOOSE,
  tree: MSG_CHOOSE,
  tags: MSG_CHOOSE,
  product: MSG_ADD_PRODUCT,
  picture: MSG_UPLOAD_PICTURE,
  cover: MSG_UPLOAD_PICTURE,
  file: MSG_UPLOAD_FILE,
};

/** Controls whose value is a list, sent as a JSON string (or as the array itself in a JSON body). */
const LIST_TYPES: readonly ControlType[] = ['product', 'property', 'picture', 'tablelist', 'file'];

/** The message for a missing required value: the item's own message, else the type's default, naming the field. */
export function requiredMessage(def: FieldDefinition): string {
  if (def.message && def.message.trim()) return def.message.trim();
  const type = isControlType(def.type) ? def.type : 'input';
  return `${def.title}：${REQUIRED_MESSAGE[type] ?? MSG_FILL}`;
}

/** Region ids a city/county value names, checked against the regions table by the caller. */
export type RegionCheck = { title: string; ids: number[] };

function isBlank(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '' || value.trim() === '[]';
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

function invalid(def: FieldDefinition, what = '格式不正确'): never {
  throw badRequest(`${def.title}${what}`);
}

function scalarText(def: FieldDefinition, value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return invalid(def);
}

/** A list value: the array itself or its JSON string. */
function listOf(def: FieldDefinition, value: unknown): unknown[] {
  let parsed = value;
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value);
    } catch {
      invalid(def);
    }
  }
  if (!Array.isArray(parsed)) invalid(def);
  if (parsed.length > 500) invalid(def, '的条目过多');
  return parsed;
}

function commaList(text: string): string[] {
  return text
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

function checkLength(def: FieldDefinition, text: string, max: number): void {
  if ([...text].length > max) throw badRequest(`${def.title}不能超过${max}个字符`);
}

function checkOptions(def: FieldDefinition, values: string[]): void {
  if (!def.options || def.options.length === 0) return;
  const allowed = new Set(def.options.map((o) => String(o.value)));
  if (values.some((v) => !allowed.has(v))) invalid(def, '的选项不存在');
}

function checkCount(def: FieldDefinition, count: number, unit: string): void {
  const max = Number(def.max ?? 0);
  if (max > 0 && count > max) throw badRequest(`${def.title}最多${unit === '张' ? '上传' : '选择'}${max}${unit}`);
}

const DATE = /^(\d{4})[-/](\d{2})[-/](\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/;

/** Parses a date or date-time text into milliseconds (calendar-checked); null when malformed. */
function parseDate(text: string, withTime: 'no' | 'yes' | 'optional'): number | null {
  const m = DATE.exec(text.trim());
  if (!m) return null;
  if (withTime === 'no' && m[4] !== undefined) return null;
  if (withTime === 'yes' && m[4] === undefined) return null;
  const [y, mo, d, h, mi, s] = [m[1], m[2], m[3], m[4] ?? '0', m[5] ?? '0', m[6] ?? '0'].map(Number);
  const t = Date.UTC(y, mo - 1, d, h, mi, s);
  const back = new Date(t);
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d || h > 23 || mi > 59 || s > 59) return null;
  return t;
}

function money(value: unknown): number | null {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : null;
}

function checkProducts(def: FieldDefinition, items: unknown[]): void {
  const seen = new Set<string>();
  items.forEach((item, i) => {
    const row = `第${i + 1}行`;
    if (!isRecord(item)) invalid(def, `${row}格式不正确`);
    const productId = scalarText(def, item.productid ?? '');
    if (!/^\d+$/.test(productId.trim()) || Number(productId) <= 0) invalid(def, `${row}未选择产品`);
    const key = `${Number(productId)}`;
    if (seen.has(key)) throw badRequest(MSG_PRODUCT_EXISTS);
    seen.add(key);
    const quantity = money(item.number);
    if (quantity === null || quantity <= 0) invalid(def, `${row}的数量必须大于0`);
    const price = money(item.sellingprice);
    if (price === null || price < 0) invalid(def, `${row}的单价不正确`);
    const subtotal = money(item.xiaoji);
    // Subtotal is always quantity times unit price (spec §5); a cent of rounding is tolerated.
    if (subtotal === null || Math.abs(subtotal - quantity * price) > 0.005 + 1e-9) invalid(def, `${row}的小计必须等于数量乘以单价`);
  });
}

function checkUploads(def: FieldDefinition, items: unknown[], unit: string): void {
  items.forEach((item) => {
    if (!isRecord(item) || (typeof item.id !== 'number' && typeof item.id !== 'string') || typeof item.url !== 'string') invalid(def);
    if (!isStoredFileUrl(item.url)) invalid(def, '的文件地址不正确');
  });
  checkCount(def, items.length, unit);
}

/** A file this server stores (`/files/<name>`), or an http(s) address; never `javascript:` and the like. */
export function isStoredFileUrl(url: string): boolean {
  return /^\/files\/[0-9a-f]{32}\.[a-z0-9]{1,5}$/.test(url) || /^https?:\/\/[^\s"'<>]+$/.test(url);
}

function checkRegion(def: FieldDefinition, value: unknown, levels: number, checks: RegionCheck[]): void {
  const items = listOf(def, value);
  if (items.length !== levels) invalid(def);
  const texts = items.map((v) => (typeof v === 'number' ? String(v) : typeof v === 'string' ? v : ''));
  if (texts.some((t) => !WORD.test(t))) invalid(def, '只能包含字母、数字、下划线或汉字');
  if (texts.some((t) => !/^\d{1,12}$/.test(t))) invalid(def);
  checks.push({ title: def.title, ids: texts.map(Number) });
}

/** Checks one present (non-blank) value by its control type. */
function checkValue(def: FieldDefinition, value: unknown, checks: RegionCheck[]): void {
  const type = def.type as ControlType;
  switch (type) {
    case 'input':
    case 'textarea': {
      const max = Number(def.max) > 0 ? Math.min(Number(def.max), TEXT_MAX) : TEXT_MAX;
      checkLength(def, scalarText(def, value), max);
      return;
    }
    case 'editor':
      if ([...scalarText(def, value)].length > EDITOR_MAX) invalid(def, '内容过长');
      return;
    case 'number':
      if (money(value) === null) invalid(def, '必须是数字');
      return;
    case 'ColorPicker': {
      const text = scalarText(def, value);
      if (text.length > 50 || !/^[#A-Za-z0-9(),.%\s]+$/.test(text)) invalid(def);
      return;
    }
    case 'select':
    case 'radio':
    case 'statusSelect':
    case 'jcselect': {
      const text = scalarText(def, value);
      checkLength(def, text, TEXT_MAX);
      const values = def.multiple ? commaList(text) : [text];
      if (def.multiple && Number(def.multipleLimit) > 0 && values.length > Number(def.multipleLimit)) invalid(def, `最多选择${def.multipleLimit}项`);
      if (type !== 'jcselect') checkOptions(def, values);
      return;
    }
    case 'tags': {
      const text = Array.isArray(value) ? value.map(String).join(',') : scalarText(def, value);
      checkLength(def, text, TEXT_MAX);
      checkOptions(def, commaList(text));
      return;
    }
    case 'date':
      if (parseDate(scalarText(def, value), 'no') === null) invalid(def, '格式不正确（应为 年-月-日）');
      return;
    case 'datetime':
      if (parseDate(scalarText(def, value), 'yes') === null) invalid(def, '格式不正确（应为 年-月-日 时:分）');
      return;
    case 'daterange': {
      const parts = Array.isArray(value) ? value.map((v) => String(v)) : scalarText(def, value).split(',');
      const [start, end] = parts.map((p) => parseDate(p, 'optional'));
      if (parts.length !== 2 || start === null || end === null || start === undefined || end === undefined)
        invalid(def, '格式不正确（应为 开始日期,结束日期）');
      if (start > end) invalid(def, '的开始日期不能晚于结束日期');
      return;
    }
    case 'switch': {
      const text = typeof value === 'boolean' ? (value ? '1' : '0') : scalarText(def, value);
      if (!WORD.test(text)) invalid(def, '只能包含字母、数字、下划线或汉字');
      const active = String(def.active ?? '1');
      const inactive = String(def.inactive ?? '0');
      if (text !== active && text !== inactive) invalid(def, `的值只能是${active}或${inactive}`);
      return;
    }
    case 'city':
      checkRegion(def, value, 2, checks);
      return;
    case 'county':
      checkRegion(def, value, 3, checks);
      return;
    case 'branch': {
      const text = scalarText(def, value);
      if (!WORD_LIST.test(text)) invalid(def, '只能包含字母、数字、下划线、汉字或逗号');
      checkCount(def, commaList(text).length, '个部门');
      return;
    }
    case 'users': {
      const text = scalarText(def, value);
      if (!WORD_LIST.test(text)) invalid(def);
      checkCount(def, commaList(text).length, '人');
      return;
    }
    case 'user':
    case 'contract':
    case 'customer':
    case 'tree':
      checkLength(def, scalarText(def, value), 100);
      return;
    case 'product':
      checkProducts(def, listOf(def, value));
      return;
    case 'picture':
      checkUploads(def, listOf(def, value), '张');
      return;
    case 'file':
      checkUploads(def, listOf(def, value), '个文件');
      return;
    case 'cover': {
      const text = scalarText(def, value);
      if (text.length > 300 || !isStoredFileUrl(text)) invalid(def, '的图片地址不正确');
      return;
    }
    case 'property':
      for (const item of listOf(def, value)) {
        if (!isRecord(item) || typeof item.label !== 'string' || (typeof item.value !== 'string' && typeof item.value !== 'number')) invalid(def);
        checkLength(def, `${item.label}${String(item.value)}`, TEXT_MAX);
      }
      return;
    case 'tablelist':
      for (const item of listOf(def, value)) {
        if (!isRecord(item)) invalid(def);
        for (const key of ['riqi', 'ext', 'amount']) {
          const cell = item[key];
          if (cell !== undefined && cell !== null && typeof cell !== 'string' && typeof cell !== 'number') invalid(def);
          checkLength(def, String(cell ?? ''), TEXT_MAX);
        }
      }
      return;
    case 'divider':
    case 'userinfo':
      return;
  }
}

/** A date or date-time value as its text and whether it has a time; null when blank or malformed. */
function dateOf(value: unknown): { text: string; timed: boolean } | null {
  if (typeof value !== 'string' || value.trim() === '') return null;
  const text = value.trim().replace(/\//g, '-').replace('T', ' ');
  if (parseDate(text, 'optional') === null) return null;
  return { text, timed: text.length > 10 };
}

/** Yuan (a number or its text, at most two decimals) in fen; null when it is not such an amount. */
function cents(value: unknown): number | null {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  if (!/^\d+(\.\d{1,2})?$/.test(text)) return null;
  const [whole, frac = ''] = text.split('.');
  return Number(whole) * 100 + Number(frac.padEnd(2, '0'));
}

const yuanText = (fen: number) => (fen / 100).toFixed(2);

/**
 * The rules between fields of a form, the same as the dynamic form's (shared-ui rules.ts): a date may
 * not be earlier than the field its `notBefore` names (结束日期 against 开始日期, compared by day when
 * either has no time), and a 明细表格 with a `totalField` has a 金额 on every row adding up to that
 * field. Runs on every save of a record and on approval submissions and node edits, whose values are
 * otherwise kept as sent; a rule whose values are not both there yet is left to the required checks.
 */
export function checkFieldRelations(defs: readonly FieldDefinition[], values: Record<string, unknown>): void {
  const byField = new Map(defs.filter((d) => d.field).map((d) => [d.field, d]));
  for (const def of defs) {
    const start = def.notBefore ? byField.get(def.notBefore) : undefined;
    if (start) {
      const [from, to] = [dateOf(values[start.field]), dateOf(values[def.field])];
      if (from && to) {
        const byDay = !from.timed || !to.timed;
        const [a, b] = byDay ? [from.text.slice(0, 10), to.text.slice(0, 10)] : [from.text, to.text];
        if (b < a) throw badRequest(`${def.title}不能早于${start.title}`);
      }
    }
    const total = def.type === 'tablelist' && def.totalField ? byField.get(def.totalField) : undefined;
    const rows = values[def.field];
    if (total && !isBlank(rows) && !isBlankList(rows)) {
      let sum = 0;
      listOf(def, rows).forEach((row, i) => {
        const amount = isRecord(row) ? row.amount : undefined;
        if (amount === undefined || amount === null || (typeof amount === 'string' && amount.trim() === ''))
          throw badRequest(`${def.title}第${i + 1}行请填写金额`);
        const fen = cents(amount);
        if (fen === null || fen <= 0) throw badRequest(`${def.title}第${i + 1}行金额格式不正确`);
        sum += fen;
      });
      const stated = values[total.field];
      if (!isBlank(stated)) {
        const fen = cents(stated);
        if (fen === null) throw badRequest(`${total.title}格式不正确`);
        if (fen !== sum) throw badRequest(`${total.title}（${yuanText(fen)}元）与${def.title}合计（${yuanText(sum)}元）不一致`);
      }
    }
  }
}

/**
 * Applies the form's field linkage to a record's values: a field hidden by its linkage loses its value
 * (and its companion's), and a field its linkage makes required becomes required. Returns the values to
 * store and the definitions to check them against (hidden fields left out).
 */
export function applyLinkage(defs: readonly FieldDefinition[], values: Record<string, unknown>): { values: Record<string, unknown>; defs: FieldDefinition[] } {
  if (!defs.some((d) => d.linkage?.length)) return { values, defs: [...defs] };
  const state = linkageState(defs, values);
  const kept = { ...values };
  const active: FieldDefinition[] = [];
  for (const def of defs) {
    const s = def.field ? state.get(def.field) : undefined;
    if (s && !s.visible) {
      delete kept[def.field];
      if (def.field2) delete kept[def.field2];
      continue;
    }
    active.push(s?.required && !def.required ? { ...def, required: true } : def);
  }
  return { values: kept, defs: active };
}

/**
 * Only the linkage part of a record's checks (approval submissions, whose values the engine keeps as
 * sent): drops the values of fields the linkage hides and refuses an empty field the linkage makes
 * required, naming it. Returns the values to store.
 */
export function enforceLinkage(defs: readonly FieldDefinition[], values: Record<string, unknown>): Record<string, unknown> {
  if (!defs.some((d) => d.linkage?.length)) return values;
  const linked = applyLinkage(defs, values);
  for (const def of linked.defs) {
    const original = defs.find((d) => d.field === def.field);
    if (!def.required || original?.required || !def.field) continue;
    const value = linked.values[def.field];
    if (isBlank(value) || (isControlType(def.type) && LIST_TYPES.includes(def.type) && isBlankList(value))) throw badRequest(requiredMessage(def));
  }
  return linked.values;
}

/**
 * Checks a record's values against the fields shown in its form. Values under other keys (companion
 * `field2` names, client bookkeeping) are kept as sent. Returns the city/county values whose region
 * ids the caller checks against the regions table.
 */
export function validateRecord(defs: readonly FieldDefinition[], values: Record<string, unknown>): RegionCheck[] {
  const checks: RegionCheck[] = [];
  for (const def of defs) {
    if (!isControlType(def.type) || !def.field || def.type === 'divider' || def.type === 'userinfo') continue;
    const value = values[def.field];
    if (isBlank(value) || (LIST_TYPES.includes(def.type) && isBlankList(value))) {
      if (def.required) throw badRequest(requiredMessage(def));
      continue;
    }
    checkValue(def, value, checks);
  }
  checkFieldRelations(defs, values);
  return checks;
}

function isBlankList(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) && parsed.length === 0;
  } catch {
    return false;
  }
}
