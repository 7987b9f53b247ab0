import type { FastifyRequest } from 'fastify';
import { badRequest } from './errors';

/** The request's fields: query string plus body (form-encoded or JSON), body winning. */
export type Input = Record<string, unknown>;

export function requestInput(request: FastifyRequest): Input {
  const query = isRecord(request.query) ? request.query : {};
  const body = isRecord(request.body) ? request.body : {};
  return { ...query, ...body };
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const isBlank = (v: unknown): boolean => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

type TextRule = {
  /** Chinese name of the field, used in the messages (`客户名称`). */
  label: string;
  required?: boolean;
  /** Message when missing; default `${label}不能为空`. */
  requiredMessage?: string;
  max?: number;
};

/** A trimmed string field ('' when absent and optional). Numbers are accepted as their text. */
export function text(input: Input, key: string, rule: TextRule): string {
  const raw = input[key];
  if (isBlank(raw)) {
    if (rule.required) throw badRequest(rule.requiredMessage ?? `${rule.label}不能为空`);
    return '';
  }
  if (typeof raw !== 'string' && typeof raw !== 'number') throw badRequest(`${rule.label}格式不正确`);
  const value = String(raw).trim();
  if (rule.max !== undefined && [...value].length > rule.max) throw badRequest(`${rule.label}不能超过${rule.max}个字符`);
  return value;
}

type IntRule = { message: string; min?: number; max?: number };

/** An integer field given as a number or decimal text; `fallback` when absent. */
export function integer(input: Input, key: string, fallback: number, rule: IntRule): number;
export function integer(input: Input, key: string, fallback: undefined, rule: IntRule): number | undefined;
export function integer(input: Input, key: string, fallback: number | undefined, rule: IntRule): number | undefined {
  const raw = input[key];
  if (isBlank(raw)) return fallback;
  const n = parseInteger(raw);
  if (n === undefined || (rule.min !== undefined && n < rule.min) || (rule.max !== undefined && n > rule.max)) {
    throw badRequest(rule.message);
  }
  return n;
}

export function parseInteger(raw: unknown): number | undefined {
  if (typeof raw === 'number') return Number.isSafeInteger(raw) ? raw : undefined;
  if (typeof raw !== 'string' || !/^-?\d{1,15}$/.test(raw.trim())) return undefined;
  return Number(raw.trim());
}

/** One of a fixed set of values; `fallback` when absent. */
export function choice<T extends string>(input: Input, key: string, allowed: readonly T[], fallback: T, message: string): T {
  const raw = input[key];
  if (isBlank(raw)) return fallback;
  const value = typeof raw === 'number' ? String(raw) : raw;
  const found = allowed.find((a) => typeof value === 'string' && a.toLowerCase() === value.trim().toLowerCase());
  if (found === undefined) throw badRequest(message);
  return found;
}

/** A nested object sent as a JSON string (form encoding) or as an object (JSON body); {} when absent. */
export function jsonObject(input: Input, key: string, message: string): Record<string, unknown> {
  const raw = input[key];
  if (isBlank(raw)) return {};
  if (isRecord(raw)) return raw;
  if (typeof raw === 'string') {
    try {
      const parsed: unknown = JSON.parse(raw);
      if (isRecord(parsed)) return parsed;
    } catch {
      /* falls through to the error below */
    }
  }
  throw badRequest(message);
}

/** A list of positive ids written `1,2,3` (or sent as an array). */
export function idList(input: Input, key: string, messages: { missing: string; invalid: string }): number[] {
  const raw = input[key];
  const parts = Array.isArray(raw) ? raw : typeof raw === 'string' || typeof raw === 'number' ? String(raw).split(',') : undefined;
  if (parts === undefined) {
    if (isBlank(raw)) throw badRequest(messages.missing);
    throw badRequest(messages.invalid);
  }
  const texts = parts.map((p) => (typeof p === 'number' ? String(p) : typeof p === 'string' ? p.trim() : '')).filter((p) => p !== '');
  if (texts.length === 0) throw badRequest(messages.missing);
  const ids = texts.map((t) => parseInteger(t));
  if (ids.some((id) => id === undefined || id <= 0)) throw badRequest(messages.invalid);
  return [...new Set(ids as number[])];
}
