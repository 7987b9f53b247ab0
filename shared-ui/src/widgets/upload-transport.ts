/**
 * Sends one file as multipart to the upload endpoint (default `api/file/UploadFile`), reporting
 * progress. XMLHttpRequest rather than the API client: the client only speaks form-encoded bodies
 * and has no upload progress. A reply of 'ok' or 'success' is a success; otherwise the reply's
 * message or msg is the reason, and 上传失败 when there is none (spec §8).
 */
import { forceLogout, getApiBaseUrl, getSessionToken, LOGIN_REQUIRED_MARKER, MESSAGES } from '@portal/shared-core';
import type { FileRecord, UploadParams } from './file-types';

export const DEFAULT_UPLOAD_URL = 'api/file/UploadFile';

export type UploadOutcome = { ok: true; file: FileRecord } | { ok: false; message: string };

export type UploadRequest = {
  file: File;
  params: UploadParams;
  url?: string;
  onProgress?: (percent: number) => void;
};

/** Resolves `url` against the API base like the API client does (`/` + `api/...`). */
export function apiUrl(url: string): string {
  if (/^https?:\/\//i.test(url)) return url;
  return `${getApiBaseUrl().replace(/\/+$/, '')}/${url.replace(/^\/+/, '')}`;
}

/** Reads an upload reply (JSON object or a bare 'ok'/'success' text). */
export function readUploadReply(body: unknown): UploadOutcome {
  if (typeof body === 'string') {
    const text = body.trim();
    if (text === 'ok' || text === 'success') return { ok: true, file: {} as FileRecord };
    try {
      return readUploadReply(JSON.parse(text));
    } catch {
      return { ok: false, message: MESSAGES.uploadFailed };
    }
  }
  if (typeof body !== 'object' || body === null) return { ok: false, message: MESSAGES.uploadFailed };
  const reply = body as { result?: unknown; message?: unknown; msg?: unknown; data?: unknown };
  if (reply.result === 'ok' || reply.result === 'success') return { ok: true, file: (reply.data ?? {}) as FileRecord };
  const reason = [reply.message, reply.msg].find((m): m is string => typeof m === 'string' && m.trim() !== '');
  return { ok: false, message: reason ?? MESSAGES.uploadFailed };
}

export function uploadFile({ file, params, url = DEFAULT_UPLOAD_URL, onProgress }: UploadRequest): Promise<UploadOutcome> {
  return new Promise((resolve) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(params)) {
      if (value !== undefined && value !== null) form.append(name, String(value));
    }
    form.append('file', file, file.name);

    const xhr = new XMLHttpRequest();
    xhr.open('POST', apiUrl(url));
    const token = getSessionToken();
    if (token) xhr.setRequestHeader('authkey', token);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      const outcome = readUploadReply(xhr.responseText);
      if (!outcome.ok && outcome.message.includes(LOGIN_REQUIRED_MARKER)) forceLogout();
      resolve(outcome);
    };
    xhr.onerror = () => resolve({ ok: false, message: MESSAGES.uploadFailed });
    xhr.onabort = () => resolve({ ok: false, message: MESSAGES.uploadFailed });
    xhr.send(form);
  });
}
