/** A customer's contacts (api/contact/*): the rows as ContactRow names them (字段权限 module `contact`). */
import { Type, type Static } from '@sinclair/typebox';
import { Envelope, ListOf, Maskable } from '../wire';

export const ContactRowSchema = Type.Object({
  id: Type.Number(),
  customerId: Type.Number(),
  // 字段权限 (contact): masked, or absent when hidden from the viewer.
  contactName: Maskable(),
  mobile: Maskable(),
  wechat: Maskable(),
  qq: Maskable(),
  zhiwei: Maskable(),
  /** '', 男 or 女. */
  sex: Type.String(),
  /** 1 the customer's primary contact (exactly one), else 0. */
  isPrimary: Type.Number(),
});
export type ContactRow = Static<typeof ContactRowSchema>;

/** api/contact/list: the customer's contacts, the primary one first. */
export const ContactListReply = ListOf(ContactRowSchema);
/** api/contact/Views. */
export const ContactDetailReply = Envelope(ContactRowSchema);
/** api/contact/add, api/contact/Edit: the saved contact's id. */
export const ContactSavedReply = Envelope(Type.Object({ id: Type.Number() }));
