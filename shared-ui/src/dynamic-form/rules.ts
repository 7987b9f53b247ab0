/**
 * Validation rules of a dynamic form field (spec §5), built from its type and settings. The server
 * checks the same rules with the same messages; these only spare the user a round trip.
 */
import type { FormRule } from 'antd';
import { MESSAGES, TEXT_MAX } from '@portal/shared-core';
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

export function fieldRules(field: FieldDefinition): FormRule[] {
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
  return rules;
}
