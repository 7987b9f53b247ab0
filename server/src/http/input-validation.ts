import Ajv, { type ErrorObject, type Options, type ValidateFunction } from 'ajv';
import type { Static, TObject, TSchema } from '@sinclair/typebox';
import { isRecord } from '../lib/is-record';
import { badRequest } from './errors';
import { COMMA_LIST_KEYWORD, INPUT_KEYWORDS, MESSAGES_KEYWORD, VERBATIM_KEYWORD, type FieldMessages } from './input-fields';

/**
 * How route input becomes typed values. Two steps:
 *
 * 1. `prepareInput` (a preValidation hook of every declared route) shapes what the transport gives
 *    into what the schema describes: the query and the body (form-encoded or JSON) in one object,
 *    nested values sent as JSON text parsed where the schema expects an object or array, `1,2,3`
 *    split where it expects a comma list, text trimmed, blank values dropped, and integers accepted
 *    only as plain digits. It refuses NUL characters and lone UTF-16 surrogates anywhere.
 * 2. Fastify's ajv, with the options below, validates it against the route's schema: coercing the
 *    remaining scalars, filling defaults and dropping unknown fields. A failure is answered 400 with
 *    `describeInputError`'s Chinese message.
 *
 * `checkInput` runs both steps outside a route (multipart fields, rows of an imported sheet).
 */
export const AJV_OPTIONS = { coerceTypes: true, useDefaults: true, removeAdditional: true, allErrors: false } satisfies Options;

/** Registers our schema keywords (annotations only: their meaning lives in this module). */
export function addInputKeywords(ajv: Ajv): Ajv {
  for (const keyword of INPUT_KEYWORDS) if (!ajv.getKeyword(keyword)) ajv.addKeyword({ keyword });
  return ajv;
}

type Schema = TSchema | Record<string, unknown>;

const schemaType = (s: Schema | undefined): unknown => s?.type;
/** A declared property's schema; free-form objects (no `properties`) have none, their values pass unchanged. */
const propertyOf = (s: Schema | undefined, key: string): Schema | undefined => {
  const properties = s?.properties;
  const own = isRecord(properties) ? properties[key] : undefined;
  return isRecord(own) ? own : undefined;
};
const itemsOf = (s: Schema | undefined): Schema | undefined => (isRecord(s?.items) ? s.items : undefined);

/** Text PostgreSQL cannot store (NUL) and strings that are not valid UTF-16 (lone surrogates). */
const INVALID_TEXT = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const ABSENT = Symbol('absent');

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function prepareValue(schema: Schema | undefined, value: unknown): unknown {
  if (schema === undefined) return value;
  if (value === null || value === undefined) return ABSENT;
  if (Array.isArray(schema.anyOf)) return prepareAlternative(schema.anyOf, value);
  const type = schemaType(schema);
  if (typeof value === 'string') {
    if (schema[VERBATIM_KEYWORD] === true) return value === '' ? ABSENT : value;
    const text = value.trim();
    if (text === '') return ABSENT;
    if (type === 'object') {
      const parsed = parseJson(text);
      return isRecord(parsed) ? prepareObject(schema, parsed) : value;
    }
    if (type === 'array') {
      const parsed = schema[COMMA_LIST_KEYWORD] === true && !text.startsWith('[') ? text.split(',') : parseJson(text);
      return Array.isArray(parsed) ? prepareList(schema, parsed) : value;
    }
    // Integers only as plain digits: ajv would also take '0x10', '1e3' or ' 12.0'.
    if (type === 'integer') return /^[+-]?\d+$/.test(text) ? Number(text) : Number.NaN;
    if (type === 'number') return /^[+-]?\d+(\.\d+)?$/.test(text) ? Number(text) : Number.NaN;
    if (Array.isArray(schema.enum)) return schema.enum.find((e) => typeof e === 'string' && e.toLowerCase() === text.toLowerCase()) ?? text;
    return text;
  }
  if (Array.isArray(value) && type === 'array') return prepareList(schema, value);
  if (isRecord(value) && type === 'object') return prepareObject(schema, value);
  return value;
}

/** A choice between a fixed text (e.g. `all`, matched case-insensitively) and another shape (e.g. an id list). */
function prepareAlternative(alternatives: unknown[], value: unknown): unknown {
  const branches = alternatives.filter(isRecord);
  if (typeof value === 'string') {
    const text = value.trim();
    const fixed = branches.find((b) => typeof b.const === 'string' && b.const.toLowerCase() === text.toLowerCase());
    if (fixed) return fixed.const;
  }
  const shaped = branches.find((b) => b.const === undefined);
  return shaped ? prepareValue(shaped, value) : value;
}

function prepareList(schema: Schema, list: unknown[]): unknown[] {
  const items = itemsOf(schema);
  const prepared = list.map((v) => prepareValue(items, v)).filter((v) => v !== ABSENT);
  if (schema[COMMA_LIST_KEYWORD] !== true) return prepared;
  const seen = new Set<string>();
  return prepared.filter((v) => {
    const key = typeof v === 'number' ? String(v) : JSON.stringify(v);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function prepareObject(schema: Schema, data: Record<string, unknown>): Record<string, unknown> {
  if (!isRecord(schema.properties)) return data;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data)) {
    const prepared = prepareValue(propertyOf(schema, key), value);
    if (prepared !== ABSENT) out[key] = prepared;
  }
  return out;
}

/** The path of the first string (or key) holding NUL or a lone surrogate, if any. */
function invalidTextAt(value: unknown, path: string[] = []): string[] | undefined {
  if (typeof value === 'string') return INVALID_TEXT.test(value) ? path : undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = invalidTextAt(value[i], [...path, String(i)]);
      if (found) return found;
    }
  } else if (isRecord(value)) {
    for (const [key, v] of Object.entries(value)) {
      if (INVALID_TEXT.test(key)) return path;
      const found = invalidTextAt(v, [...path, key]);
      if (found) return found;
    }
  }
  return undefined;
}

/** Step 1 (see above): the object Fastify's validator then checks. */
export function prepareInput(schema: TObject, data: Record<string, unknown>): Record<string, unknown> {
  const prepared = prepareObject(schema, data);
  const bad = invalidTextAt(prepared);
  if (bad) {
    const label = fieldOf(schema, bad).label;
    throw badRequest(label ? `${label}包含不允许的字符` : '提交的内容包含不允许的字符');
  }
  return prepared;
}

/**
 * The field at `path` from the root: its label is the nearest title on the way (a nested field without
 * one is named by its parent), its messages its own, or for a list item the list's.
 */
function fieldOf(root: Schema, path: string[]): { schema: Schema | undefined; label: string | undefined; messages: FieldMessages } {
  let schema: Schema | undefined = root;
  let label: string | undefined;
  let messages: FieldMessages = {};
  for (const segment of path) {
    // Inside a choice, the path continues in its shaped alternative (the union keeps the label and messages).
    if (Array.isArray(schema?.anyOf)) schema = schema.anyOf.filter(isRecord).find((b) => b.const === undefined);
    const item: boolean = /^\d+$/.test(segment) && schemaType(schema) === 'array';
    schema = item ? itemsOf(schema) : propertyOf(schema, segment);
    if (typeof schema?.title === 'string') label = schema.title;
    const own = schema?.[MESSAGES_KEYWORD];
    const ownMessages: FieldMessages = isRecord(own) ? own : {};
    messages = item ? { ...messages, ...ownMessages } : ownMessages;
  }
  return { schema, label, messages };
}

const decodePointer = (s: string) => s.replace(/~1/g, '/').replace(/~0/g, '~');

/** The Chinese message for ajv's errors against `root` (see input-fields.ts for the wording). */
export function describeInputErrors(root: TSchema, errors: readonly ErrorObject[]): string {
  // Of a failed choice (anyOf) the shaped alternative tells more than the fixed text that did not match.
  const error = errors.find((e) => e.keyword !== 'anyOf' && e.keyword !== 'const') ?? errors[0];
  return error ? describeInputError(root, error) : '请求参数格式不正确';
}

function describeInputError(root: TSchema, error: ErrorObject): string {
  const path = error.instancePath === '' ? [] : error.instancePath.split('/').slice(1).map(decodePointer);
  const params: Record<string, unknown> = error.params;
  if (error.keyword === 'required' && typeof params.missingProperty === 'string') path.push(params.missingProperty);
  const { schema, label, messages } = fieldOf(root, path);
  const limit = params.limit;
  const missing = error.keyword === 'required' || ((error.keyword === 'minLength' || error.keyword === 'minItems') && limit === 1);
  if (missing) {
    if (messages.missing) return messages.missing;
    if (!label) return '信息必须填写';
    return schemaType(schema) === 'string' ? `${label}不能为空` : `请选择${label}`;
  }
  if (error.keyword === 'maxLength') return messages.tooLong ?? `${label ?? '内容'}不能超过${String(limit)}个字符`;
  if (error.keyword === 'maxItems') return messages.tooMany ?? `${label ?? '内容'}最多${String(limit)}项`;
  return messages.invalid ?? (label ? `${label}格式不正确` : '请求参数格式不正确');
}

const standalone = addInputKeywords(new Ajv(AJV_OPTIONS));
const compiled = new WeakMap<TObject, ValidateFunction>();

/** Steps 1 and 2 outside a route: typed values, or a 400 with the field's message. */
export function checkInput<S extends TObject>(schema: S, data: Record<string, unknown>): Static<S> {
  let validate = compiled.get(schema);
  if (!validate) {
    validate = standalone.compile(schema);
    compiled.set(schema, validate);
  }
  const prepared = prepareInput(schema, data);
  if (isValid(validate, schema, prepared)) return prepared;
  throw badRequest(describeInputErrors(schema, validate.errors ?? []));
}

function isValid<S extends TObject>(validate: ValidateFunction, _schema: S, data: unknown): data is Static<S> {
  return validate(data);
}
