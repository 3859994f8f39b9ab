/**
 * Every path the web app knows. The server answers any other path with 404 and
 * the not-found page, so this list is the contract between the two.
 */
export const PUBLIC_ROUTES = [
  '/',
  '/team',
  '/projects',
  '/roadmap',
  '/terms-and-conditions',
  '/podpisy',
] as const;

/** Routes that depend on the visitor's session or query and render only in the browser. */
export const CLIENT_ROUTES = [
  '/contact',
  '/contact/stats',
  '/contact/mailbox',
  '/contact/status',
  '/contact/team',
  '/contact/confirm',
  '/contact/rating',
  '/login',
  '/register',
  '/verify-email',
  '/forgot-password',
  '/forgot-password/sent',
  '/reset-password',
  '/security/lock',
  '/profile',
  '/profile/mfa/enable',
  '/profile/mfa/disable',
] as const;

export const ALL_ROUTES: readonly string[] = [...PUBLIC_ROUTES, ...CLIENT_ROUTES];

export function isKnownRoute(pathname: string): boolean {
  const normalized = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return ALL_ROUTES.includes(normalized);
}
