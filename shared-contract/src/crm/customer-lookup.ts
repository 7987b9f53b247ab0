/** 客户查询 (api/customer/GetsearchKh, no login): whether a customer exists, by its full name or phone. */
import { Type, type Static } from '@sinclair/typebox';
import { Envelope, ListOf, Maskable } from '../wire';

/**
 * A match. Anyone: the owner masked (张*) and department (both '' in the pool), pool and blacklist,
 * the last follow-up date. A logged-in user within scope also gets the owner in full, the id, name
 * and contact, as 字段权限 shows them.
 */
export const CustomerLookupRowSchema = Type.Object({
  exists: Type.Boolean(),
  owner: Type.String(),
  department: Type.String(),
  inPool: Type.Boolean(),
  blacklisted: Type.Boolean(),
  lastFollowup: Type.String(),
  id: Type.Optional(Type.Number()),
  CustomerName: Maskable(),
  contact_name: Maskable(),
  contact_mobile: Maskable(),
});
export type CustomerLookupRow = Static<typeof CustomerLookupRowSchema>;

export const CustomerLookupListSchema = ListOf(CustomerLookupRowSchema);
export type CustomerLookupList = Static<typeof CustomerLookupListSchema>;
export const CustomerLookupReply = Envelope(CustomerLookupListSchema);
