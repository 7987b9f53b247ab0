/**
 * Parsing an uploaded .xlsx (runs in a worker thread, see xlsx-read.ts): the zip is inflated with
 * the real output counted (zip-inflate.ts), then the first worksheet is streamed; more than
 * IMPORT_MAX_ROWS data rows are refused as soon as they are seen.
 */
import { Readable } from 'node:stream';
import { loadExcelJs } from './exceljs';
import { badRequest } from '../../../http/errors';
import { inflateEntries, packChecked, ZipTooLargeError } from './zip-inflate';

export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;
export const IMPORT_MAX_UNPACKED_BYTES = 100 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 10_000;

export const MSG_BAD_XLSX = '文件不是有效的 .xlsx 文件';
export const MSG_TOO_LARGE = `导入文件不能超过${IMPORT_MAX_BYTES / 1024 / 1024}MB`;
export const MSG_TOO_LARGE_UNPACKED = `导入文件解压后超过${IMPORT_MAX_UNPACKED_BYTES / 1024 / 1024}MB，请拆分文件后再导入`;
export const MSG_TOO_MANY_ROWS = `单次最多导入${IMPORT_MAX_ROWS}行数据，请拆分文件后再导入`;
export const MSG_EMPTY_SHEET = '文件中没有数据';

/** One data row: its row number in the sheet (as Excel shows it) and its cells as text. */
export type SheetRow = { row: number; cells: string[] };
export type Sheet = { fileName: string; headers: string[]; rows: SheetRow[] };

const pad = (n: number) => String(n).padStart(2, '0');

/** A cell as the text a user typed: dates as yyyy-MM-dd HH:mm (Excel dates carry no zone: read as written). */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return '';
    const d = value;
    return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
  }
  if (typeof value === 'object') {
    const v = value as { richText?: { text?: string }[]; text?: unknown; result?: unknown; error?: unknown };
    if (Array.isArray(v.richText))
      return v.richText
        .map((r) => r.text ?? '')
        .join('')
        .trim();
    if ('result' in v) return cellText(v.result);
    if (v.text !== undefined) return cellText(v.text);
  }
  return '';
}

/** Reads the first worksheet: the first non-empty row is the header, empty rows are skipped. */
export async function parseSheet(data: Buffer, fileName: string): Promise<Sheet> {
  let checked: Buffer;
  try {
    // The bytes really inflated are counted, whatever the archive declares; the parser gets our repack.
    checked = packChecked(inflateEntries(data, IMPORT_MAX_UNPACKED_BYTES));
  } catch (err) {
    if (err instanceof ZipTooLargeError) throw badRequest(MSG_TOO_LARGE_UNPACKED);
    throw badRequest(MSG_BAD_XLSX);
  }

  const ExcelJS = await loadExcelJs();
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from(checked), {
    worksheets: 'emit',
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'ignore',
  });
  let headers: string[] | undefined;
  const rows: SheetRow[] = [];
  try {
    for await (const worksheet of reader) {
      for await (const row of worksheet) {
        const values = Array.isArray(row.values) ? row.values.slice(1) : [];
        const cells = Array.from(values, (v) => cellText(v));
        if (cells.every((c) => c === '')) continue;
        if (!headers) {
          headers = cells.map((h, i) => h || `第${i + 1}列`);
          continue;
        }
        if (rows.length >= IMPORT_MAX_ROWS) throw badRequest(MSG_TOO_MANY_ROWS);
        rows.push({ row: row.number, cells });
      }
      break; // the first worksheet only
    }
  } catch (err) {
    if (err instanceof Error && err.name === 'HttpError') throw err;
    throw badRequest(MSG_BAD_XLSX);
  }
  if (!headers || rows.length === 0) throw badRequest(MSG_EMPTY_SHEET);
  const width = headers.length;
  return { fileName, headers, rows: rows.map((r) => ({ row: r.row, cells: Array.from({ length: width }, (_, i) => r.cells[i] ?? '') })) };
}
