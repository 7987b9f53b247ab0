/**
 * Security headers on every reply (issue #12), through @fastify/helmet: a strict Content-Security-
 * Policy fitted to what the built shell needs, framing only by the portal itself (frame-ancestors and
 * X-Frame-Options), nosniff, no referrer leaks across origins. What the portal loads:
 * - scripts: the shell and the Module Federation remotes from `/mf/` (same origin; remotes released
 *   to another origin or a CDN are added with CSP_EXTRA_SOURCES), TinyMCE self-hosted, no eval;
 * - styles: antd's cssinjs writes <style> elements at run time → style-src 'unsafe-inline';
 * - images: the portal's own files, data: and blob: URLs (previews, TinyMCE);
 * - connections: the API and the realtime hub's WebSockets/long polling on the same origin.
 * Replies that set their own CSP (stored files: `default-src 'none'; sandbox`) keep it.
 */
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config';

export async function registerSecurityHeaders(app: FastifyInstance, config: Pick<AppConfig, 'cspExtraSources'>): Promise<void> {
  const extra = config.cspExtraSources;
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...extra],
        styleSrc: ["'self'", "'unsafe-inline'", ...extra],
        imgSrc: ["'self'", 'data:', 'blob:', ...extra],
        fontSrc: ["'self'", 'data:', ...extra],
        connectSrc: ["'self'", ...extra],
        workerSrc: ["'self'", 'blob:'],
        frameSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'self'"],
      },
    },
    frameguard: { action: 'sameorigin' },
    // Remote builds may be loaded by a shell on another origin (registry entries may be absolute URLs).
    crossOriginResourcePolicy: false,
    crossOriginEmbedderPolicy: false,
    // The portal often runs on plain http inside a company network: HSTS only where TLS terminates.
    strictTransportSecurity: false,
    referrerPolicy: { policy: 'same-origin' },
  });
}
