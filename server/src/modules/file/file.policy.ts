/** Who may change an uploaded file (record policies, http/record-policy.ts): its uploader. Reading follows the file's record (file-access.ts). */
import { peoplesRecordPolicy } from '../shared/people-records';
import { MSG_DELETE_OWN_ONLY, MSG_EDIT_OWN_ONLY, MSG_FILE_NOT_FOUND } from './file.service';

const file = { labels: ['文件'], table: 'files', people: ['user_id'], missing: MSG_FILE_NOT_FOUND } as const;

export const fileEdit = peoplesRecordPolicy({ ...file, name: 'file:edit', summary: '文件：限上传人', refused: MSG_EDIT_OWN_ONLY });
export const fileDelete = peoplesRecordPolicy({ ...file, name: 'file:delete', summary: '文件：限上传人', refused: MSG_DELETE_OWN_ONLY });
