/**
 * 抄送 (cc) as the clients send it with a submission, a decision, a comment or api/WorkFlow/addCc: a
 * JSON list (form-encoded as its text) of the people picked, `[{userid, username}]` (the user picker's
 * choice), or of bare user ids. At most five people.
 */
import { Type, type Static } from '@sinclair/typebox';

export const CC_MAX = 5;

const UserId = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });

/** A person picked; `username` and `header` come along from the picker (the server reads only `userid`). */
export const CcPersonSchema = Type.Object(
  { userid: UserId, username: Type.Optional(Type.String({ maxLength: 50 })), header: Type.Optional(Type.String({ maxLength: 300 })) },
  { additionalProperties: false },
);
export type CcPerson = Static<typeof CcPersonSchema>;

/** One entry: a bare user id or a person picked. */
export const CcEntrySchema = Type.Union([UserId, CcPersonSchema]);
export type CcEntry = Static<typeof CcEntrySchema>;

export const CcListSchema = Type.Array(CcEntrySchema, { maxItems: CC_MAX });
export type CcList = Static<typeof CcListSchema>;

/** The picker's person under the name the forms use. */
export const CcUserSchema = CcPersonSchema;
export type CcUser = CcPerson;
