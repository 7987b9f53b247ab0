/** Reply envelope of the HTTP API (ARCHITECTURE.md) and the error the client rejects with. */
export type ReplyResult = 'success' | 'error';

export type Reply<T = unknown> = { result: ReplyResult; msg: string; data?: T } & Record<string, unknown>;

/**
 * One page of a list. `totalCapped`: the server stopped counting at `total` (a list of more than
 * 10,000 rows shows 10,000+ and pages within them; counting a million rows on every page costs more
 * than the figure is worth).
 */
export type ListReply<T> = { rows: T[]; total: number; totalCapped?: boolean };

/**
 * Why a call failed: `network` (no reply), `unreadable` (reply is not an envelope), `server` (result
 * 'error'), `logged-out` (msg says the login is missing or expired; the forced-logout modal handles it).
 */
export type ApiErrorKind = 'network' | 'unreadable' | 'server' | 'logged-out';

export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly status: number | undefined;
  readonly reply: Reply | undefined;

  constructor(kind: ApiErrorKind, message: string, options: { status?: number; reply?: Reply } = {}) {
    super(message);
    this.name = 'ApiError';
    this.kind = kind;
    this.status = options.status;
    this.reply = options.reply;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export function isEnvelope(body: unknown): body is Reply {
  return typeof body === 'object' && body !== null && 'result' in body;
}

export function isListReply<T>(body: unknown): body is ListReply<T> {
  return typeof body === 'object' && body !== null && Array.isArray((body as { rows?: unknown }).rows);
}
