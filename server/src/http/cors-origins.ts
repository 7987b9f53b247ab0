import type { FastifyRequest } from 'fastify';

/**
 * Which browser origins may call the portal cross-origin with credentials (CORS_ORIGINS, comma-
 * separated, e.g. `https://crm.example.com,https://cdn.example.com`). The portal's own origin is
 * always allowed; anything else is not echoed back (issue #12: the hub's negotiate used to echo any
 * Origin with allow-credentials).
 */
export function isAllowedOrigin(request: FastifyRequest, origin: string, allowed: readonly string[]): boolean {
  let parsed: URL;
  try {
    parsed = new URL(origin);
  } catch {
    return false;
  }
  if (allowed.includes(parsed.origin)) return true;
  // request.host honours X-Forwarded-Host only when TRUST_PROXY trusts the proxy.
  return parsed.host === request.host;
}

export function parseOrigins(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean)
    .map((v) => {
      const url = new URL(v);
      return url.origin;
    });
}
