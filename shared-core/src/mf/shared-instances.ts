/**
 * Records which React and antd instance each app (shell, remotes) runs with, so the end-to-end test
 * can check that Module Federation shares exactly one of each.
 */
export type SharedInstanceRecord = { owner: string; React: unknown; antd: unknown };

declare global {
  var __PORTAL_SHARED__: SharedInstanceRecord[] | undefined;
}

export function recordSharedInstances(owner: string, deps: { React: unknown; antd: unknown }): void {
  const records = (globalThis.__PORTAL_SHARED__ ??= []);
  records.push({ owner, React: deps.React, antd: deps.antd });
}

/** True when every recorded app uses the same React and the same antd. */
export function sharesSingleInstances(records: SharedInstanceRecord[] = globalThis.__PORTAL_SHARED__ ?? []): boolean {
  return new Set(records.map((r) => r.React)).size <= 1 && new Set(records.map((r) => r.antd)).size <= 1;
}
