/** The reply envelope of every command (spec §7/§8): lists are `{rows, total}` instead. */
export type Envelope<T = unknown> = { result: 'success' | 'error'; msg: string; data?: T };

/** `totalCapped`: counting stopped at `total` (see countCapped in db/count.ts). */
export type ListReply<T> = { rows: T[]; total: number; totalCapped?: boolean };

export function success<T>(msg: string, data?: T): Envelope<T> {
  return data === undefined ? { result: 'success', msg } : { result: 'success', msg, data };
}

export function failure(msg: string): Envelope<never> {
  return { result: 'error', msg };
}
