/**
 * Options of a select loaded from the server (spec §7 "Remote selects"): the configured url and
 * method (default post), the params plus the typed search text, the reply unwrapped by a dotted
 * `loadFilter` path, each row read through `optionText` / `optionValue`.
 */
import { useEffect, useState } from 'react';
import { api } from '@portal/shared-core';

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
  return path.split('.').filter(Boolean).reduce<unknown>((at, key) => (at && typeof at === 'object' ? (at as Record<string, unknown>)[key] : undefined), value);
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

/**
 * Loads (and reloads when the source, its params or `search` change) the options. `search` is
 * sent under `searchKey` only when given. Nothing loads while `enabled` is false.
 */
export function useRemoteOptions(
  source: RemoteOptionsSource,
  { enabled = true, search, searchKey = 'key' }: { enabled?: boolean; search?: string; searchKey?: string } = {},
): RemoteOptionsState {
  const [state, setState] = useState<RemoteOptionsState>({ options: [], loading: false, failed: false });
  const requestKey = JSON.stringify([source.url, source.method, source.params, source.loadFilter, source.optionText, source.optionValue, search, searchKey]);

  useEffect(() => {
    if (!enabled || !source.url) {
      setState({ options: [], loading: false, failed: false });
      return;
    }
    let current = true;
    setState((s) => ({ ...s, loading: true, failed: false }));
    loadRemoteOptions(source, search ? { [searchKey]: search } : {}).then(
      (options) => current && setState({ options, loading: false, failed: false }),
      () => current && setState({ options: [], loading: false, failed: true }),
    );
    return () => {
      current = false;
    };
    // `requestKey` stands for the source: a new params object with the same content must not reload.
  }, [requestKey, enabled]);

  return state;
}
