/**
 * The values of 高级搜索 as the list carries them: compacting a filter and describing it in a tag.
 * Apart from the drawer (advanced-search.tsx), so a list shows its filter tags without loading the
 * drawer's date pickers and form (they load when the drawer first opens).
 */
import type { FieldDefinition } from '../dynamic-form/types';

export type SearchValues = Record<string, unknown>;

/** True for undefined, null, blank text and empty lists. */
export function isEmptyValue(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0 || value.every(isEmptyValue);
  return false;
}

/** The values to filter by: empty ones dropped, text trimmed. */
export function compactSearchValues(values: SearchValues): SearchValues {
  const out: SearchValues = {};
  for (const [key, value] of Object.entries(values)) {
    if (isEmptyValue(value)) continue;
    out[key] = typeof value === 'string' ? value.trim() : value;
  }
  return out;
}

/** How an active filter reads in a tag: the option label for choices, the text otherwise. */
export function describeSearchValue(field: FieldDefinition, value: unknown): string {
  const text = String(value);
  if (field.options?.length) {
    const labels = text.split(',').map((v) => field.options?.find((o) => String(o.value) === v)?.label ?? v);
    return labels.join('、');
  }
  if (field.type === 'switch') return text === String(field.active ?? '1') ? '是' : '否';
  return text;
}
