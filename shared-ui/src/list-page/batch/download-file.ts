/**
 * Downloads a file the API answers (an export, the rejected rows of an import) with the login key
 * header, and saves it under the server's file name. The API client reads only JSON envelopes, so
 * this is the one place a list page fetches a binary reply; an error envelope is reported like the
 * client reports it (toast, or the forced logout).
 */
import { ApiError, encodeForm, forceLogout, getNotifier, getSessionToken, LOGIN_REQUIRED_MARKER, MESSAGES, type RequestData } from '@portal/shared-core';
import { apiUrl } from '../../widgets/upload-transport';

export type DownloadRequest = { url: string; method?: 'GET' | 'POST'; data?: RequestData; fallbackName: string };

/** The file name of a Content-Disposition header (RFC 5987 `filename*` first). */
export function fileNameOf(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const extended = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (extended) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      /* falls back to the plain name */
    }
  }
  const plain = /filename="?([^";]+)"?/i.exec(disposition);
  return plain ? plain[1] : fallback;
}

export function saveBlob(blob: Blob, name: string): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = name;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Revoked later: some browsers read the blob after click() returns.
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

function fail(msg: string): never {
  if (msg.includes(LOGIN_REQUIRED_MARKER)) forceLogout();
  else getNotifier().error(msg);
  throw new ApiError('server', msg);
}

export async function downloadFile({ url, method = 'GET', data, fallbackName }: DownloadRequest): Promise<string> {
  const headers: Record<string, string> = {};
  const token = getSessionToken();
  if (token) headers.authkey = token;
  let target = apiUrl(url);
  let body: string | undefined;
  if (method === 'GET') {
    const query = encodeForm(data);
    if (query) target += `${target.includes('?') ? '&' : '?'}${query}`;
  } else {
    headers['Content-Type'] = 'application/x-www-form-urlencoded';
    body = encodeForm(data);
  }
  let response: Response;
  try {
    response = await fetch(target, { method, headers, body });
  } catch {
    getNotifier().error(MESSAGES.networkFailed);
    throw new ApiError('network', MESSAGES.networkFailed);
  }
  if (!response.ok || (response.headers.get('content-type') ?? '').includes('json')) {
    let msg: string = MESSAGES.responseFailed;
    try {
      const reply = (await response.json()) as { msg?: unknown };
      if (typeof reply.msg === 'string' && reply.msg) msg = reply.msg;
    } catch {
      /* not an envelope */
    }
    fail(msg);
  }
  const name = fileNameOf(response.headers.get('content-disposition'), fallbackName);
  saveBlob(await response.blob(), name);
  return name;
}
