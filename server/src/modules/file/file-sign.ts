import type { AppContext } from '../../app-context';
import { badRequest } from '../../http/errors';
import type { Actor } from '../auth/session/actor';
import { signedFileUrl, visibleStoredNames } from './file-access';

export const SIGN_MAX = 200;
const STORED_URL = /^\/files\/([0-9a-f]{32}\.[a-z0-9]{1,5})(?:\?.*)?$/;

/** The `urls` field: an array (or its JSON text) of strings. */
export function parseUrlList(raw: unknown): string[] {
  let value = raw;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      value = [value];
    }
  }
  if (!Array.isArray(value) || value.some((u) => typeof u !== 'string')) throw badRequest('文件地址列表格式不正确');
  if (value.length > SIGN_MAX) throw badRequest(`一次最多获取${SIGN_MAX}个文件地址`);
  return value as string[];
}

/**
 * Signed URLs for stored file addresses that records hold (`/files/<name>`, or an old signed one):
 * `{ [given url]: signed url }`, only for the files the actor may see; others are left out.
 */
export async function signStoredUrls(ctx: AppContext, actor: Actor, urls: string[]): Promise<Record<string, string>> {
  const nameOf = new Map<string, string>();
  for (const url of urls) {
    const m = STORED_URL.exec(url);
    if (m) nameOf.set(url, m[1]);
  }
  const visible = await visibleStoredNames(ctx.db, actor, [...new Set(nameOf.values())]);
  const out: Record<string, string> = {};
  for (const [url, name] of nameOf) if (visible.has(name)) out[url] = signedFileUrl(ctx, actor, name);
  return out;
}
