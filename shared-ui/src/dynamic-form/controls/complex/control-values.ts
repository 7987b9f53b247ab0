/**
 * Reading the in-form values the complex controls hold (contract "In-form value shapes"), which
 * may arrive as the control wrote them or as a stored record gives them back (strings, JSON text).
 */
import type { PickedUser } from '../../../pickers/directory-types';

/** A comma-joined id list ('3,5'), a single id or an array, as numbers. */
export function idsOf(value: unknown): number[] {
  const parts = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : value === undefined || value === null ? [] : [value];
  return parts.map((part) => Number(String(part).trim())).filter((id) => Number.isFinite(id) && id !== 0);
}

/** A single id, or undefined when empty. */
export function idOf(value: unknown): number | undefined {
  return idsOf(value)[0];
}

/** A list value (array, or its JSON text). */
export function listOf<T>(value: unknown): T[] {
  if (Array.isArray(value)) return value as T[];
  if (typeof value === 'string' && value.trim().startsWith('[')) {
    try {
      const parsed: unknown = JSON.parse(value);
      return Array.isArray(parsed) ? (parsed as T[]) : [];
    } catch {
      return [];
    }
  }
  return [];
}

export function textOf(value: unknown): string {
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
}

/** The users of a `users` field: its ids, named by the field2 companion [{userid, username, header}]. */
export function pickedUsers(ids: number[], companion: unknown): PickedUser[] {
  const known = listOf<Partial<PickedUser>>(companion);
  return ids.map((userid) => {
    const user = known.find((u) => Number(u.userid) === userid);
    return { userid, username: user?.username ?? String(userid), header: user?.header ?? '' };
  });
}
