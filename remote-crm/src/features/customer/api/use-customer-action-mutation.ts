import { useMutation } from '@tanstack/react-query';
import { useDataChange } from '@portal/shared-core';
import type { ViewActionKey } from '../views';
import { runCustomerAction, type ActionInput } from './customer-actions-api';

/** Runs an action on customers; the lists, counts and the customers' details refresh (customers-changed). */
export function useCustomerActionMutation() {
  const applyChange = useDataChange();
  return useMutation({
    mutationFn: ({ key, input }: { key: Exclude<ViewActionKey, 'delete'>; input: ActionInput }) => runCustomerAction(key, input),
    onSuccess: (_reply, { input }) => applyChange({ type: 'customers-changed', ids: input.ids }),
  });
}
