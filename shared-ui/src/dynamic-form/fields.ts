/**
 * Reading a form definition: its items' `json` (a JSON string from the server) as field
 * definitions, which fields depend on which, and the request parameters of a dependent field.
 */
import type { FieldDefinition, FormDefinition } from './types';

/** A field whose `json` cannot be read still renders, as 未知控件类型, rather than vanishing. */
const UNREADABLE_TYPE = 'unreadable';

export function parseField(json: FieldDefinition | string, index: number): FieldDefinition {
  if (typeof json !== 'string') return json;
  try {
    const parsed: unknown = JSON.parse(json);
    if (parsed && typeof parsed === 'object') return parsed as FieldDefinition;
  } catch {
    // falls through to the unreadable field
  }
  return { type: UNREADABLE_TYPE, field: `__unreadable_${index}`, title: '' };
}

/** The definition's fields in their stored order. */
export function formFields(definition: Pick<FormDefinition, 'items'>): FieldDefinition[] {
  return definition.items.map((item, index) => parseField(item.json, index));
}

/** A JSON object held in a string (`params`, `parentParams`); anything else reads as empty. */
export function parseJsonObject(text: string | undefined): Record<string, unknown> {
  if (!text) return {};
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

export function isEmptyValue(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

/**
 * The request parameters of a field: its own `params`, plus, for a dependent field, the parent's
 * value under the names `parentParams` maps ('$parent' or another field's name). Without a
 * `parentParams` the parent's value travels under the parent field's own name.
 */
export function fieldParams(field: FieldDefinition, getValue: (name: string) => unknown): Record<string, unknown> {
  const params = parseJsonObject(field.params);
  if (!field.parent) return params;
  const mapping = parseJsonObject(field.parentParams);
  const entries = Object.keys(mapping).length > 0 ? Object.entries(mapping) : [[field.parent, '$parent'] as const];
  for (const [name, source] of entries) {
    const from = source === '$parent' ? field.parent : String(source);
    params[name] = getValue(from);
  }
  return params;
}

/** Whether a dependent field can ask for its options yet (its parent has a value). */
export function parentReady(field: FieldDefinition, getValue: (name: string) => unknown): boolean {
  return !field.parent || !isEmptyValue(getValue(field.parent));
}

/** Every field that depends, directly or through another, on `name` (children before grandchildren). */
export function dependentsOf(fields: readonly FieldDefinition[], name: string): FieldDefinition[] {
  const found: FieldDefinition[] = [];
  const queue = [name];
  while (queue.length > 0) {
    const parent = queue.shift();
    for (const field of fields) {
      if (field.parent === parent && !found.includes(field)) {
        found.push(field);
        queue.push(field.field);
      }
    }
  }
  return found;
}
