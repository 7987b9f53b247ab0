/**
 * The files an approval refers to (`wf_files`): the stored addresses (`/files/<name>`) in its form
 * snapshot (进件资料, 报销票据, a work form's file fields) and in the attachments of its decisions and
 * comments. Whoever may open the approval may open these files (file/file-access.ts), so an approver
 * outside the submitter's department can read the 进件资料 they decide on.
 *
 * A file is linked only if the person adding it may see it themselves: naming someone else's
 * private file in a form or a comment gives nobody access to it.
 */
import type { DbTx } from '../../../db/database';
import type { Actor } from '../../auth/session/actor';
import { visibleStoredNames } from '../../file/file-access';

const STORED_ADDRESS = /\/files\/([0-9a-f]{32}\.[a-z0-9]{1,5})/g;

/** The stored names in the texts (JSON of form values or of a log's files), each once. */
export function storedNamesIn(...texts: readonly (string | undefined)[]): string[] {
  const names = new Set<string>();
  for (const text of texts) if (text) for (const m of text.matchAll(STORED_ADDRESS)) names.add(m[1]);
  return [...names];
}

/** Links the files the texts refer to (those `actor` may see) to the instance; already linked ones stay. */
export async function linkApprovalFiles(tx: DbTx, actor: Actor, instanceId: number, ...texts: readonly (string | undefined)[]): Promise<void> {
  const names = storedNamesIn(...texts);
  if (names.length === 0) return;
  const visible = [...(await visibleStoredNames(tx, actor, names))];
  if (visible.length === 0) return;
  const files = await tx.selectFrom('files').select('id').where('stored_name', 'in', visible).execute();
  await tx
    .insertInto('wf_files')
    .values(files.map((f) => ({ instance_id: instanceId, file_id: f.id })))
    .onConflict((oc) => oc.columns(['instance_id', 'file_id']).doNothing())
    .execute();
}

/** Whether a file is referred to by an approval (then its uploader may not delete it: the approval's record would lose it). */
export async function isApprovalFile(tx: DbTx, fileId: number): Promise<boolean> {
  return (await tx.selectFrom('wf_files').select('file_id').where('file_id', '=', fileId).executeTakeFirst()) !== undefined;
}
