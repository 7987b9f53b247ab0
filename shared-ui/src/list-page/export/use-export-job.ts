/**
 * A background export: start the job with the list's current filter, poll its progress, then
 * download the finished .xlsx. Stops polling when cancelled or unmounted.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { api, type RequestData } from '@portal/shared-core';
import { downloadFile } from '../batch/download-file';

export type ExportEndpoints = { start: string; progress: string; download: string };

export type ExportState =
  | { phase: 'idle' }
  | { phase: 'running'; done: number; total: number }
  | { phase: 'finished'; total: number; fileName: string }
  | { phase: 'failed' };

export const EXPORT_POLL_MS = 500;

export function useExportJob(endpoints: ExportEndpoints, fallbackName = '导出.xlsx') {
  const [state, setState] = useState<ExportState>({ phase: 'idle' });
  // Bumped on cancel and unmount: a stale loop sees it changed and stops.
  const run = useRef(0);
  useEffect(() => () => void run.current++, []);

  const start = useCallback(
    async (query: RequestData) => {
      const current = ++run.current;
      const alive = () => run.current === current;
      try {
        const job = await api.fetch<{ jobId: string; total: number }>(endpoints.start, query);
        if (!alive()) return;
        setState({ phase: 'running', done: 0, total: job.total });
        for (;;) {
          await new Promise((resolve) => setTimeout(resolve, EXPORT_POLL_MS));
          if (!alive()) return;
          const progress = await api.fetch<{ done: number; total: number; finished: boolean }>(endpoints.progress, { jobId: job.jobId });
          if (!alive()) return;
          if (progress.finished) break;
          setState({ phase: 'running', done: progress.done, total: progress.total });
        }
        setState({ phase: 'running', done: job.total, total: job.total });
        const fileName = await downloadFile({ url: endpoints.download, method: 'GET', data: { jobId: job.jobId }, fallbackName });
        if (alive()) setState({ phase: 'finished', total: job.total, fileName });
      } catch {
        // The API client has shown the reason.
        if (alive()) setState({ phase: 'failed' });
      }
    },
    [endpoints.start, endpoints.progress, endpoints.download, fallbackName],
  );

  const reset = useCallback(() => {
    run.current++;
    setState({ phase: 'idle' });
  }, []);

  return { state, start, reset };
}
