/** The query state of a paged list: changing anything but the page goes back to page 1. */
import { useCallback, useState } from 'react';

export type PagedQuery = { page: number; rows: number };

export function useListQuery<Q extends PagedQuery>(initial: Q) {
  const [query, setQuery] = useState<Q>(initial);

  const changeQuery = useCallback((patch: Partial<Omit<Q, keyof PagedQuery>>) => {
    setQuery((current) => ({ ...current, ...patch, page: 1 }));
  }, []);

  const changePage = useCallback((page: number, rows: number) => {
    // A new page size makes the old page number meaningless.
    setQuery((current) => ({ ...current, page: rows === current.rows ? page : 1, rows }));
  }, []);

  return { query, changeQuery, changePage };
}
