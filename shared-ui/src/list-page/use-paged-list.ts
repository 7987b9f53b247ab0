/**
 * Loads one page of a list whenever the query changes, keeping only the answer to the latest
 * request (a slow earlier page never overwrites a newer one).
 */
import { useCallback, useEffect, useRef, useState } from 'react';

export type PagedRows<T> = { rows: T[]; total: number };

export type PagedListState<T> = PagedRows<T> & {
  loading: boolean;
  error: string | null;
  reload: () => void;
};

export function usePagedList<Q, T>(load: (query: Q) => Promise<PagedRows<T>>, query: Q): PagedListState<T> {
  const [data, setData] = useState<PagedRows<T>>({ rows: [], total: 0 });
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [reloads, setReloads] = useState(0);
  const latest = useRef(0);
  // The query is compared by value, so callers may pass a fresh object on every render.
  const queryKey = JSON.stringify(query);
  const current = useRef({ load, query });
  current.current = { load, query };

  useEffect(() => {
    const request = ++latest.current;
    setLoading(true);
    current.current.load(current.current.query).then(
      (page) => {
        if (request !== latest.current) return;
        setData(page);
        setError(null);
        setLoading(false);
      },
      (failure: unknown) => {
        if (request !== latest.current) return;
        setError(failure instanceof Error ? failure.message : String(failure));
        setLoading(false);
      },
    );
  }, [queryKey, reloads]);

  const reload = useCallback(() => setReloads((n) => n + 1), []);
  return { ...data, loading, error, reload };
}
