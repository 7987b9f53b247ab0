/**
 * An attachment list as a form sends it (input): the uploads a record refers to, as the file control
 * builds them from the upload replies. The server reads the id and the address (the file must be one it
 * stores, and usually the sender's own upload) and describes the file again from its own records.
 */
import { Type, type Static } from '@sinclair/typebox';

export const AttachmentSchema = Type.Object({
  id: Type.Integer({ minimum: 1 }),
  /** The stored file's address (`/files/<name>`), as the upload answered it. */
  url: Type.String(),
  FileName: Type.Optional(Type.String()),
  format: Type.Optional(Type.String()),
  /** Kb. */
  size: Type.Optional(Type.Number()),
});
export type Attachment = Static<typeof AttachmentSchema>;

/** Sent as JSON text in a form body, or as the array in a JSON body. */
export const AttachmentListSchema = Type.Array(AttachmentSchema);
export type AttachmentList = Static<typeof AttachmentListSchema>;
