/**
 * The query state of a paged list: changing anything but the page goes back to page 1. Route params
 * (`/crm/customer/watched/:id`) are copied into the query (spec §2.4), and a change of them reloads
 * from page 1.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router-dom';

export type PagedQuery = { page: number; rows: number };
export type RouteParams = Readonly<Record<string, string | undefined>>;

function definedParams(params: RouteParams | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(params ?? {})) if (value !== undefined && key !== '*') out[key] = value;
  return out;
}

export function useListQuery<Q extends PagedQuery>(initial: Q, routeParams?: RouteParams) {
  const params = definedParams(routeParams);
  const paramsKey = JSON.stringify(params);
  const [query, setQuery] = useState<Q>(() => ({ ...initial, ...params }));

  const lastParams = useRef(paramsKey);
  useEffect(() => {
    if (lastParams.current === paramsKey) return;
    const before = JSON.parse(lastParams.current) as Record<string, string>;
    const now = JSON.parse(paramsKey) as Record<string, string>;
    lastParams.current = paramsKey;
    setQuery((current) => {
      const next: Record<string, unknown> = { ...current };
      // A param the new route no longer has leaves the query too.
      for (const key of Object.keys(before)) if (!(key in now)) delete next[key];
      return { ...(next as Q), ...now, page: 1 };
    });
  }, [paramsKey]);

  const changeQuery = useCallback((patch: Partial<Omit<Q, keyof PagedQuery>>) => {
    setQuery((current) => ({ ...current, ...patch, page: 1 }));
  }, []);

  const changePage = useCallback((page: number, rows: number) => {
    // A new page size makes the old page number meaningless.
    setQuery((current) => ({ ...current, page: rows === current.rows ? page : 1, rows }));
  }, []);

  return { query, changeQuery, changePage };
}

/** `useListQuery` with the current route's params merged into the query. */
export function useRouteListQuery<Q extends PagedQuery>(initial: Q) {
  return useListQuery(initial, useParams());
}
