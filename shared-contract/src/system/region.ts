/** 省、市、区县 (Api/city/list/): bare arrays sorted by division code. */
import { Type, type Static } from '@sinclair/typebox';

export const RegionSchema = Type.Object({ id: Type.Number(), name: Type.String() });
export type Region = Static<typeof RegionSchema>;
export const RegionListReply = Type.Array(RegionSchema);
