/** Which sheet column feeds which field of an import: suggested from the header titles, checked when sent back. */
import { badRequest } from '../../../http/errors';
import { isRecord, parseInteger, type Input } from '../../../http/input';

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
 * The mapping a client sent (a JSON object, field key → column index): known fields only, columns
 * within the sheet, no column used twice, every required field mapped.
 */
export function parseMapping(input: Input, headers: readonly string[], fields: readonly ImportField[]): ColumnMapping {
  let raw: unknown = input.mapping;
  if (typeof raw === 'string') {
    try {
      raw = JSON.parse(raw);
    } catch {
      raw = undefined;
    }
  }
  if (!isRecord(raw)) throw badRequest('请设置导入字段的对应关系');
  const mapping: ColumnMapping = {};
  const used = new Set<number>();
  for (const [key, value] of Object.entries(raw)) {
    if (value === null || value === '' || value === undefined) continue;
    const field = fields.find((f) => f.key === key);
    if (!field) throw badRequest(`导入字段不存在：${key}`);
    const index = parseInteger(value);
    if (index === undefined || index < 0 || index >= headers.length) throw badRequest(`“${field.title}”对应的列不存在`);
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
