import { useMutation } from '@tanstack/react-query';
import { useDataChange } from '@portal/shared-core';
import type { CustomerFormValues } from '../types';
import { saveCustomer } from './customer-api';

/**
 * Creates (id null) or edits a customer; the server's message shows as a toast. A new customer
 * refreshes the customer lists and counts; an edit also that customer's detail and tab counts.
 */
export function useSaveCustomerMutation() {
  const applyChange = useDataChange();
  return useMutation({
    mutationFn: ({ id, values, lead }: { id: number | null; values: CustomerFormValues; lead?: boolean }) => saveCustomer(id, values, lead),
    onSuccess: (_reply, { id }) => applyChange(id === null ? { type: 'customer-created' } : { type: 'customer-edited', id }),
  });
}
