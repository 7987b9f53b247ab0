/** Timestamps are stored as ISO-8601 UTC strings and shown in Asia/Shanghai (UTC+8, no daylight saving). */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();

const SHANGHAI_OFFSET_MS = 8 * 3600 * 1000;

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/** `yyyy-MM-dd HH:mm:ss` in Asia/Shanghai; '' for an empty stored value. */
export function formatShanghai(iso: string | null | undefined): string {
  if (!iso) return '';
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return '';
  const d = new Date(t + SHANGHAI_OFFSET_MS);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}

/** `yyyyMMdd` of the Shanghai calendar day. */
export function shanghaiDateStamp(date: Date): string {
  const d = new Date(date.getTime() + SHANGHAI_OFFSET_MS);
  return `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}`;
}

/** Parses `yyyy-MM-dd HH:mm[:ss]` given in Asia/Shanghai into a stored ISO string; null when malformed. */
export function parseShanghaiDateTime(text: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/.exec(text.trim());
  if (!m) return null;
  const [y, mo, d, h, mi, s] = [m[1], m[2], m[3], m[4], m[5], m[6] ?? '0'].map(Number);
  const utc = Date.UTC(y, mo - 1, d, h, mi, s);
  const back = new Date(utc);
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d || h > 23 || mi > 59 || s > 59) return null;
  return new Date(utc - SHANGHAI_OFFSET_MS).toISOString();
}
