/**
 * Options of a select loaded from the server (spec §7 "Remote selects"): the configured url and
 * method (default post), the params plus the typed search text, the reply unwrapped by a dotted
 * `loadFilter` path, each row read through `optionText` / `optionValue`.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@portal/shared-core';
import { remoteOptionKeys } from '../query/query-keys';

export type RemoteOption = { label: string; value: string | number };

export type RemoteOptionsSource = {
  url: string;
  /** Default 'post'. */
  method?: 'post' | 'get';
  params?: Record<string, unknown>;
  /** Dotted path to the rows in the reply ('data.rows'); without it the usual places are tried. */
  loadFilter?: string;
  /** Row property shown; default 'name'. */
  optionText?: string;
  /** Row property stored; default 'id'. */
  optionValue?: string;
};

export type RemoteOptionsState = { options: RemoteOption[]; loading: boolean; failed: boolean };

function pick(value: unknown, path: string): unknown {
  return path
    .split('.')
    .filter(Boolean)
    .reduce<unknown>((at, key) => (at && typeof at === 'object' ? (at as Record<string, unknown>)[key] : undefined), value);
}

/** The rows of a reply: by the loadFilter path, else a bare list, `rows`, `data` or `data.rows`. */
export function replyRows(reply: unknown, loadFilter?: string): unknown[] {
  if (loadFilter) {
    const rows = pick(reply, loadFilter);
    return Array.isArray(rows) ? rows : [];
  }
  for (const candidate of [reply, pick(reply, 'rows'), pick(reply, 'data'), pick(reply, 'data.rows')]) {
    if (Array.isArray(candidate)) return candidate;
  }
  return [];
}

export function toOptions(rows: readonly unknown[], optionText = 'name', optionValue = 'id'): RemoteOption[] {
  return rows.flatMap((row) => {
    if (row === null || typeof row !== 'object') return typeof row === 'string' || typeof row === 'number' ? [{ label: String(row), value: row }] : [];
    const record = row as Record<string, unknown>;
    const value = record[optionValue];
    if (typeof value !== 'string' && typeof value !== 'number') return [];
    const label = record[optionText];
    return [{ label: label === undefined || label === null ? String(value) : String(label), value }];
  });
}

export function loadRemoteOptions(source: RemoteOptionsSource, extra: Record<string, unknown> = {}): Promise<RemoteOption[]> {
  const data = { ...source.params, ...extra };
  const request = source.method === 'get' ? api.get<unknown>(source.url, data, { silent: true }) : api.post<unknown>(source.url, data, { silent: true });
  return request.then((reply) => toOptions(replyRows(reply, source.loadFilter), source.optionText, source.optionValue));
}

const NO_OPTIONS: RemoteOption[] = [];

/**
 * Loads (and reloads when the source, its params or `search` change) the options, cached under the
 * endpoint and everything sent (two fields with the same source share one call). `search` is sent
 * under `searchKey` only when given; the options of the last search stay while the next one loads.
 * Nothing loads while `enabled` is false.
 */
export function useRemoteOptions(
  source: RemoteOptionsSource,
  { enabled = true, search, searchKey = 'key' }: { enabled?: boolean; search?: string; searchKey?: string } = {},
): RemoteOptionsState {
  const extra = search ? { [searchKey]: search } : {};
  const active = enabled && Boolean(source.url);
  const options = useQuery({
    queryKey: remoteOptionKeys.options(source.url, {
      method: source.method ?? 'post',
      data: { ...source.params, ...extra },
      read: [source.loadFilter, source.optionText, source.optionValue],
    }),
    queryFn: () => loadRemoteOptions(source, extra),
    enabled: active,
    placeholderData: keepPreviousData,
  });
  if (!active) return { options: NO_OPTIONS, loading: false, failed: false };
  return { options: options.isError ? NO_OPTIONS : (options.data ?? NO_OPTIONS), loading: options.isFetching, failed: options.isError };
}
