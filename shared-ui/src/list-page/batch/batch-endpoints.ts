/** The endpoints of a list's batch tools (更多 menu); a tool is offered only when its endpoints are given. */
export type BatchEndpoints = {
  /** Multipart .xlsx → {token, headers, sampleRows, total, fields, suggestedMapping}. */
  importPreview?: string;
  /** {token, mapping} → {total, valid, rejected: [{row, reason, values}]}. */
  importDryRun?: string;
  /** {token} → the rejected rows as .xlsx. */
  importRejected?: string;
  /** {token, mapping} → {total, imported, rejected}: the valid rows in one transaction. */
  import?: string;
  /** The list's filters → {jobId, total}. */
  exportStart?: string;
  /** {jobId} → {done, total, finished}. */
  exportProgress?: string;
  /** GET ?jobId= → the .xlsx. */
  exportDownload?: string;
  /** {name, mobile, wechat, qq} → {rows, total}. */
  checkDuplicate?: string;
};

/** Every batch endpoint of an entity named as the customer endpoints are (`api/customer/ImportPreview`, …). */
export function batchEndpoints(base: string): Required<BatchEndpoints> {
  const at = (name: string) => `${base.replace(/\/+$/, '')}/${name}`;
  return {
    importPreview: at('ImportPreview'),
    importDryRun: at('ImportDryRun'),
    importRejected: at('ImportRejected'),
    import: at('Import'),
    exportStart: at('ExportStart'),
    exportProgress: at('ExportProgress'),
    exportDownload: at('ExportDownload'),
    checkDuplicate: at('CheckDuplicate'),
  };
}

export const canImport = (e: BatchEndpoints) => Boolean(e.importPreview && e.importDryRun && e.import);
export const canExport = (e: BatchEndpoints) => Boolean(e.exportStart && e.exportProgress && e.exportDownload);
export const canCheckDuplicates = (e: BatchEndpoints) => Boolean(e.checkDuplicate);
