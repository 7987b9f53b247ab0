/** 客户来源 (api/UserSet/GetLaiyaun): the options of the source selects, in their set order. */
import { Type, type Static } from '@sinclair/typebox';

export const LeadSourceOptionSchema = Type.Object({ id: Type.Number(), name: Type.String() });
export type LeadSourceOption = Static<typeof LeadSourceOptionSchema>;

/** A bare array, not an envelope (the selects read the reply as their options). */
export const LeadSourceListReply = Type.Array(LeadSourceOptionSchema);
