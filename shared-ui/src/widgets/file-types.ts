/** File records of `api/file/*` (spec §3 "File record", contract "Files, albums, regions"). */

/** A stored file; also the in-form `file` value item. `size` is in Kb (see formatFileSize). */
export type FileRecord = {
  id: number;
  filename?: string;
  FileName: string;
  url: string;
  /** A short-lived signed address of the file for the caller (lists and uploads carry it). */
  signedUrl?: string;
  format: string;
  size: number;
  userid: number;
  username: string;
  addTime: string;
};

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
