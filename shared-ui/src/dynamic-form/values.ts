/**
 * The two value forms of a dynamic form (spec §4, contract "In-form value shapes"): what the
 * controls hold while editing, and what is sent and stored. JSON_VALUE_TYPES travel as JSON
 * strings, date ranges and multiple selections as comma-joined strings. `fromDetailValues` undoes
 * `toSubmitValues`, so a stored record opens in the form exactly as it was entered.
 */
import { JSON_VALUE_TYPES, type ControlType, type FieldDefinition, type FormDefinition } from './types';
import { formFields } from './fields';

export type FormValues = Record<string, unknown>;

type FieldsSource = Pick<FormDefinition, 'items'> | readonly FieldDefinition[];

const SELECT_TYPES: readonly string[] = ['select', 'statusSelect', 'jcselect'];

export const SWITCH_ACTIVE_DEFAULT = '1';
export const SWITCH_INACTIVE_DEFAULT = '0';

function fieldsOf(source: FieldsSource): readonly FieldDefinition[] {
  return Array.isArray(source) ? source : formFields(source as Pick<FormDefinition, 'items'>);
}

export function isJsonValueType(type: string): boolean {
  return JSON_VALUE_TYPES.includes(type as ControlType);
}

export function isMultipleSelect(field: FieldDefinition): boolean {
  return Boolean(field.multiple) && SELECT_TYPES.includes(field.type);
}

/**
 * Where a userinfo field keeps the entering user's name: its field2, or `<field>_name`, so that the
 * record reads back by name for everyone (the id alone would need a user lookup).
 */
export function userinfoNameKey(field: Pick<FieldDefinition, 'field' | 'field2'>): string {
  return field.field2 || `${field.field}_name`;
}

export function switchValues(field: FieldDefinition): { active: string | number; inactive: string | number } {
  return { active: field.active ?? SWITCH_ACTIVE_DEFAULT, inactive: field.inactive ?? SWITCH_INACTIVE_DEFAULT };
}

/** Values as sent to api_add / api_edit (and as api_detail gives them back). */
export function toSubmitValues(source: FieldsSource, values: FormValues): FormValues {
  const submitted: FormValues = { ...values };
  for (const field of fieldsOf(source)) {
    if (!field.field || !(field.field in values)) continue;
    const value = values[field.field];
    if (isJsonValueType(field.type)) {
      submitted[field.field] = value === undefined || value === null || value === '' ? '' : typeof value === 'string' ? value : JSON.stringify(value);
    } else if (field.type === 'daterange' || isMultipleSelect(field)) {
      submitted[field.field] = Array.isArray(value) ? value.join(',') : (value ?? '');
    }
  }
  return submitted;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Stored values (from api_detail) as the form's controls hold them. */
export function fromDetailValues(source: FieldsSource, stored: FormValues): FormValues {
  const values: FormValues = { ...stored };
  for (const field of fieldsOf(source)) {
    if (!field.field || !(field.field in stored)) continue;
    const value = stored[field.field];
    if (isJsonValueType(field.type)) {
      values[field.field] = typeof value === 'string' ? (value === '' ? undefined : parseJson(value)) : value;
    } else if (field.type === 'daterange') {
      values[field.field] = typeof value === 'string' ? (value === '' ? undefined : value.split(',')) : value;
    } else if (isMultipleSelect(field)) {
      values[field.field] = Array.isArray(value) ? value.join(',') : value;
    } else if (field.type === 'number' && typeof value === 'string') {
      values[field.field] = value.trim() === '' || Number.isNaN(Number(value)) ? undefined : Number(value);
    }
  }
  return values;
}

/**
 * The values a new record starts from: each field's configured `value`, the current user for
 * userinfo, and the off value of a switch (so a stored switch is always one of its two values).
 */
export function defaultValues(source: FieldsSource, context: { userId?: number | string; userName?: string }): FormValues {
  const fields = fieldsOf(source);
  const values: FormValues = {};
  for (const field of fields) {
    if (!field.field) continue;
    if (field.type === 'userinfo') {
      if (context.userId !== undefined) values[field.field] = context.userId;
      if (context.userName !== undefined) values[userinfoNameKey(field)] = context.userName;
    } else if (field.value !== undefined && field.value !== '') {
      values[field.field] = field.value;
    } else if (field.type === 'switch') {
      values[field.field] = switchValues(field).inactive;
    }
  }
  // A configured default may be written in the stored form (a JSON string, a comma-joined range).
  return fromDetailValues(fields, values);
}
