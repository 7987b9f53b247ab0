/**
 * Validation rules of a dynamic form field (spec §5), built from its type and settings. The server
 * checks the same rules with the same messages; these only spare the user a round trip.
 */
import type { FormRule } from 'antd';
import { MESSAGES, TEXT_MAX, dayjs } from '@portal/shared-core';
import { requiredRule } from '../form-panel/required-rule';
import { isEmptyValue } from './fields';
import type { FieldDefinition } from './types';

/** Switch values and region ids: letters, digits, underscore or Chinese characters. */
export const WORD_PATTERN = /^[\w\u4e00-\u9fa5]+$/;
/** Department ids and names: the same, plus commas between several. */
export const BRANCH_PATTERN = /^[\w\u4e00-\u9fa5,]+$/;

export const WORD_PATTERN_MESSAGE = '只能包含字母、数字、下划线或汉字';
export const BRANCH_PATTERN_MESSAGE = '只能包含字母、数字、下划线、汉字或逗号';

/** Types a user chooses (请选择 when empty); every other type is filled in (信息必须填写). */
const CHOSEN_TYPES: readonly string[] = [
  'select',
  'statusSelect',
  'jcselect',
  'radio',
  'date',
  'datetime',
  'daterange',
  'branch',
  'contract',
  'customer',
  'user',
  'users',
  'tree',
  'tags',
];
/** Types whose value is a list or an object: "empty" means no element. */
const LIST_TYPES: readonly string[] = ['city', 'county', 'property', 'tablelist', 'daterange'];
const TEXT_LIMITED_TYPES: readonly string[] = ['input', 'textarea'];
/** Types whose value is always text. */
const TEXT_TYPES: readonly string[] = ['input', 'textarea', 'editor', 'ColorPicker'];
const NON_BLANK_TYPES: readonly string[] = ['user', 'contract', 'customer'];

/** The longest text an input or textarea takes: its own `max` when smaller than 300. */
export function textLimit(field: Pick<FieldDefinition, 'max'>): number {
  const own = Number(field.max);
  return own > 0 ? Math.min(own, TEXT_MAX) : TEXT_MAX;
}

export function textLimitMessage(title: string, max = TEXT_MAX): string {
  return `${title}不能超过${max}个字符`;
}

/** A required rule for any value shape: empty lists and blank text count as empty (antd sees `[]` as filled). */
function requiredValue(message: string, check?: (value: unknown) => string | null): FormRule {
  return {
    required: true,
    validator: async (_rule, value: unknown) => {
      if (isEmptyValue(value)) throw new Error(message);
      const problem = check?.(value);
      if (problem) throw new Error(problem);
    },
  };
}

function hasUnpickedProduct(value: unknown): boolean {
  return Array.isArray(value) && value.some((line: { productid?: unknown }) => isEmptyValue(line?.productid));
}

function requiredRules(field: FieldDefinition): FormRule[] {
  const own = field.message || undefined;
  switch (field.type) {
    case 'product':
      return [requiredValue(own ?? MESSAGES.productRequired, (v) => (hasUnpickedProduct(v) ? (own ?? MESSAGES.productPick) : null))];
    case 'picture':
    case 'cover':
      return [requiredValue(own ?? MESSAGES.pictureRequired)];
    case 'file':
      return [requiredValue(own ?? MESSAGES.fileRequired)];
    default:
      break;
  }
  const filled = !CHOSEN_TYPES.includes(field.type);
  if (LIST_TYPES.includes(field.type)) return [requiredValue(own ?? (filled ? MESSAGES.required : MESSAGES.selectRequired))];
  // antd's whitespace check types the value as text, which a number or a switch's 1/0 is not.
  if (TEXT_TYPES.includes(field.type)) return [requiredRule('input', own)];
  if (filled) return [requiredValue(own ?? MESSAGES.required)];
  return [requiredRule('select', own)];
}

function patternRule(test: (value: unknown) => boolean, message: string): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      if (isEmptyValue(value)) return;
      if (!test(value)) throw new Error(message);
    },
  };
}

const matchesWord = (value: unknown) => WORD_PATTERN.test(String(value));

/** `结束日期不能早于开始日期`: the server's words for an end before its start. */
export function notBeforeMessage(title: string, startTitle: string): string {
  return `${title}不能早于${startTitle}`;
}

function dateText(value: unknown): string | null {
  if (typeof value !== 'string' || value.trim() === '') return null;
  const text = value.trim().replace(/\//g, '-').replace('T', ' ');
  return dayjs(text).isValid() ? text : null;
}

/** Whether `end` is earlier than `start`: to the minute, or by day when either has no time (as the server compares). */
export function endsBefore(start: unknown, end: unknown): boolean {
  const [from, to] = [dateText(start), dateText(end)];
  if (!from || !to) return false;
  const byDay = from.length <= 10 || to.length <= 10;
  return byDay ? to.slice(0, 10) < from.slice(0, 10) : to < from;
}

/** Yuan (a number or its text, at most two decimals) in fen; null when it is not such an amount. */
export function amountInFen(value: unknown): number | null {
  const text = typeof value === 'number' && Number.isFinite(value) ? String(value) : typeof value === 'string' ? value.trim() : '';
  if (!/^\d+(\.\d{1,2})?$/.test(text)) return null;
  const [whole, frac = ''] = text.split('.');
  return Number(whole) * 100 + Number(frac.padEnd(2, '0'));
}

export const fenAsYuan = (fen: number): string => (fen / 100).toFixed(2);

/** A trigger no Form.Item fires: a rule with it runs only when the whole form is validated (on save). */
const ON_SAVE = 'onSave';

/** What is wrong with 明细 rows against their total field, in the server's words; null when nothing. */
export function linesProblem(lines: FieldDefinition, total: FieldDefinition, rows: unknown, stated: unknown): string | null {
  if (!Array.isArray(rows) || rows.length === 0) return null;
  let sum = 0;
  for (const [index, row] of rows.entries()) {
    const amount = (row as { amount?: unknown } | null)?.amount;
    if (isEmptyValue(amount)) return `第${index + 1}行请填写金额`;
    const fen = amountInFen(amount);
    if (fen === null || fen <= 0) return `第${index + 1}行金额格式不正确`;
    sum += fen;
  }
  if (isEmptyValue(stated)) return null;
  const fen = amountInFen(stated);
  if (fen === null || fen === sum) return null;
  return `${total.title}（${fenAsYuan(fen)}元）与${lines.title}合计（${fenAsYuan(sum)}元）不一致`;
}

/** The other fields whose values this field's rules read (its Form.Item `dependencies`). */
export function relatedFields(field: FieldDefinition): string[] {
  return [field.notBefore, field.type === 'tablelist' ? field.totalField : undefined].filter((name): name is string => Boolean(name));
}

/** The rules between this field and another of the form (server: record-validation.ts checkFieldRelations). */
function relationRules(field: FieldDefinition, fields: readonly FieldDefinition[]): FormRule[] {
  const rules: FormRule[] = [];
  const start = field.notBefore ? fields.find((f) => f.field === field.notBefore) : undefined;
  if (start) {
    rules.push(({ getFieldValue }) => ({
      validator: async (_rule, value: unknown) => {
        if (endsBefore(getFieldValue(start.field), value)) throw new Error(notBeforeMessage(field.title, start.title));
      },
    }));
  }
  const total = field.type === 'tablelist' && field.totalField ? fields.find((f) => f.field === field.totalField) : undefined;
  if (total) {
    rules.push(({ getFieldValue }) => ({
      // Only when the form is saved (validateFields): a line just added is empty, and must not turn red before it is filled.
      validateTrigger: ON_SAVE,
      validator: async (_rule, value: unknown) => {
        const problem = linesProblem(field, total, value, getFieldValue(total.field));
        if (problem) throw new Error(problem);
      },
    }));
  }
  return rules;
}

/** The field's rules; `fields` (the whole form) lets it check itself against the fields it names. */
export function fieldRules(field: FieldDefinition, fields: readonly FieldDefinition[] = []): FormRule[] {
  if (field.type === 'divider' || field.type === 'userinfo' || field.readonly) return [];
  const rules: FormRule[] = field.required ? requiredRules(field) : [];
  if (TEXT_LIMITED_TYPES.includes(field.type)) rules.push({ max: textLimit(field), message: textLimitMessage(field.title, textLimit(field)) });
  if (field.type === 'switch') rules.push(patternRule(matchesWord, WORD_PATTERN_MESSAGE));
  if (field.type === 'city') rules.push(patternRule((v) => (Array.isArray(v) ? v : [v]).every(matchesWord), WORD_PATTERN_MESSAGE));
  if (field.type === 'branch') rules.push(patternRule((v) => BRANCH_PATTERN.test(String(v)), BRANCH_PATTERN_MESSAGE));
  if (NON_BLANK_TYPES.includes(field.type)) {
    rules.push({
      validator: async (_rule, value: unknown) => {
        if (typeof value === 'string' && value !== '' && value.trim() === '') throw new Error(field.message || MESSAGES.selectRequired);
      },
    });
  }
  rules.push(...relationRules(field, fields));
  return rules;
}
