/** Approval inputs as the client sends them: cc lists, attachments (structured input schemas of the wire contract). */
import { AttachmentListSchema, ATTACHMENTS_MAX, CC_MAX, CcListSchema, type AttachmentList, type CcList } from '@portal/shared-contract';
import { CloneType, Type } from '@sinclair/typebox';
import { MESSAGES_KEYWORD } from '../../../http/input-fields';

/** The `cc` field: a JSON list (or its text) of `{userid, username}` or of user ids; at most 5 people. */
export const CcField = () =>
  Type.Optional(CloneType(CcListSchema, { title: '抄送人', [MESSAGES_KEYWORD]: { invalid: '抄送人格式不正确', tooMany: `抄送人最多${CC_MAX}个` } }));

/** The `files` field of a decision or a comment: a JSON list (or its text) of uploaded files; at most 9. */
export const FilesField = () =>
  Type.Optional(CloneType(AttachmentListSchema, { title: '附件', [MESSAGES_KEYWORD]: { invalid: '附件格式不正确', tooMany: `附件最多${ATTACHMENTS_MAX}个` } }));

/** The user ids of a validated cc list, each once. */
export function ccIds(list: CcList | undefined): number[] {
  return [...new Set((list ?? []).map((entry) => (typeof entry === 'number' ? entry : entry.userid)))];
}

/** Validated attachments as the log stores them (the spec's file shape, as JSON). */
export function storedFiles(list: AttachmentList | undefined): string {
  return JSON.stringify(
    (list ?? []).map((f) => ({
      id: f.id ?? 0,
      FileName: f.FileName ?? f.filename ?? f.name ?? '',
      url: f.url ?? '',
      format: f.format ?? '',
      size: f.size ?? 0,
    })),
  );
}
