/** `applyDataChange` bound to the portal's QueryClient, for mutations' onSuccess. */
import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { applyDataChange, type DataChange } from './data-changes';

export function useDataChange(): (change: DataChange) => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback((change: DataChange) => applyDataChange(queryClient, change), [queryClient]);
}
