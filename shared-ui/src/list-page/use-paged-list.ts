/**
 * One page of a list through the portal's QueryClient: cached under `[...listKey, query]` (the
 * query compared by value, so callers may pass a fresh object on every render), the previous page
 * kept on screen while the next one loads, and refetched when a mutation invalidates `listKey`.
 * Feature hooks wrap it: `useCustomerList(query)` = `usePagedList(customerKeys.lists(), listCustomers, query)`.
 */
import { keepPreviousData, useQuery, type QueryKey } from '@tanstack/react-query';

/** `totalCapped`: the server counted no further than `total` (the pager shows `共 10000+ 条`). */
export type PagedRows<T> = { rows: T[]; total: number; totalCapped?: boolean };

export type PagedListState<T> = PagedRows<T> & {
  /** A page is on its way (the previous page stays shown meanwhile). */
  loading: boolean;
  error: string | null;
  reload: () => void;
};

const NO_ROWS: never[] = [];

export function usePagedList<Q, T>(
  listKey: QueryKey,
  load: (query: Q) => Promise<PagedRows<T>>,
  query: Q,
  { enabled = true }: { enabled?: boolean } = {},
): PagedListState<T> {
  const result = useQuery({
    queryKey: [...listKey, query],
    queryFn: () => load(query),
    placeholderData: keepPreviousData,
    enabled,
  });
  return {
    rows: result.data?.rows ?? NO_ROWS,
    total: result.data?.total ?? 0,
    totalCapped: result.data?.totalCapped === true,
    loading: result.isFetching,
    error: result.error ? result.error.message : null,
    reload: () => void result.refetch(),
  };
}
