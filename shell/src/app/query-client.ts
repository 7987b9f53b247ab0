/**
 * The portal's one QueryClient, created by the shell and provided to every page of every remote
 * (TanStack Query is a Module Federation singleton, so the remotes' hooks find it).
 */
import type { QueryClient } from '@tanstack/react-query';
import { clearQueriesOnSessionChange, createPortalQueryClient } from '@portal/shared-core';

export function createShellQueryClient(): QueryClient {
  const queryClient = createPortalQueryClient();
  clearQueriesOnSessionChange(queryClient);
  return queryClient;
}
