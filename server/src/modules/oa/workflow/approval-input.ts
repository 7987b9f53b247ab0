/** Approval inputs as the client sends them: cc lists, attachments (structured input schemas of the wire contract). */
import { AttachmentListSchema, ATTACHMENTS_MAX, CC_MAX, CcListSchema, type AttachmentList, type CcList } from '@portal/shared-contract';
import { CloneType, Type } from '@sinclair/typebox';
import { badRequest } from '../../../http/errors';
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

/**
 * cc as the client sends it, parsed by hand: a JSON list of {userid, username} (or ids). At most 5 people.
 * For the routes whose input does not declare `cc` as CcField yet (intake, expense claims).
 */
export function parseCc(value: unknown): number[] {
  if (value === undefined || value === null) return [];
  let list: unknown = value;
  if (typeof value === 'string') {
    const t = value.trim();
    if (t === '') return [];
    try {
      list = JSON.parse(t);
    } catch {
      list = t.split(',');
    }
  }
  if (!Array.isArray(list)) list = [list];
  const ids: number[] = [];
  for (const item of list as unknown[]) {
    const raw =
      item && typeof item === 'object'
        ? ((item as Record<string, unknown>).userid ?? (item as Record<string, unknown>).UserID ?? (item as Record<string, unknown>).id)
        : item;
    const id = Number(raw);
    if (!Number.isSafeInteger(id) || id <= 0) throw badRequest('抄送人格式不正确');
    if (!ids.includes(id)) ids.push(id);
  }
  if (ids.length > CC_MAX) throw badRequest(`抄送人最多${CC_MAX}个`);
  return ids;
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
