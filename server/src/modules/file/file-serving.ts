import fs from 'node:fs';
import path from 'node:path';
import type { FastifyReply } from 'fastify';
import type { AppContext } from '../../app-context';
import { CACHE_IMMUTABLE } from '../../http/static';
import { storedFile } from './file.service';

const STORED_NAME = /^[0-9a-f]{32}\.[a-z0-9]{1,5}$/;

/** `attachment; filename="ascii"; filename*=UTF-8''…` (RFC 6266 / RFC 5987): the original name, safe in a header. */
export function contentDisposition(kind: 'inline' | 'attachment', name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\%]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/**
 * Serves an uploaded file. No login is asked: pictures are shown by <img> tags, which send no
 * `authkey` header, so the stored name (128 random bits) is the capability, like an unlisted link.
 * The headers keep a file from ever running as a page of the portal: the content type of its
 * (checked) extension with nosniff, a sandboxing CSP, and every non-image downloaded as an
 * attachment under its original name. A stored name never changes content, hence immutable.
 */
export async function serveStoredFile(ctx: AppContext, name: string, reply: FastifyReply): Promise<boolean> {
  if (!STORED_NAME.test(name)) return false;
  const row = await storedFile(ctx.db, name);
  if (!row) return false;
  const file = path.join(ctx.config.uploadDir, name);
  const stat = await fs.promises.stat(file).catch(() => null);
  if (!stat || !stat.isFile()) return false;
  reply
    .header('Content-Type', row.mime)
    .header('Content-Length', String(stat.size))
    .header('X-Content-Type-Options', 'nosniff')
    .header('Content-Security-Policy', "default-src 'none'; sandbox")
    .header('Cache-Control', CACHE_IMMUTABLE)
    .header('Content-Disposition', contentDisposition(row.is_image === 1 ? 'inline' : 'attachment', row.original_name));
  void reply.send(fs.createReadStream(file));
  return true;
}
