import { badRequest } from '../../../http/errors';
import { isRecord } from '../../../lib/is-record';
import { isApiPath } from '../../../http/url';
import type { FieldDefinition } from '@portal/shared-contract';
import { checkLinkageTargets, parseLinkage } from './linkage';

/**
 * The dynamic form's field definitions (their type: FieldDefinition of @portal/shared-contract, which
 * shared-ui renders too): checked here when a form is designed; records are checked against them in
 * module-record/record-validation.ts.
 */
import { CONTROL_TYPES, type ControlType } from '@portal/shared-contract';
export { CONTROL_TYPES, type ControlType };

/** The Chinese name of each control type (the designer's palette uses the same names). */
export const CONTROL_LABELS: Record<ControlType, string> = {
  divider: '分割线',
  userinfo: '填写人',
  input: '单行文本',
  number: '数字',
  ColorPicker: '颜色选择',
  select: '下拉选择',
  statusSelect: '状态选择',
  jcselect: '远程下拉',
  radio: '单选',
  date: '日期',
  datetime: '日期时间',
  daterange: '日期范围',
  switch: '开关',
  textarea: '多行文本',
  city: '省市',
  county: '省市区',
  branch: '部门',
  contract: '合同',
  customer: '客户',
  user: '人员',
  users: '多人员',
  product: '产品明细',
  picture: '图片',
  cover: '封面图',
  file: '附件',
  editor: '富文本',
  property: '属性列表',
  tags: '标签',
  tree: '树形选择',
  tablelist: '明细表格',
};

/** “单行文本(input)”: a type as messages name it. */
export function typeLabel(type: string): string {
  return isControlType(type) ? `“${CONTROL_LABELS[type]}”` : `“${type}”`;
}

/** Layout-only controls: they hold no value, so a field name is optional. */
export const LAYOUT_TYPES: readonly ControlType[] = ['divider', 'userinfo'];

/** Controls whose value cannot be a list column (rich or structured values). */
const NOT_LISTABLE: readonly ControlType[] = ['divider', 'userinfo', 'editor', 'product', 'picture', 'cover', 'file', 'property', 'tablelist'];

/** The wire shape of a definition (what an item's `json` holds) is the contract's; the checks below are the server's. */
export type { FieldDefinition, FieldOption } from '@portal/shared-contract';

export function isControlType(type: string): type is ControlType {
  return (CONTROL_TYPES as readonly string[]).includes(type);
}

export function isListable(def: FieldDefinition): boolean {
  return isControlType(def.type) && !NOT_LISTABLE.includes(def.type) && def.field !== '';
}

const FIELD_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
/**
 * Remote sources are API paths of this server (`api/customer/index`): the client posts its login key
 * to them, so a scheme, a host (`//evil`) or `..` is refused.
 */
const API_PATH = /^\/?[A-Za-z][A-Za-z0-9_]*(?:\/[A-Za-z0-9_]+)*\/?(?:\?[A-Za-z0-9_=&%.,-]*)?$/;

export function isOwnApiUrl(value: string): boolean {
  // Safe characters only, and under the API's own prefixes (the same test the router uses).
  return API_PATH.test(value) && isApiPath(`/${value.replace(/^\//, '')}`);
}

/** Parses a stored definition; null when unreadable (the client shows 未知控件类型 for those). */
export function readDefinition(json: string): FieldDefinition | null {
  try {
    const parsed: unknown = JSON.parse(json);
    return isRecord(parsed) ? (parsed as FieldDefinition) : null;
  } catch {
    return null;
  }
}

/** Display name of a field in messages: its title, else its name, else its position. */
function nameOf(raw: Record<string, unknown>, position: number): string {
  if (typeof raw.title === 'string' && raw.title.trim()) return `字段“${raw.title.trim()}”`;
  if (typeof raw.field === 'string' && raw.field.trim()) return `字段“${raw.field.trim()}”`;
  return `第${position}个字段`;
}

function optionalString(raw: Record<string, unknown>, key: string, who: string, max = 200): void {
  const v = raw[key];
  if (v === undefined || v === null) return;
  if (typeof v !== 'string') throw badRequest(`${who}的${key}必须是文本`);
  if ([...v].length > max) throw badRequest(`${who}的${key}不能超过${max}个字符`);
}

function optionalNumber(raw: Record<string, unknown>, key: string, who: string, min: number, max: number): void {
  const v = raw[key];
  if (v === undefined || v === null || v === '') return;
  const n = typeof v === 'string' ? Number(v) : v;
  if (typeof n !== 'number' || !Number.isFinite(n) || n < min || n > max) throw badRequest(`${who}的${key}必须是${min}到${max}之间的数字`);
}

function optionalJsonObjectText(raw: Record<string, unknown>, key: string, who: string): void {
  const v = raw[key];
  if (v === undefined || v === null || v === '') return;
  if (typeof v !== 'string') throw badRequest(`${who}的${key}必须是JSON文本`);
  try {
    if (isRecord(JSON.parse(v))) return;
  } catch {
    /* reported below */
  }
  throw badRequest(`${who}的${key}必须是JSON对象文本`);
}

/**
 * Checks one field definition (an item's `json`, as a JSON string or an object) and returns it as
 * an object. `position` (1-based) names the field in messages when it has no title.
 */
export function parseDefinition(json: unknown, position: number): FieldDefinition {
  let raw: unknown = json;
  if (typeof json === 'string') {
    try {
      raw = JSON.parse(json);
    } catch {
      throw badRequest(`第${position}个字段的定义不是有效的JSON`);
    }
  }
  if (!isRecord(raw)) throw badRequest(`第${position}个字段的定义不是有效的JSON对象`);
  const who = nameOf(raw, position);

  const type = raw.type;
  if (typeof type !== 'string' || type.trim() === '') throw badRequest(`${who}缺少控件类型`);
  if (!isControlType(type)) throw badRequest(`${who}的控件类型“${type}”不存在`);

  const title = raw.title;
  if (typeof title !== 'string' || title.trim() === '') throw badRequest(`第${position}个字段的标题不能为空`);
  if ([...title].length > 50) throw badRequest(`${who}的标题不能超过50个字符`);

  const field = raw.field ?? '';
  if (typeof field !== 'string') throw badRequest(`${who}的字段名必须是文本`);
  if (field === '' && !LAYOUT_TYPES.includes(type)) throw badRequest(`${who}的字段名不能为空`);
  if (field !== '' && (!FIELD_NAME.test(field) || field.length > 50)) {
    throw badRequest(`${who}的字段名“${field}”不正确：只能用字母、数字和下划线，且不能以数字开头`);
  }
  const field2 = raw.field2;
  if (field2 !== undefined && field2 !== null && field2 !== '' && (typeof field2 !== 'string' || !FIELD_NAME.test(field2) || field2.length > 50)) {
    throw badRequest(`${who}的显示字段名“${String(field2)}”不正确：只能用字母、数字和下划线，且不能以数字开头`);
  }

  for (const key of ['message', 'placeholder', 'parent', 'loadFilter', 'optionText', 'optionValue', 'name']) optionalString(raw, key, who);
  for (const key of ['params', 'parentParams']) optionalJsonObjectText(raw, key, who);
  if (raw.url !== undefined && raw.url !== null && raw.url !== '') {
    if (typeof raw.url !== 'string' || !isOwnApiUrl(raw.url)) throw badRequest(`${who}的数据地址必须是本系统的接口路径（如 api/customer/index）`);
  }
  if (raw.method !== undefined && raw.method !== 'post' && raw.method !== 'get') throw badRequest(`${who}的请求方式只能是post或get`);
  for (const key of ['required', 'disabled', 'readonly', 'multiple', 'onHand', 'remote']) {
    if (raw[key] !== undefined && typeof raw[key] !== 'boolean') throw badRequest(`${who}的${key}必须是true或false`);
  }
  optionalNumber(raw, 'max', who, 0, 1_000_000_000);
  optionalNumber(raw, 'multipleLimit', who, 0, 1000);
  optionalNumber(raw, 'rows', who, 1, 50);
  optionalNumber(raw, 'height', who, 0, 5000);
  optionalNumber(raw, 'column', who, 1, 24);

  if (raw.options !== undefined && raw.options !== null) {
    if (!Array.isArray(raw.options)) throw badRequest(`${who}的选项必须是列表`);
    if (raw.options.length > 500) throw badRequest(`${who}的选项不能超过500个`);
    const seen = new Set<string>();
    raw.options.forEach((o, i) => {
      if (!isRecord(o) || typeof o.label !== 'string' || o.label.trim() === '' || (typeof o.value !== 'string' && typeof o.value !== 'number')) {
        throw badRequest(`${who}的第${i + 1}个选项必须有名称和值`);
      }
      if (seen.has(String(o.value))) throw badRequest(`${who}的选项值“${String(o.value)}”重复`);
      seen.add(String(o.value));
    });
  }
  // The transient per-node flag is computed when a definition is served, never stored.
  const linkage = parseLinkage(raw.linkage, who);
  const def = { ...raw } as FieldDefinition;
  delete def.writable;
  // notBefore: the start a date may not precede; totalField: the number the rows' 金额 add up to.
  for (const [key, label, types, what] of [
    ['notBefore', '开始字段', ['date', 'datetime'], '日期字段'],
    ['totalField', '合计字段', ['tablelist'], '明细表格'],
  ] as const) {
    const v = raw[key];
    if (v === undefined || v === null || v === '') {
      delete def[key];
      continue;
    }
    if (typeof v !== 'string' || !FIELD_NAME.test(v) || v.length > 50) throw badRequest(`${who}的${label}必须是字段名`);
    if (!(types as readonly string[]).includes(type)) throw badRequest(`${who}不是${what}，不能设置${label}`);
  }
  if (linkage) def.linkage = linkage;
  else delete def.linkage;
  return def;
}

/** Checks a whole field list: every definition, then names unique across fields and companions. */
export function parseDefinitions(items: unknown[]): FieldDefinition[] {
  const defs = items.map((json, i) => parseDefinition(json, i + 1));
  const taken = new Map<string, string>();
  defs.forEach((def) => {
    for (const name of [def.field, def.field2]) {
      if (!name) continue;
      const holder = taken.get(name);
      if (holder !== undefined) throw badRequest(`字段名“${name}”重复（字段“${holder}”和“${def.title}”）`);
      taken.set(name, def.title);
    }
  });
  for (const def of defs) {
    if (def.parent && (def.parent === def.field || !defs.some((d) => d.field === def.parent))) {
      throw badRequest(`字段“${def.title}”的上级字段“${def.parent}”不存在`);
    }
  }
  for (const def of defs) {
    const earlier = def.notBefore ? defs.find((d) => d.field === def.notBefore && d !== def) : undefined;
    if (def.notBefore && (!earlier || (earlier.type !== 'date' && earlier.type !== 'datetime'))) {
      throw badRequest(`字段“${def.title}”的开始字段“${def.notBefore}”不存在或不是日期字段`);
    }
    const total = def.totalField ? defs.find((d) => d.field === def.totalField) : undefined;
    if (def.totalField && total?.type !== 'number') throw badRequest(`字段“${def.title}”的合计字段“${def.totalField}”不存在或不是数字字段`);
  }
  checkLinkageTargets(defs);
  return defs;
}
