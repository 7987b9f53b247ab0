/**
 * Background exports to .xlsx: a job counts the rows, then writes them page by page with the
 * streaming writer into a temp file while the client polls its progress, and is downloaded once by
 * the user who started it. Jobs live in this process's memory (the temp folder holds the file); with
 * several server processes, sticky sessions keep a user's polls on the process running the job.
 */
import type { AppContext } from '../../../app-context';
import { badRequest, HttpError, notFound } from '../../../http/errors';
import type { Actor } from '../../auth/session/actor';
import type { TempFiles } from './temp-files';
import { writeXlsx, type AddRow } from './xlsx-write';

export const EXPORT_MAX_ROWS = 200_000;
export const MSG_EXPORT_NOT_FOUND = '导出任务不存在或已过期';
export const MSG_EXPORT_FAILED = '导出失败，请稍后再试';
export const MSG_EXPORT_RUNNING = '已有导出任务正在进行，请稍候';
export const MSG_EXPORT_TOO_MANY = `单次最多导出${EXPORT_MAX_ROWS}条数据，请缩小筛选范围`;
export const MSG_EXPORT_EMPTY = '没有可导出的数据';
const JOB_MAX_AGE_MS = 60 * 60 * 1000;

export type ExportSource = {
  sheetName: string;
  /** The file name the browser saves, e.g. 客户导出-20261121.xlsx. */
  downloadName: string;
  headers: readonly string[];
  count: () => Promise<number>;
  /** Writes every row, calling `progress` with the running total after each page. */
  write: (addRow: AddRow, progress: (done: number) => void) => Promise<void>;
};

export type ExportProgress = { done: number; total: number; finished: boolean };

type Job = {
  id: string;
  userId: number;
  file: string;
  downloadName: string;
  total: number;
  done: number;
  state: 'running' | 'finished' | 'failed';
  startedAt: number;
};

export type ExportJobs = {
  start(actor: Actor, source: ExportSource): Promise<{ jobId: string; total: number }>;
  progress(actor: Actor, jobId: string): ExportProgress;
  /** A finished job's file; `finish()` forgets the job and deletes the file once it has been sent. */
  download(actor: Actor, jobId: string): { file: string; downloadName: string; finish: () => void };
};

export function createExportJobs(ctx: AppContext, temp: TempFiles, entity: string): ExportJobs {
  const jobs = new Map<string, Job>();

  function forget(job: Job): void {
    jobs.delete(job.id);
    temp.remove(job.file);
  }

  function sweep(): void {
    const limit = Date.now() - JOB_MAX_AGE_MS;
    for (const job of jobs.values()) if (job.state !== 'running' && job.startedAt < limit) forget(job);
  }

  function own(actor: Actor, jobId: string): Job {
    const job = temp.isToken(jobId) ? jobs.get(jobId) : undefined;
    if (!job || job.userId !== actor.userId) throw notFound(MSG_EXPORT_NOT_FOUND);
    return job;
  }

  return {
    async start(actor, source) {
      sweep();
      if ([...jobs.values()].some((j) => j.userId === actor.userId && j.state === 'running')) throw badRequest(MSG_EXPORT_RUNNING);
      const total = await source.count();
      if (total === 0) throw badRequest(MSG_EXPORT_EMPTY);
      if (total > EXPORT_MAX_ROWS) throw badRequest(MSG_EXPORT_TOO_MANY);
      const id = temp.newToken();
      const job: Job = {
        id,
        userId: actor.userId,
        file: temp.fileOf(`export-${entity}`, id, '.xlsx'),
        downloadName: source.downloadName,
        total,
        done: 0,
        state: 'running',
        startedAt: Date.now(),
      };
      jobs.set(id, job);
      void writeXlsx(job.file, source.sheetName, source.headers, (addRow) =>
        source.write(addRow, (done) => {
          job.done = Math.min(done, job.total);
        }),
      ).then(
        () => {
          job.done = job.total;
          job.state = 'finished';
        },
        (err: unknown) => {
          ctx.log.error({ err, entity }, 'export failed');
          job.state = 'failed';
          temp.remove(job.file);
        },
      );
      return { jobId: id, total };
    },

    progress(actor, jobId) {
      const job = own(actor, jobId);
      if (job.state === 'failed') {
        jobs.delete(job.id);
        throw new HttpError(500, MSG_EXPORT_FAILED);
      }
      return { done: job.done, total: job.total, finished: job.state === 'finished' };
    },

    download(actor, jobId) {
      const job = own(actor, jobId);
      if (job.state !== 'finished') throw badRequest('导出尚未完成，请稍候');
      return { file: job.file, downloadName: job.downloadName, finish: () => forget(job) };
    },
  };
}
