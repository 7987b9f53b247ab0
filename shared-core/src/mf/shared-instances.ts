/**
 * Records which React, antd and TanStack Query instance each app (shell, remotes) runs with, so the
 * end-to-end test can check that Module Federation shares exactly one of each. The shell also
 * records its QueryClient, so the test can see the remotes' queries land in that one cache.
 */
export type SharedInstanceRecord = { owner: string; React: unknown; antd: unknown; reactQuery: unknown; queryClient?: unknown };

declare global {
  var __PORTAL_SHARED__: SharedInstanceRecord[] | undefined;
}

export function recordSharedInstances(owner: string, deps: { React: unknown; antd: unknown; reactQuery: unknown; queryClient?: unknown }): void {
  const records = (globalThis.__PORTAL_SHARED__ ??= []);
  records.push({ owner, React: deps.React, antd: deps.antd, reactQuery: deps.reactQuery, queryClient: deps.queryClient });
}

/** True when every recorded app uses the same React, the same antd and the same TanStack Query. */
export function sharesSingleInstances(records: SharedInstanceRecord[] = globalThis.__PORTAL_SHARED__ ?? []): boolean {
  const one = (pick: (r: SharedInstanceRecord) => unknown) => new Set(records.map(pick)).size <= 1;
  return one((r) => r.React) && one((r) => r.antd) && one((r) => r.reactQuery);
}
