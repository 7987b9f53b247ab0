/** Where to go after login: the `redirect` parameter when it is a path of this site, else the root. */
export function safeRedirect(redirect: string | null | undefined): string {
  if (!redirect || !redirect.startsWith('/') || redirect.startsWith('//') || redirect.startsWith('/\\')) return '/';
  if (redirect === '/login' || redirect.startsWith('/login?')) return '/';
  return redirect;
}

export function loginPathFor(wanted: string): string {
  return `/login?redirect=${encodeURIComponent(wanted)}`;
}

/** Paths a visitor may open without a login (spec §2.1). */
export const PUBLIC_PATHS = ['/crm/customer/search'];

export function isPublicPath(pathname: string): boolean {
  const normalized = pathname.replace(/\/+$/, '');
  return PUBLIC_PATHS.includes(normalized);
}
