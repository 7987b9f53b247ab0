/** The file endpoints the widgets call (uploads go through upload-transport). */
import type { FileRow } from '@portal/shared-contract';
import { api, isApiError, MESSAGES, type ListReply } from '@portal/shared-core';
import type { FileListQuery } from './file-types';

/** Silent: the attachment list reports its own failure (响应失败). */
export function listFiles(query: FileListQuery): Promise<ListReply<FileRow>> {
  return api.list<FileRow>('api/file/list', query, { silent: true });
}

/**
 * Deletes a file; resolves true when it is gone, including when the server no longer has it
 * (msg 文件不存在 counts as deleted, spec §8), and rejects with the server's reason otherwise.
 */
export async function deleteFile(id: number): Promise<true> {
  try {
    await api.command('api/file/DeleteFile', { id }, { silent: true });
    return true;
  } catch (error) {
    if (isApiError(error) && error.reply?.msg === MESSAGES.fileMissing) return true;
    throw error;
  }
}
