/** Which sheet column feeds which field of an import: suggested from the header titles, checked when sent back. */
import { badRequest } from '../../../http/errors';

/** A field an import can fill. `aliases` are other header titles that mean the same field. */
export type ImportField = { key: string; title: string; required?: boolean; aliases?: readonly string[] };

/** Field key → 0-based column index of the sheet. */
export type ColumnMapping = Record<string, number>;

const normalise = (title: string) => title.replace(/[\s*＊:：()（）]/g, '').toLowerCase();

/** Matches each field to the first unused header equal to its title, key or an alias (ignoring spaces, `*` and colons). */
export function suggestMapping(headers: readonly string[], fields: readonly ImportField[]): ColumnMapping {
  const mapping: ColumnMapping = {};
  const used = new Set<number>();
  const normalised = headers.map(normalise);
  for (const field of fields) {
    const names = new Set([field.title, field.key, ...(field.aliases ?? [])].map(normalise));
    const index = normalised.findIndex((h, i) => !used.has(i) && names.has(h));
    if (index >= 0) {
      mapping[field.key] = index;
      used.add(index);
    }
  }
  return mapping;
}

/**
 * The mapping a client sent (field key → column index, see ImportInput) against the sheet: known fields
 * only, columns within the sheet, no column used twice, every required field mapped.
 */
export function checkMapping(given: ColumnMapping, headers: readonly string[], fields: readonly ImportField[]): ColumnMapping {
  const mapping: ColumnMapping = {};
  const used = new Set<number>();
  for (const [key, index] of Object.entries(given)) {
    const field = fields.find((f) => f.key === key);
    if (!field) throw badRequest(`导入字段不存在：${key}`);
    if (index >= headers.length) throw badRequest(`“${field.title}”对应的列不存在`);
    if (used.has(index)) throw badRequest(`“${headers[index]}”列只能对应一个字段`);
    used.add(index);
    mapping[key] = index;
  }
  const missing = fields.find((f) => f.required && mapping[f.key] === undefined);
  if (missing) throw badRequest(`请为“${missing.title}”选择对应的列`);
  return mapping;
}

/** A sheet row as field key → cell text, through the mapping. */
export function mapRow(cells: readonly string[], mapping: ColumnMapping): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, index] of Object.entries(mapping)) out[key] = cells[index] ?? '';
  return out;
}
