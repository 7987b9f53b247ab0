/**
 * Attachments as the clients send them (a decision's or a comment's files, 进件资料): a JSON list
 * (form-encoded as its text) of uploaded files as `api/file/*` answered them. The form's file control
 * sends `{id, FileName, url, format, size, userid, username, addTime}`, other callers `{id, url, name}`;
 * the server reads the fields declared here and drops the others. At most nine.
 */
import { Type, type Static } from '@sinclair/typebox';

export const ATTACHMENTS_MAX = 9;

export const AttachmentSchema = Type.Object(
  {
    id: Type.Optional(Type.Integer({ minimum: 1, maximum: 2_147_483_647 })),
    /** The stored address (`/files/<name>`). */
    url: Type.Optional(Type.String({ maxLength: 300 })),
    /** The original file name (`filename`, `name`: the same, as some callers name it). */
    FileName: Type.Optional(Type.String({ maxLength: 200 })),
    filename: Type.Optional(Type.String({ maxLength: 200 })),
    name: Type.Optional(Type.String({ maxLength: 200 })),
    format: Type.Optional(Type.String({ maxLength: 20 })),
    /** Kb. */
    size: Type.Optional(Type.Number({ minimum: 0 })),
  },
  { additionalProperties: false },
);
export type Attachment = Static<typeof AttachmentSchema>;

export const AttachmentListSchema = Type.Array(AttachmentSchema, { maxItems: ATTACHMENTS_MAX });
export type AttachmentList = Static<typeof AttachmentListSchema>;
