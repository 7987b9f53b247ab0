/** 公海 (api/pool/*): the public pools besides 默认公海 (id 0), keyed as the server names them. */
import { Type, type Static } from '@sinclair/typebox';
import { Envelope, ListOf, Nullable } from '../wire';

/** A pool as api/pool/index lists it; a rule left null follows 基础设置. */
export const PublicPoolRowSchema = Type.Object({
  id: Type.Number(),
  name: Type.String(),
  branchIds: Type.Array(Type.Number()),
  userIds: Type.Array(Type.Number()),
  noFollowupDays: Nullable(Type.Number()),
  noDealDays: Nullable(Type.Number()),
  claimLimitPerDay: Nullable(Type.Number()),
  reclaimWaitDays: Nullable(Type.Number()),
  enabled: Type.Boolean(),
  sort: Type.Number(),
  /** 默认公海 (id 0, first). */
  isDefault: Type.Boolean(),
  /** Customers in the pool. */
  customers: Type.Number(),
  branchNames: Type.Array(Type.String()),
  userNames: Type.Array(Type.String()),
});
export type PublicPoolRow = Static<typeof PublicPoolRowSchema>;

export const PublicPoolListReply = ListOf(PublicPoolRowSchema);
/** api/pool/add: the new pool's id. */
export const PublicPoolAddReply = Envelope(Type.Object({ id: Type.Number() }));
/** api/pool/delete (pools deleted) and api/pool/move (customers moved). */
export const PublicPoolCountReply = Envelope(Type.Object({ count: Type.Number() }));
