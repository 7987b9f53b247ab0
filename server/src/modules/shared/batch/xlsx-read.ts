/**
 * Reading an uploaded .xlsx safely: one file, .xlsx only, at most 5 MB packed and 100 MB really
 * unpacked (counted while inflating, never taken from the zip's headers), the first worksheet only,
 * streamed, and refused as soon as it holds more than 10,000 data rows. Parsing runs in a worker
 * thread with its own memory cap and a time limit, so one import cannot stall the API (issue #12).
 */
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { badRequest, HttpError } from '../../../http/errors';
import { IMPORT_MAX_BYTES, MSG_TOO_LARGE, type Sheet } from './xlsx-parse';

export {
  cellText,
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ROWS,
  IMPORT_MAX_UNPACKED_BYTES,
  MSG_BAD_XLSX,
  MSG_EMPTY_SHEET,
  MSG_TOO_LARGE,
  MSG_TOO_LARGE_UNPACKED,
  MSG_TOO_MANY_ROWS,
  type Sheet,
  type SheetRow,
} from './xlsx-parse';

export const MSG_NO_FILE = '请选择要导入的文件';
export const MSG_ONLY_XLSX = '只支持导入 .xlsx 格式的Excel文件';
export const MSG_PARSE_TIMEOUT = '文件解析超时，请检查文件或拆分后再导入';

/** A parse may take this long and this much heap before the worker is stopped. */
export const PARSE_LIMITS = { timeoutMs: 60_000, maxHeapMb: 512 } as const;

/** The worker's message: the sheet, or the refusal the user sees. */
export type ParseReply = { ok: true; sheet: Sheet } | { ok: false; status: number; message: string };

function startWorker(workerData: unknown): Worker {
  const options = { workerData, resourceLimits: { maxOldGenerationSizeMb: PARSE_LIMITS.maxHeapMb } };
  const ext = path.extname(__filename);
  const file = path.join(__dirname, `xlsx-worker${ext}`);
  // From dist/ the compiled .js runs as is; from src/ (tests, tsx) the .ts goes through tsx's require hook.
  if (ext !== '.ts') return new Worker(file, options);
  const register = require.resolve('tsx/cjs');
  return new Worker(`require(${JSON.stringify(register)}); require(${JSON.stringify(file)});`, { ...options, eval: true });
}

/** Parses the sheet in a worker thread: the API's event loop stays free, and a runaway parse is stopped. */
export function readSheet(data: Buffer, fileName: string): Promise<Sheet> {
  return new Promise((resolve, reject) => {
    const worker = startWorker({ data, fileName });
    let settled = false;
    const finish = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      fn();
    };
    const timer = setTimeout(() => finish(() => reject(badRequest(MSG_PARSE_TIMEOUT))), PARSE_LIMITS.timeoutMs);
    worker.once('message', (reply: ParseReply) => finish(() => (reply.ok ? resolve(reply.sheet) : reject(new HttpError(reply.status, reply.message)))));
    worker.once('error', (err: Error & { code?: string }) => finish(() => reject(err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? badRequest(MSG_TOO_LARGE) : err)));
    worker.once('exit', (code) => finish(() => reject(new Error(`xlsx worker exited with code ${code}`))));
  });
}

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

/** The uploaded sheet of a multipart request (field name free, one file). */
export async function readUploadedSheet(request: FastifyRequest): Promise<Sheet> {
  const file = await uploadedFile(request);
  return readSheet(file.data, file.filename);
}
