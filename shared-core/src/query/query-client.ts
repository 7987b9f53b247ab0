/**
 * The portal's one QueryClient configuration. The shell creates the client once (and the standalone
 * renderer when a remote runs alone); everything else only uses TanStack Query's hooks.
 *
 * - Lists count as fresh for 30 s: tabs switching back and forth reuse the cache, while every change
 *   made in the portal invalidates what it touches (see data-changes.ts) and pushes do the rest.
 * - No retry of our API's errors: the API client has already shown the one message of spec §8
 *   (a retry would show it again, and a 4xx does not heal by asking twice).
 * - No refetch on window focus: realtime pushes and invalidation keep views fresh, and a burst of
 *   list calls whenever the user returns to the tab buys nothing.
 */
import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '../api/reply';
import { useSessionStore } from '../session/session-store';

export const QUERY_STALE_MS = 30_000;

/** Retries only failures that did not come through our API client (which reports its own). */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  return !isApiError(error) && failureCount < 1;
}

export function createPortalQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: QUERY_STALE_MS, retry: shouldRetry, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

/** A login or logout starts from an empty cache: the next user never sees the previous user's data. */
export function clearQueriesOnSessionChange(queryClient: QueryClient): () => void {
  return useSessionStore.subscribe((state, previous) => {
    if (state.token !== previous.token) queryClient.clear();
  });
}
