/**
 * The one HTTP client of the portal (spec §7, §8): form-encoded POSTs with the `authkey` header,
 * the reply envelope read whatever the HTTP status, the spec's Chinese messages on failure and the
 * one-time forced logout when a reply says the login is missing or expired.
 */
import { HTTP_TIMEOUT_MS } from '../constants/limits';
import { LOGIN_REQUIRED_MARKER, MESSAGES } from '../constants/messages';
import { getSessionToken } from '../session/session-store';
import { forceLogout } from './forced-logout';
import { encodeForm, type RequestData } from './form-encode';
import { getNotifier } from './notifier';
import { ApiError, isEnvelope, isListReply, type ListReply, type Reply } from './reply';

let apiBaseUrl = '/';

/** Where the API lives; relative paths of the spec (`api/user/login`) resolve against it. */
export function setApiBaseUrl(url: string): void {
  apiBaseUrl = url;
}

export function getApiBaseUrl(): string {
  return apiBaseUrl;
}

/** `silent`: show no toast for this call (the caller reports); the forced-logout modal still shows. */
export type CallOptions = { silent?: boolean };

export type ApiClient = {
  /** A list endpoint: resolves `{rows, total}`; a reply carrying `result` is an error. */
  list: <T>(url: string, query?: RequestData, options?: CallOptions) => Promise<ListReply<T>>;
  /** A read: resolves `data` of a success reply, without a toast; rejects (with an error toast) otherwise. */
  fetch: <T>(url: string, data?: RequestData, options?: CallOptions) => Promise<T>;
  /**
   * A command (save, delete, …): shows the reply's msg as a success toast and resolves the reply;
   * on result 'error' shows msg as an error toast and rejects with an `ApiError` carrying the reply.
   */
  command: <T = unknown>(url: string, data?: RequestData, options?: CallOptions) => Promise<Reply<T>>;
  /** GET with query params (encoded as a form body is): resolves the reply body as sent (error envelopes reject). */
  get: <T>(url: string, params?: RequestData, options?: CallOptions) => Promise<T>;
  /** POST resolving the reply body as sent, for endpoints that answer bare lists (`api/branch/TreeJson`). */
  post: <T>(url: string, data?: RequestData, options?: CallOptions) => Promise<T>;
};

/** One HTTP exchange as the client sees it: what it sends, and the reply's status and text. */
export type HttpRequest = { method: 'GET' | 'POST'; url: string; headers: Record<string, string>; body?: string; timeoutMs: number };
export type HttpResponse = { status: number; text: string };
/** Sends a request; rejects when no reply arrives (network down, timeout). */
export type Transport = (request: HttpRequest) => Promise<HttpResponse>;

/** The browser's fetch, given up after `timeoutMs`. */
export const fetchTransport: Transport = async ({ method, url, headers, body, timeoutMs }) => {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const response = await fetch(url, { method, headers, body, signal: controller.signal });
    return { status: response.status, text: await response.text() };
  } finally {
    clearTimeout(timer);
  }
};

export type ApiClientOptions = {
  /** Replaces fetch (tests). */
  transport?: Transport;
  getToken?: () => string | null;
};

/** `api/x` against the base URL (`/`, `http://host/`); an absolute URL is kept as it is. */
function resolveUrl(url: string): string {
  if (/^[a-z][a-z\d+.-]*:\/\//i.test(url)) return url;
  return `${apiBaseUrl.replace(/\/+$/, '')}/${url.replace(/^\/+/, '')}`;
}

/** The reply's JSON, or its text when it is not JSON (an HTML error page: 响应失败). */
function parseBody(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const getToken = options.getToken ?? getSessionToken;
  const transport = options.transport ?? fetchTransport;

  function report(msg: string, options: CallOptions | undefined): void {
    if (!options?.silent) getNotifier().error(msg);
  }

  /** The envelope is read whatever the status: 401/403/400/404 carry {result:'error', msg}. */
  async function send(
    method: HttpRequest['method'],
    url: string,
    data: RequestData | undefined,
    options: CallOptions | undefined,
  ): Promise<{ body: unknown; status: number }> {
    const token = getToken();
    const headers: Record<string, string> = token ? { authkey: token } : {};
    const encoded = encodeForm(data);
    const request: HttpRequest =
      method === 'POST'
        ? {
            method,
            url: resolveUrl(url),
            headers: { ...headers, 'Content-Type': 'application/x-www-form-urlencoded' },
            body: encoded,
            timeoutMs: HTTP_TIMEOUT_MS,
          }
        : { method, url: resolveUrl(url) + (encoded ? `${url.includes('?') ? '&' : '?'}${encoded}` : ''), headers, timeoutMs: HTTP_TIMEOUT_MS };
    let response: HttpResponse;
    try {
      response = await transport(request);
    } catch {
      report(MESSAGES.networkFailed, options);
      throw new ApiError('network', MESSAGES.networkFailed);
    }
    return { body: parseBody(response.text), status: response.status };
  }

  function post(url: string, data: RequestData | undefined, options: CallOptions | undefined) {
    return send('POST', url, data, options);
  }

  function unreadable(status: number, options: CallOptions | undefined): ApiError {
    report(MESSAGES.responseFailed, options);
    return new ApiError('unreadable', MESSAGES.responseFailed, { status });
  }

  /** An error envelope (or a list reply carrying `result`): the forced logout, or an error toast. */
  function failed(reply: Reply, status: number, options: CallOptions | undefined): ApiError {
    const msg = typeof reply.msg === 'string' && reply.msg ? reply.msg : MESSAGES.responseFailed;
    if (msg.includes(LOGIN_REQUIRED_MARKER)) {
      forceLogout();
      return new ApiError('logged-out', msg, { status, reply });
    }
    report(msg, options);
    return new ApiError('server', msg, { status, reply });
  }

  function asEnvelope(body: unknown, status: number, options: CallOptions | undefined): Reply {
    if (!isEnvelope(body)) throw unreadable(status, options);
    if (body.result !== 'success') throw failed(body, status, options);
    return body;
  }

  function asBody<T>(body: unknown, status: number, options: CallOptions | undefined): T {
    if (typeof body !== 'object' || body === null) throw unreadable(status, options);
    if (isEnvelope(body) && body.result !== 'success') throw failed(body, status, options);
    return body as T;
  }

  return {
    async list<T>(url: string, query?: RequestData, options?: CallOptions) {
      const { body, status } = await post(url, query, options);
      if (isEnvelope(body)) throw failed(body, status, options);
      if (!isListReply<T>(body)) throw unreadable(status, options);
      return { rows: body.rows, total: Number(body.total) || 0, ...(body.totalCapped === true ? { totalCapped: true } : {}) };
    },
    async fetch<T>(url: string, data?: RequestData, options?: CallOptions) {
      const { body, status } = await post(url, data, options);
      return asEnvelope(body, status, options).data as T;
    },
    async command<T>(url: string, data?: RequestData, options?: CallOptions) {
      const { body, status } = await post(url, data, options);
      const reply = asEnvelope(body, status, options) as Reply<T>;
      if (!options?.silent && reply.msg) getNotifier().success(reply.msg);
      return reply;
    },
    async get<T>(url: string, params?: RequestData, options?: CallOptions) {
      const { body, status } = await send('GET', url, params, options);
      return asBody<T>(body, status, options);
    },
    async post<T>(url: string, data?: RequestData, options?: CallOptions) {
      const { body, status } = await post(url, data, options);
      return asBody<T>(body, status, options);
    },
  };
}

/** The portal's client; pages use this one. */
export const api: ApiClient = createApiClient();
