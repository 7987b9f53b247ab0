/**
 * Reading an uploaded .xlsx safely: one file, .xlsx only, at most 5 MB packed and 100 MB unpacked
 * (a zip bomb is refused before parsing), the first worksheet only, streamed, and refused as soon as
 * it holds more than 10,000 data rows.
 */
import { Readable } from 'node:stream';
import type { MultipartFile } from '@fastify/multipart';
import ExcelJS from 'exceljs';
import type { FastifyRequest } from 'fastify';
import { badRequest } from '../../../http/errors';

export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;
export const IMPORT_MAX_UNPACKED_BYTES = 100 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 10_000;

export const MSG_NO_FILE = '请选择要导入的文件';
export const MSG_ONLY_XLSX = '只支持导入 .xlsx 格式的Excel文件';
export const MSG_BAD_XLSX = '文件不是有效的 .xlsx 文件';
export const MSG_TOO_LARGE = `导入文件不能超过${IMPORT_MAX_BYTES / 1024 / 1024}MB`;
export const MSG_TOO_MANY_ROWS = `单次最多导入${IMPORT_MAX_ROWS}行数据，请拆分文件后再导入`;
export const MSG_EMPTY_SHEET = '文件中没有数据';

/** One data row: its row number in the sheet (as Excel shows it) and its cells as text. */
export type SheetRow = { row: number; cells: string[] };
export type Sheet = { fileName: string; headers: string[]; rows: SheetRow[] };

/** The uploaded file of a multipart request, whether or not the multipart plugin attaches fields to the body. */
async function uploadedFile(request: FastifyRequest): Promise<{ filename: string; data: Buffer }> {
  if (!request.isMultipart()) throw badRequest(MSG_NO_FILE);
  let part: MultipartFile | undefined = attachedFile(request.body);
  try {
    // throwFileSizeLimit: another module may have registered the plugin with it off.
    part ??= await request.file({ limits: { fileSize: IMPORT_MAX_BYTES, files: 1 }, throwFileSizeLimit: true });
  } catch (err) {
    throw isTooLarge(err) ? badRequest(MSG_TOO_LARGE) : badRequest(MSG_NO_FILE);
  }
  if (!part) throw badRequest(MSG_NO_FILE);
  if (!/\.xlsx$/i.test(part.filename)) {
    part.file.resume();
    throw badRequest(MSG_ONLY_XLSX);
  }
  let data: Buffer;
  try {
    data = await part.toBuffer();
  } catch (err) {
    throw isTooLarge(err) ? badRequest(MSG_TOO_LARGE) : err;
  }
  if (part.file.truncated || data.length > IMPORT_MAX_BYTES) throw badRequest(MSG_TOO_LARGE);
  return { filename: part.filename, data };
}

/** The file part when the multipart plugin was registered with `attachFieldsToBody` (the body already holds it). */
function attachedFile(body: unknown): MultipartFile | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const parts = Object.values(body).flatMap((v: unknown) => (Array.isArray(v) ? v : [v]));
  return parts.find((p): p is MultipartFile => typeof p === 'object' && p !== null && (p as { type?: string }).type === 'file');
}

function isTooLarge(err: unknown): boolean {
  const code = (err as { code?: string } | null)?.code;
  return code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_FILES_LIMIT' || (err as { statusCode?: number } | null)?.statusCode === 413;
}

/**
 * Sum of the unpacked sizes in the zip's central directory; undefined when the data is not a plain
 * zip (zip64 and damaged archives are refused rather than trusted).
 */
export function unpackedZipSize(data: Buffer): number | undefined {
  if (data.length < 22 || data.readUInt32LE(0) !== 0x04034b50) return undefined;
  const earliest = Math.max(0, data.length - 22 - 0xffff);
  let eocd = -1;
  for (let i = data.length - 22; i >= earliest; i--) {
    if (data.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return undefined;
  const entries = data.readUInt16LE(eocd + 10);
  let offset = data.readUInt32LE(eocd + 16);
  let total = 0;
  for (let n = 0; n < entries; n++) {
    if (offset + 46 > data.length || data.readUInt32LE(offset) !== 0x02014b50) return undefined;
    const size = data.readUInt32LE(offset + 24);
    if (size === 0xffffffff) return undefined;
    total += size;
    offset += 46 + data.readUInt16LE(offset + 28) + data.readUInt16LE(offset + 30) + data.readUInt16LE(offset + 32);
  }
  return total;
}

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
    if (Array.isArray(v.richText)) return v.richText.map((r) => r.text ?? '').join('').trim();
    if ('result' in v) return cellText(v.result);
    if (v.text !== undefined) return cellText(v.text);
  }
  return '';
}

/** Reads the first worksheet: the first non-empty row is the header, empty rows are skipped. */
export async function readSheet(data: Buffer, fileName: string): Promise<Sheet> {
  const unpacked = unpackedZipSize(data);
  if (unpacked === undefined) throw badRequest(MSG_BAD_XLSX);
  if (unpacked > IMPORT_MAX_UNPACKED_BYTES) throw badRequest(MSG_TOO_LARGE);

  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from(data), {
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

/** The uploaded sheet of a multipart request (field name free, one file). */
export async function readUploadedSheet(request: FastifyRequest): Promise<Sheet> {
  const file = await uploadedFile(request);
  return readSheet(file.data, file.filename);
}
