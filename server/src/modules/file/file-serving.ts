import fs from 'node:fs';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context';
import { tokenOf, type ActorResolver } from '../../http/auth';
import { HttpError, unauthorized } from '../../http/errors';
import type { Actor } from '../auth/session/actor';
import { actorForUser, fileUrlSigner, visibleStoredNames } from './file-access';
import { storedFile } from './file.service';

export const MSG_LINK_EXPIRED = '文件链接无效或已过期，请刷新页面后重试';

const STORED_NAME = /^[0-9a-f]{32}\.[a-z0-9]{1,5}$/;

/** `attachment; filename="ascii"; filename*=UTF-8''…` (RFC 6266 / RFC 5987): the original name, safe in a header. */
export function contentDisposition(kind: 'inline' | 'attachment', name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\%]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/**
 * Who is asking for a file: the user a valid signed URL was issued to (`?exp&u&sig`, see
 * file-url-signing.ts; for <img> and links, which send no header), or the `authkey` header's user.
 * Neither: 401 (login required); a forged or expired signature: 403.
 */
async function requester(ctx: AppContext, name: string, request: FastifyRequest, resolve: ActorResolver): Promise<Actor> {
  const query = (request.query ?? {}) as Record<string, unknown>;
  if (query.sig !== undefined) {
    const userId = fileUrlSigner(ctx).verify(name, query, ctx.clock());
    const actor = userId === undefined ? undefined : await actorForUser(ctx, userId);
    if (!actor) throw new HttpError(403, MSG_LINK_EXPIRED);
    return actor;
  }
  const token = tokenOf(request);
  if (!token) throw unauthorized();
  const actor = await resolve(token);
  if (actor === 'invalid') throw unauthorized();
  return actor;
}

/**
 * Serves an uploaded file to a logged-in user (header or signed URL) who may see it (the record's
 * own check, file-access.ts); a file out of reach is 404 like one that does not exist.
 * The headers keep a file from ever running as a page of the portal: the content type of its
 * (checked) extension with nosniff, a sandboxing CSP, and every non-image downloaded as an
 * attachment under its original name. Cached privately, and not beyond the signature's expiry.
 */
export async function serveStoredFile(ctx: AppContext, name: string, request: FastifyRequest, reply: FastifyReply, resolve: ActorResolver): Promise<boolean> {
  if (!STORED_NAME.test(name)) return false;
  const actor = await requester(ctx, name, request, resolve);
  if (!(await visibleStoredNames(ctx.db, actor, [name])).has(name)) return false;
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
    .header('Cache-Control', `private, max-age=${cacheSeconds(ctx, request)}`)
    .header('Content-Disposition', contentDisposition(row.is_image === 1 ? 'inline' : 'attachment', row.original_name));
  void reply.send(fs.createReadStream(file));
  return true;
}

/** A signed URL may be cached until it expires; a header-authenticated fetch not at all. */
function cacheSeconds(ctx: AppContext, request: FastifyRequest): number {
  const exp = Number((request.query as Record<string, unknown> | undefined)?.exp);
  if (!Number.isFinite(exp)) return 0;
  return Math.max(0, Math.floor(exp - ctx.clock().getTime() / 1000));
}
