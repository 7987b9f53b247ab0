/** File records of `api/file/*` (spec §3 "File record", contract "Files, albums, regions"). */
import type { FileRow } from '@portal/shared-contract';

/**
 * A stored file as lists and uploads return it (FileRow: `size` in Kb, see formatFileSize); also the
 * in-form `file` value item, which may have been saved without `filename` and the short-lived `signedUrl`.
 */
export type FileRecord = Omit<FileRow, 'filename' | 'signedUrl'> & Partial<Pick<FileRow, 'filename' | 'signedUrl'>>;

/** Upload parameters sent with every file (spec §3); `code` ties the files to a form being filled. */
export type UploadParams = {
  modelId?: number | string;
  picType?: number | string;
  code?: string;
  userid?: number | string;
  userType?: number | string;
  categoryid?: number | string;
};

/** The list query of `api/file/list`. */
export type FileListQuery = { code?: string; picType?: number | string; modelId?: number | string };
