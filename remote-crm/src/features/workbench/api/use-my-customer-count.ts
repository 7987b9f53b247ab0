import { useQuery } from '@tanstack/react-query';
import { api, customerKeys } from '@portal/shared-core';

const MINE = { page: 1, rows: 1, scene: 'mine' };

/** How many customers the user owns (the server's total for scene 'mine'); null until known. */
export function useMyCustomerCount(enabled: boolean) {
  const count = useQuery({
    queryKey: customerKeys.list(MINE),
    queryFn: () => api.list('api/customer/index', MINE, { silent: true }),
    enabled,
    // A failure: the workbench simply shows no figure.
    select: (reply) => reply.total,
  });
  return enabled ? (count.data ?? null) : null;
}
