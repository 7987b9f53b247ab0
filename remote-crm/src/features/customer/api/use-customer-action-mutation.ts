import { useMutation } from '@tanstack/react-query';
import { useDataChange } from '@portal/shared-core';
import type { CallActionKey } from '@portal/shared-contract/customer-views';
import { mergeCustomers, runCustomerAction, type ActionInput } from './customer-actions-api';

/** Runs an action on customers; the lists, counts and the customers' details refresh (customers-changed). */
export function useCustomerActionMutation() {
  const applyChange = useDataChange();
  return useMutation({
    mutationFn: ({ key, input }: { key: CallActionKey; input: ActionInput }) => runCustomerAction(key, input),
    onSuccess: (_reply, { input }) => applyChange({ type: 'customers-changed', ids: input.ids }),
  });
}

/** Merges customers: the merged ones leave the lists, the kept one's detail and tabs refresh. */
export function useMergeCustomersMutation() {
  const applyChange = useDataChange();
  return useMutation({
    mutationFn: mergeCustomers,
    onSuccess: (_reply, choice) => applyChange({ type: 'customers-changed', ids: [choice.id, ...choice.ids] }),
  });
}
