/**
 * A cc list as an approval submission sends it (input, spec §7 "cc as JSON list"): the people the user
 * picked (at most 5, the server checks), or their user ids. The server reads only the ids.
 */
import { Type, type Static } from '@sinclair/typebox';

/** One picked person, as the user picker gives it. */
export const CcUserSchema = Type.Object({
  userid: Type.Integer({ minimum: 1 }),
  username: Type.Optional(Type.String()),
  header: Type.Optional(Type.String()),
});
export type CcUser = Static<typeof CcUserSchema>;

/** Sent as JSON text in a form body, or as the array in a JSON body. */
export const CcListSchema = Type.Array(Type.Union([CcUserSchema, Type.Integer({ minimum: 1 })]));
export type CcList = Static<typeof CcListSchema>;
