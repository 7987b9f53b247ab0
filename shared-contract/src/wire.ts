/**
 * The two reply shapes of the API (spec §7/§8) as TypeBox schemas, and the field helpers every reply
 * schema uses. The server mounts a route's reply schema as Fastify's 200 response schema, so a reply
 * is serialised through it (fast-json-stringify): a field not declared here never leaves the server.
 */
import { Type, type Static, type TSchema } from '@sinclair/typebox';

/** `{result, msg, data?}`: every command's reply (an error reply carries no `data`). */
export const Envelope = <T extends TSchema>(data: T) =>
  Type.Object({ result: Type.Union([Type.Literal('success'), Type.Literal('error')]), msg: Type.String(), data: Type.Optional(data) });

/** An envelope with no `data` (a command that only says it worked). */
export const Done = Type.Object({ result: Type.Union([Type.Literal('success'), Type.Literal('error')]), msg: Type.String() });

/** `{rows, total, totalCapped?}`: every list. `totalCapped`: counting stopped at `total`. */
export const ListOf = <T extends TSchema>(row: T) => Type.Object({ rows: Type.Array(row), total: Type.Number(), totalCapped: Type.Optional(Type.Boolean()) });

/** A value that may be null on the wire (a nullable column). */
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/**
 * A field 字段权限 may mask or hide (the server's reply hook replaces it with a masked string or
 * deletes it before serialisation): always optional and a string on the wire.
 */
export const Maskable = () => Type.Optional(Type.String());

/** A maskable field whose value is a number or null when shown (masked: a string). */
export const MaskableValue = () => Type.Optional(Type.Union([Type.String(), Type.Number(), Type.Null()]));

/** Anything: a part of a reply this contract does not describe yet (serialised as it is). */
export const Opaque = () => Type.Unknown();

export type EnvelopeOf<T> = { result: 'success' | 'error'; msg: string; data?: T };
export type ListReplyOf<T> = { rows: T[]; total: number; totalCapped?: boolean };
export type { Static };
