/**
 * 实时推送 (hub/negotiate): the SignalR protocol's negotiate reply, as @microsoft/signalr reads it
 * (version 0 has no connectionToken), or the protocol's `{error}` when the client cannot connect.
 */
import { Type, type Static } from '@sinclair/typebox';

export const NegotiateReply = Type.Union([
  Type.Object({
    connectionId: Type.String(),
    connectionToken: Type.Optional(Type.String()),
    negotiateVersion: Type.Number(),
    availableTransports: Type.Array(Type.Object({ transport: Type.String(), transferFormats: Type.Array(Type.String()) })),
  }),
  Type.Object({ error: Type.String() }),
]);
export type Negotiated = Static<typeof NegotiateReply>;
