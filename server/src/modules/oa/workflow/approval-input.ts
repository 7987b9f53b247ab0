/** Approval inputs as the client sends them: cc lists, JSON objects, attachments. */
import { badRequest } from '../../../http/errors';
import { CC_MAX } from './approval-progress';

/** cc as the client sends it: a JSON list of {userid, username} (or ids). At most 5 people. */
export function parseCc(value: unknown): number[] {
  if (value === undefined || value === null) return [];
  let list: unknown = value;
  if (typeof value === 'string') {
    const t = value.trim();
    if (t === '') return [];
    try {
      list = JSON.parse(t);
    } catch {
      list = t.split(',');
    }
  }
  if (!Array.isArray(list)) list = [list];
  const ids: number[] = [];
  for (const item of list as unknown[]) {
    const raw =
      item && typeof item === 'object'
        ? ((item as Record<string, unknown>).userid ?? (item as Record<string, unknown>).UserID ?? (item as Record<string, unknown>).id)
        : item;
    const id = Number(raw);
    if (!Number.isSafeInteger(id) || id <= 0) throw badRequest('抄送人格式不正确');
    if (!ids.includes(id)) ids.push(id);
  }
  if (ids.length > CC_MAX) throw badRequest(`抄送人最多${CC_MAX}个`);
  return ids;
}

/** A JSON object as sent (an object, or its JSON text); empty → {}. */
export function parseJsonObject(value: unknown, label: string): Record<string, unknown> {
  if (value === undefined || value === null || value === '') return {};
  let v = value;
  if (typeof v === 'string') {
    try {
      v = JSON.parse(v);
    } catch {
      throw badRequest(`${label}格式不正确`);
    }
  }
  if (!v || typeof v !== 'object' || Array.isArray(v)) throw badRequest(`${label}格式不正确`);
  return v as Record<string, unknown>;
}

/** Attachments on a decision or comment, as the spec's file shape (kept as JSON). */
export function filesJson(value: unknown): string {
  if (value === undefined || value === null || value === '') return '[]';
  let v = value;
  if (typeof v === 'string') {
    try {
      v = JSON.parse(v);
    } catch {
      throw badRequest('附件格式不正确');
    }
  }
  if (!Array.isArray(v) || v.length > 9) throw badRequest('附件最多9个');
  return JSON.stringify(
    v.map((f) => {
      const o = (f && typeof f === 'object' ? f : {}) as Record<string, unknown>;
      return {
        id: Number(o.id) || 0,
        FileName: String(o.FileName ?? o.filename ?? '').slice(0, 200),
        url: String(o.url ?? '').slice(0, 300),
        format: String(o.format ?? '').slice(0, 20),
        size: Number(o.size) || 0,
      };
    }),
  );
}
