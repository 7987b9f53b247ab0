/** Leads (api/clues/*): clue 3 rows of the customer table. */
import { Type, type Static } from '@sinclair/typebox';
import { Envelope } from '../wire';

/** api/clues/Subtotal: the counts of a lead's detail tabs (回款, 财务 and 付款 are always 0: no such records yet). */
export const LeadSubtotalSchema = Type.Object({
  followups: Type.Number(),
  contact: Type.Number(),
  contract: Type.Number(),
  recpay: Type.Number(),
  finance: Type.Number(),
  files: Type.Number(),
  payment: Type.Number(),
  logs: Type.Number(),
});
export type LeadSubtotal = Static<typeof LeadSubtotalSchema>;
export const LeadSubtotalReply = Envelope(LeadSubtotalSchema);

/** api/clues/Transfer, Turn, close: how many leads the command changed. */
export const LeadCountReply = Envelope(Type.Object({ count: Type.Number() }));
