/** The batch import's calls: the upload (multipart), the dry run, the rejected rows and the import. */
import { api, ApiError } from '@portal/shared-core';
import { uploadFile } from '../../widgets/upload-transport';
import { downloadFile } from '../batch/download-file';
import type { ColumnMapping, DryRunReport, DuplicateChoice, ImportPreview, ImportResult } from './import-types';

/** `template`: a GET answering an .xlsx to fill in (下载模板). */
export type ImportEndpoints = { preview: string; dryRun: string; rejected?: string; run: string; template?: string };

/** Uploads the sheet; rejects with the server's reason (the caller shows it). */
export async function uploadSheet(url: string, file: File): Promise<ImportPreview> {
  const outcome = await uploadFile({ file, params: {}, url });
  if (!outcome.ok) throw new ApiError('server', outcome.message);
  return outcome.file as unknown as ImportPreview;
}

export function dryRunImport(url: string, token: string, mapping: ColumnMapping, duplicates?: DuplicateChoice) {
  return api.fetch<DryRunReport>(url, { token, mapping, ...(duplicates ? { duplicates } : {}) });
}

export function downloadRejectedRows(url: string, token: string) {
  return downloadFile({ url, method: 'POST', data: { token }, fallbackName: '未通过的数据.xlsx' });
}

export function downloadTemplate(url: string) {
  return downloadFile({ url, method: 'GET', fallbackName: '导入模板.xlsx' });
}

/** The import itself; the server's 成功导入… shows as a toast. */
export async function runImport(url: string, token: string, mapping: ColumnMapping, duplicates?: DuplicateChoice): Promise<ImportResult> {
  const reply = await api.command<ImportResult>(url, { token, mapping, ...(duplicates ? { duplicates } : {}) });
  return reply.data as ImportResult;
}
