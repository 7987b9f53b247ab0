/**
 * The spec's API paths are case-insensitive (`api/customer/Views` = `views`) and some carry a trailing
 * slash (`/Api/menu/auth/`). API routes are registered in lower case; this rewrites the incoming path of
 * `/api/...` and `/main/...` to lower case without a trailing slash. Other paths (the shell, `/mf/...`)
 * keep their case because they name files.
 */
export function normaliseApiUrl(url: string): string {
  const q = url.indexOf('?');
  const path = q === -1 ? url : url.slice(0, q);
  if (!isApiPath(path)) return url;
  let lower = path.toLowerCase().replace(/\/{2,}/g, '/');
  if (lower.length > 1 && lower.endsWith('/')) lower = lower.slice(0, -1);
  return q === -1 ? lower : lower + url.slice(q);
}

export function isApiPath(path: string): boolean {
  return /^\/(api|main)(\/|$)/i.test(path);
}

/** Lower-cases a route path as written in the spec, for registration. */
export function apiPath(specPath: string): string {
  return specPath.toLowerCase().replace(/\/$/, '');
}
