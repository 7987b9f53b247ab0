import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { badRequest, HttpError } from '../../http/errors';
import { extensionOf, FILE_KINDS, HEAD_BYTES, isAcceptableName, type FileKind } from './file-types';

export const MSG_NO_FILE = '请选择要上传的文件';
export const MSG_EMPTY = '文件为空';
export const MSG_BAD_TYPE = '不支持的文件类型';
export const MSG_CONTENT_MISMATCH = '文件内容与扩展名不符';
export const MSG_BAD_NAME = '文件名不合法';
export const MSG_ONE_FILE = '每次只能上传一个文件';

/** `文件超过大小限制（最大 20 MB）`, the limit in MB (or KB below 1 MB). */
export function tooLargeMessage(maxBytes: number): string {
  const mb = maxBytes / (1024 * 1024);
  const limit = mb >= 1 ? `${Number(mb.toFixed(1))} MB` : `${Number((maxBytes / 1024).toFixed(1))} KB`;
  return `文件超过大小限制（最大 ${limit}）`;
}

/** A received, checked upload waiting in the temporary folder. */
export type ReceivedFile = { tempPath: string; originalName: string; format: string; kind: FileKind; sizeBytes: number; fields: Record<string, string> };

/** Multipart limits: one file, a handful of short fields (the upload parameters). */
export function multipartLimits(maxBytes: number) {
  return { fileSize: maxBytes, files: 1, fields: 20, fieldSize: 1024, parts: 25, headerPairs: 100 };
}

export function tempDirOf(uploadDir: string): string {
  return path.join(uploadDir, '.tmp');
}

async function removeQuietly(file: string): Promise<void> {
  await fsp.rm(file, { force: true }).catch(() => undefined);
}

async function readHead(file: string): Promise<Buffer> {
  const handle = await fsp.open(file, 'r');
  try {
    const buffer = Buffer.alloc(HEAD_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, HEAD_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

export const MSG_ABORTED = '上传已中断，请重新上传';

/** The client went away mid-upload (closed the tab, lost the network, cancelled): its doing, not a server error. */
function clientAborted(request: FastifyRequest, code: string): boolean {
  return (
    request.raw.aborted || request.raw.socket?.destroyed === true || code === 'ERR_STREAM_PREMATURE_CLOSE' || code === 'ECONNRESET' || code === 'ECONNABORTED'
  );
}

/** Maps the multipart parser's errors to messages (anything else is passed on). */
function multipartError(err: unknown, request: FastifyRequest): unknown {
  const code = typeof err === 'object' && err !== null && 'code' in err ? String((err as { code: unknown }).code) : '';
  if (clientAborted(request, code)) return badRequest(MSG_ABORTED);
  if (code === 'FST_FILES_LIMIT') return badRequest(MSG_ONE_FILE);
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') return badRequest('上传参数过多');
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return badRequest(MSG_NO_FILE);
  if (code === 'FST_PROTO_VIOLATION') return badRequest('上传参数不合法');
  if (err instanceof Error && /multipart|terminated early|Unexpected end/i.test(err.message)) return badRequest('上传数据不完整，请重新上传');
  return err;
}

/**
 * Streams the request's one file to a temporary file (never more than the size limit is kept), then
 * checks it: present, not empty, not over the limit, an acceptable name, an allowed extension and
 * content that matches the extension. On any failure the temporary file is removed and the error
 * names the problem.
 */
export async function receiveUpload(request: FastifyRequest, uploadDir: string, maxBytes: number): Promise<ReceivedFile> {
  if (!request.isMultipart()) throw badRequest(MSG_NO_FILE);
  const tempPath = path.join(tempDirOf(uploadDir), `${randomBytes(16).toString('hex')}.part`);
  const fields: Record<string, string> = {};
  let file: { name: string; truncated: boolean } | undefined;
  try {
    try {
      for await (const part of request.parts({ limits: multipartLimits(maxBytes) })) {
        if (part.type === 'file') {
          await pipeline(part.file, fs.createWriteStream(tempPath, { flags: 'wx' }));
          // Browsers (and undici) send a double quote in a file name as %22 (HTML multipart encoding).
          file = { name: (part.filename ?? '').replace(/%22/g, '"'), truncated: part.file.truncated };
        } else {
          if (part.valueTruncated) throw badRequest(`上传参数${part.fieldname}过长`);
          fields[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value ?? '');
        }
      }
    } catch (err) {
      throw multipartError(err, request);
    }
    if (!file) throw badRequest(MSG_NO_FILE);
    if (file.truncated) throw new HttpError(413, tooLargeMessage(maxBytes));
    const { size } = await fsp.stat(tempPath);
    if (size === 0) throw badRequest(MSG_EMPTY);
    if (!isAcceptableName(file.name)) throw badRequest(MSG_BAD_NAME);
    const format = extensionOf(file.name);
    const kind = FILE_KINDS[format];
    if (!kind) throw badRequest(`${MSG_BAD_TYPE}：${format ? `.${format}` : '没有扩展名'}`);
    if (!kind.matches(await readHead(tempPath))) throw badRequest(MSG_CONTENT_MISMATCH);
    return { tempPath, originalName: file.name.trim(), format, kind, sizeBytes: size, fields };
  } catch (err) {
    await removeQuietly(tempPath);
    throw err;
  }
}

/**
 * Stores a checked upload: `record` inserts the database row in a transaction and calls
 * `moveIntoPlace` inside it, so a failed insert leaves no file and a failed move leaves no row; if
 * the commit itself fails the moved file is removed. The temporary file never outlives the call.
 */
export async function storeUpload<T>(
  received: ReceivedFile,
  uploadDir: string,
  storedName: string,
  record: (moveIntoPlace: () => Promise<void>) => Promise<T>,
): Promise<T> {
  const finalPath = path.join(uploadDir, storedName);
  try {
    return await record(() => fsp.rename(received.tempPath, finalPath));
  } catch (err) {
    await removeQuietly(finalPath);
    throw err;
  } finally {
    await removeQuietly(received.tempPath);
  }
}

export async function discardUpload(received: ReceivedFile): Promise<void> {
  await removeQuietly(received.tempPath);
}

/** Removes temporary files older than an hour (left by a crash); recent ones may belong to another process's upload. */
export async function sweepTempDir(uploadDir: string, now: number): Promise<void> {
  const dir = tempDirOf(uploadDir);
  for (const name of await fsp.readdir(dir).catch(() => [] as string[])) {
    const file = path.join(dir, name);
    const stat = await fsp.stat(file).catch(() => null);
    if (stat && now - stat.mtimeMs > 3600_000) await removeQuietly(file);
  }
}

export function newStoredName(format: string): string {
  return `${randomBytes(16).toString('hex')}.${format}`;
}
