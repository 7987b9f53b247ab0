/** Queries and mutations of the customer detail's tabs; every change names what it makes stale (data-changes.ts). */
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { customerKeys, useDataChange } from '@portal/shared-core';
import * as detailApi from '../api/customer-detail-api';

export function useFollowUps(customerId: number) {
  return useQuery({ queryKey: customerKeys.followups(customerId), queryFn: () => detailApi.listFollowUps(customerId) });
}

export function useContacts(customerId: number) {
  return useQuery({ queryKey: customerKeys.contacts(customerId), queryFn: () => detailApi.listContacts(customerId) });
}

export function useOperationLogs(customerId: number, page: number) {
  return useQuery({
    queryKey: [...customerKeys.logs(), { customerId, page }],
    queryFn: () => detailApi.listLogs(customerId, page),
    placeholderData: keepPreviousData,
  });
}

/** Any write to a tab (follow-up, contact): the customer's detail, tabs, counts and the lists refresh. */
export function useDetailMutation<V>(customerId: number, write: (v: V) => Promise<unknown>) {
  const applyChange = useDataChange();
  return useMutation({ mutationFn: write, onSuccess: () => applyChange({ type: 'customer-detail-changed', id: customerId }) });
}

/** Pin, watch and lock: the customer's marks in every list. */
export function useMarkMutation(customerId: number) {
  const applyChange = useDataChange();
  return useMutation({
    mutationFn: (mark: { kind: 'top' } | { kind: 'watch' | 'lock'; on: boolean }) =>
      mark.kind === 'top'
        ? detailApi.togglePin(customerId)
        : mark.kind === 'watch'
          ? detailApi.setWatch(customerId, mark.on)
          : detailApi.setLocked(customerId, mark.on),
    onSuccess: () => applyChange({ type: 'customers-changed', ids: [customerId] }),
  });
}
