import { useMutation } from '@tanstack/react-query';
import { useDataChange } from '@portal/shared-core';
import { deleteCustomers } from './customer-api';

/** Deletes customers: the lists and counts refresh, the deleted customers' own queries are dropped. */
export function useDeleteCustomersMutation() {
  const applyChange = useDataChange();
  return useMutation({
    mutationFn: (ids: readonly number[]) => deleteCustomers(ids),
    onSuccess: (_reply, ids) => applyChange({ type: 'customer-deleted', ids }),
  });
}
