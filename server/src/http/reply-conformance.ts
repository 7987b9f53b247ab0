/**
 * Under test, every 200 reply of a route with a `reply` schema is checked against it before it is
 * serialised: a wrong type, a missing field or a field the schema does not declare (which the serialiser
 * would silently drop, and a client might be reading) fails the request with a 500 that names the paths.
 * The whole server suite is thereby the wire contract's conformance test. Off in production (it costs).
 */
import type { TSchema } from '@sinclair/typebox';
import { TypeCompiler, type TypeCheck } from '@sinclair/typebox/compiler';
import { Value } from '@sinclair/typebox/value';
import { isDeepStrictEqual } from 'node:util';

/** On under jest (NODE_ENV=test) unless PORTAL_CHECK_REPLIES=0; PORTAL_CHECK_REPLIES=1 turns it on anywhere. */
export function replyConformanceOn(): boolean {
  const flag = process.env.PORTAL_CHECK_REPLIES;
  return flag === '1' || (flag !== '0' && process.env.NODE_ENV === 'test');
}

const compiled = new WeakMap<TSchema, TypeCheck<TSchema>>();

function checkerOf(schema: TSchema): TypeCheck<TSchema> {
  let check = compiled.get(schema);
  if (!check) {
    check = TypeCompiler.Compile(schema);
    compiled.set(schema, check);
  }
  return check;
}

/** Paths of the fields `value` has and `cleaned` (the schema's view of it) lost. */
function undeclared(value: unknown, cleaned: unknown, path: string, out: string[]): void {
  if (out.length >= 5) return;
  if (Array.isArray(value) && Array.isArray(cleaned)) {
    value.forEach((item, i) => undeclared(item, cleaned[i], `${path}/${i}`, out));
    return;
  }
  if (value && typeof value === 'object' && cleaned && typeof cleaned === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (item === undefined) continue;
      if (!(key in cleaned)) out.push(`${path}/${key}`);
      else undeclared(item, (cleaned as Record<string, unknown>)[key], `${path}/${key}`, out);
    }
  }
}

/** The problems of `payload` against `schema`, empty when it conforms. */
export function replyProblems(schema: TSchema, payload: unknown): string[] {
  // What JSON would carry: dates as strings, undefined dropped.
  const wire: unknown = JSON.parse(JSON.stringify(payload ?? null));
  const check = checkerOf(schema);
  const problems = [...check.Errors(wire)].slice(0, 5).map((e) => `${e.path || '/'}: ${e.message} (got ${JSON.stringify(e.value)?.slice(0, 60)})`);
  if (problems.length === 0) {
    const cleaned = Value.Clean(schema, structuredClone(wire));
    if (!isDeepStrictEqual(cleaned, wire)) {
      const paths: string[] = [];
      undeclared(wire, cleaned, '', paths);
      problems.push(...paths.map((p) => `${p}: not declared in the reply schema`));
    }
  }
  return problems;
}

/** Throws (a 500) when a success reply does not conform to its route's schema. */
export function assertReplyConforms(url: string, schema: TSchema, payload: unknown): void {
  const problems = replyProblems(schema, payload);
  if (problems.length > 0) throw new Error(`reply of ${url} does not match its schema:\n  ${problems.join('\n  ')}`);
}
