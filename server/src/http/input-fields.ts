import { Type, type SchemaOptions, type TArray, type TInteger, type TObject, type TProperties, type TString, type TUnsafe } from '@sinclair/typebox';

/**
 * The building blocks of route input schemas (TypeBox). Every field carries its Chinese label as
 * `title`; validation messages name the field with it (see input-errors.ts):
 *
 * - missing: `${label}不能为空` for text, `请选择${label}` for anything else (信息必须填写 without a label);
 * - too long: `${label}不能超过${n}个字符`; anything else wrong: `${label}格式不正确`.
 *
 * `messages` overrides them for one field. Blank values ('' or whitespace, null) count as absent, so an
 * optional field gets its default and a required one its "missing" message.
 */
export type FieldMessages = {
  /** Absent or blank (required fields, empty lists). */
  missing?: string;
  /** Wrong type, out of range, not one of the choices, bad format. */
  invalid?: string;
  /** Longer than maxLength. */
  tooLong?: string;
  /** More items than maxItems. */
  tooMany?: string;
};

/** Schema keywords of ours (registered with ajv as annotations; `x-` keys also reach the OpenAPI document). */
export const MESSAGES_KEYWORD = 'x-messages';
/** On a string: the value is taken verbatim (not trimmed), e.g. passwords. */
export const VERBATIM_KEYWORD = 'x-verbatim';
/** On an array: a text value is a comma-separated list (`1,2,3`); items are trimmed and de-duplicated. */
export const COMMA_LIST_KEYWORD = 'x-comma-list';
export const INPUT_KEYWORDS = [MESSAGES_KEYWORD, VERBATIM_KEYWORD, COMMA_LIST_KEYWORD] as const;

/** Ids are positive 32-bit integers (PostgreSQL `integer`). */
export const MAX_ID = 2_147_483_647;
/** Page numbers and similar counters stay far below this. */
export const MAX_PAGE = 1_000_000;

type Options = { messages?: FieldMessages; description?: string };

function annotations(label: string, opts: Options): SchemaOptions {
  return { title: label, ...(opts.description ? { description: opts.description } : {}), ...(opts.messages ? { [MESSAGES_KEYWORD]: opts.messages } : {}) };
}

/** The route's whole input: unknown fields are dropped (ajv removeAdditional). */
export function Fields<P extends TProperties>(properties: P): TObject<P> {
  return Type.Object(properties, { additionalProperties: false });
}

/** A nested object sent as a JSON string (form encoding) or as an object (JSON body). */
export function Nested<P extends TProperties>(label: string, properties: P, opts: Options = {}): TObject<P> {
  return Type.Object(properties, { ...annotations(label, opts), additionalProperties: false, default: {} });
}

/** Free-form JSON object (a JSON string or an object): e.g. the values of a custom form record. */
export function JsonObject(label: string, opts: Options = {}) {
  return Type.Record(Type.String(), Type.Unknown(), annotations(label, opts));
}

/** Any JSON value or text (checked by the service against stored definitions, e.g. a field definition). */
export function JsonValue(label: string, opts: Options = {}) {
  return Type.Unknown(annotations(label, opts));
}

/** Optional trimmed text; '' when absent. Numbers are accepted as their text. */
export function Text(label: string, max: number, opts: Options & { pattern?: string } = {}): TString {
  return Type.String({ ...annotations(label, opts), maxLength: max, default: '', ...(opts.pattern ? { pattern: opts.pattern } : {}) });
}

/** Trimmed text that may be absent (undefined), e.g. a setting an edit keeps when it is not sent. */
export function OptionalText(label: string, max: number, opts: Options & { pattern?: string } = {}) {
  return Type.Optional(Type.String({ ...annotations(label, opts), maxLength: max, ...(opts.pattern ? { pattern: opts.pattern } : {}) }));
}

/** Required trimmed text. */
export function RequiredText(label: string, max: number, opts: Options & { pattern?: string } = {}): TString {
  return Type.String({ ...annotations(label, opts), minLength: 1, maxLength: max, ...(opts.pattern ? { pattern: opts.pattern } : {}) });
}

/** Required text taken verbatim (passwords). */
export function Secret(label: string, max: number, opts: Options & { min?: number } = {}): TString {
  return Type.String({ ...annotations(label, opts), minLength: opts.min ?? 1, maxLength: max, [VERBATIM_KEYWORD]: true });
}

/** A required record id. */
export function Id(label: string, opts: Options = {}): TInteger {
  return Type.Integer({ ...annotations(label, opts), minimum: 1, maximum: MAX_ID });
}

/** An integer within [min, max]; with `fallback` it may be absent. */
export function Integer(label: string, range: { min: number; max: number; fallback?: number }, opts: Options = {}): TInteger {
  return Type.Integer({
    ...annotations(label, opts),
    minimum: range.min,
    maximum: range.max,
    ...(range.fallback === undefined ? {} : { default: range.fallback }),
  });
}

/** Ids written `1,2,3` (form) or sent as an array (JSON); at least one, at most `max`. */
export function Ids(label: string, max: number, opts: Options = {}): TArray<TInteger> {
  return Type.Array(Type.Integer({ minimum: 1, maximum: MAX_ID }), { ...annotations(label, opts), minItems: 1, maxItems: max, [COMMA_LIST_KEYWORD]: true });
}

/** One of fixed texts (matched case-insensitively); `fallback` when absent (without one, wrap it in Type.Optional). */
export function OneOf<const T extends string>(label: string, values: readonly T[], fallback: T | undefined, opts: Options = {}): TUnsafe<T> {
  return Type.Unsafe<T>({ type: 'string', enum: [...values], ...(fallback === undefined ? {} : { default: fallback }), ...annotations(label, opts) });
}

/** One of fixed integers (e.g. 7, 30 or 90 days); `fallback` when absent (without one, wrap it in Type.Optional). */
export function OneOfNumbers<const T extends number>(label: string, values: readonly T[], fallback: T | undefined, opts: Options = {}): TUnsafe<T> {
  return Type.Unsafe<T>({ type: 'integer', enum: [...values], ...(fallback === undefined ? {} : { default: fallback }), ...annotations(label, opts) });
}

/** 0 or 1 flags (isshow, status, isread …); without `fallback`, wrap it in Type.Optional. */
export function Flag(label: string, fallback: 0 | 1 | undefined, opts: Options = {}): TUnsafe<0 | 1> {
  return Type.Unsafe<0 | 1>({ type: 'integer', enum: [0, 1], ...(fallback === undefined ? {} : { default: fallback }), ...annotations(label, opts) });
}

/** The list paging pair: `page` (from 1) and `rows` (1…max, default as the list's page size). */
export function Paging(rows: number, maxRows = 200) {
  return {
    page: Integer('页码', { min: 1, max: MAX_PAGE, fallback: 1 }, { messages: { invalid: '页码必须是正整数' } }),
    rows: Integer('每页条数', { min: 1, max: maxRows, fallback: rows }, { messages: { invalid: `每页条数必须是1到${maxRows}之间的整数` } }),
  };
}
