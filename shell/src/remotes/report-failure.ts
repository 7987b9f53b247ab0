/**
 * Tells the server that a remote's build failed to load here and the last good build was used
 * instead (`api/release/report`): the server logs it, marks the build bad, points the registry back
 * at the last good build and notifies the administrators. A report made before login waits for it;
 * a report that fails is dropped (the next page load reports again).
 */
import { api, getSessionToken, useSessionStore, type RemoteArea } from '@portal/shared-core';

export type RemoteFailureReport = { remote: RemoteArea; folder: string; error: string; fallback: string };

export const REPORT_URL = 'api/release/report';
/** The error text sent (the server keeps less). */
export const REPORT_ERROR_MAX = 1000;

const pending: RemoteFailureReport[] = [];
let waitingForLogin = false;

export function errorText(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error ?? '');
  return [...text].slice(0, REPORT_ERROR_MAX).join('');
}

async function flush(): Promise<void> {
  while (pending.length > 0 && getSessionToken()) {
    const report = pending.shift() as RemoteFailureReport;
    try {
      await api.command(REPORT_URL, report, { silent: true });
    } catch (error) {
      console.error('[remotes] the failure report was not accepted', error);
    }
  }
  if (pending.length > 0 && !waitingForLogin) {
    waitingForLogin = true;
    const unsubscribe = useSessionStore.subscribe((state) => {
      if (!state.token) return;
      unsubscribe();
      waitingForLogin = false;
      void flush();
    });
  }
}

export function reportRemoteFailure(report: RemoteFailureReport): Promise<void> {
  pending.push({ ...report, error: [...report.error].slice(0, REPORT_ERROR_MAX).join('') });
  return flush();
}
