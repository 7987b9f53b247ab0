/**
 * A background export: start the job with the list's current filter (a mutation), poll its
 * progress every EXPORT_POLL_MS (a query with `refetchInterval`, stopping when finished), then
 * download the finished .xlsx. Cancelling (`reset`) or unmounting stops the polling.
 */
import { useCallback } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { CustomerExportJob, CustomerExportProgress } from '@portal/shared-contract';
import { api, type RequestData } from '@portal/shared-core';
import { exportKeys } from '../../query/query-keys';
import { downloadFile } from '../batch/download-file';

export type ExportEndpoints = { start: string; progress: string; download: string };

export type ExportState =
  { phase: 'idle' } | { phase: 'running'; done: number; total: number } | { phase: 'finished'; total: number; fileName: string } | { phase: 'failed' };

export const EXPORT_POLL_MS = 500;

/** The progress as the server reports it, and the downloaded file's name once finished (the client's own). */
type JobProgress = CustomerExportProgress & { fileName?: string };

export function useExportJob(endpoints: ExportEndpoints, fallbackName = '导出.xlsx') {
  const startJob = useMutation({ mutationFn: (query: RequestData) => api.fetch<CustomerExportJob>(endpoints.start, query) });
  const job = startJob.data;

  const progress = useQuery({
    queryKey: exportKeys.progress(endpoints.progress, job?.jobId ?? ''),
    queryFn: async (): Promise<JobProgress> => {
      const current: JobProgress = await api.fetch<CustomerExportProgress>(endpoints.progress, { jobId: job?.jobId });
      if (!current.finished) return current;
      // The last poll fetches the file; polling stops with it, so it downloads once.
      const fileName = await downloadFile({ url: endpoints.download, method: 'GET', data: { jobId: job?.jobId }, fallbackName });
      return { ...current, fileName };
    },
    enabled: Boolean(job),
    // The job has just started: the first poll comes after one interval, like the ones after it.
    initialData: job ? { done: 0, total: job.total, finished: false } : undefined,
    staleTime: Infinity,
    gcTime: 0,
    refetchInterval: (query) => (query.state.data?.finished || query.state.status === 'error' ? false : EXPORT_POLL_MS),
  });

  let state: ExportState = { phase: 'idle' };
  if (startJob.isError || (job && progress.isError))
    state = { phase: 'failed' }; // the API client has shown the reason
  else if (job && progress.data?.finished && progress.data.fileName) state = { phase: 'finished', total: job.total, fileName: progress.data.fileName };
  else if (job && progress.data) state = { phase: 'running', done: progress.data.finished ? job.total : progress.data.done, total: progress.data.total };
  else if (job) state = { phase: 'running', done: 0, total: job.total };

  const { mutate, reset } = startJob;
  const start = useCallback((query: RequestData) => mutate(query), [mutate]);
  return { state, start, reset };
}
