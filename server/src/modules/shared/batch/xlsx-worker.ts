/** Worker thread entry: parses one uploaded sheet (xlsx-read.ts starts it) and posts the answer. */
import { parentPort, workerData } from 'node:worker_threads';
import { HttpError } from '../../../http/errors';
import { MSG_BAD_XLSX, parseSheet } from './xlsx-parse';
import type { ParseReply } from './xlsx-read';

const { data, fileName } = workerData as { data: Uint8Array; fileName: string };

parseSheet(Buffer.from(data.buffer, data.byteOffset, data.byteLength), fileName).then(
  (sheet) => parentPort?.postMessage({ ok: true, sheet } satisfies ParseReply),
  (err: unknown) =>
    parentPort?.postMessage(
      (err instanceof HttpError
        ? { ok: false, status: err.statusCode, message: err.message }
        : { ok: false, status: 400, message: MSG_BAD_XLSX }) satisfies ParseReply,
    ),
);
