/**
 * Every cookie the site sets, in one place: the server sets them by these
 * names and the cookie and privacy documents are checked against this list
 * (apps/web/src/content/legal.test.ts), so a new cookie cannot go unlisted.
 */

/** The session: an opaque random token, HttpOnly. */
export const SESSION_COOKIE = 'sid';

/**
 * A cookie the page's script can read, holding no secret: it only says a session may
 * exist, so logged-out pages skip asking `GET /api/auth/me` (and its 401) altogether.
 */
export const SIGNED_IN_HINT_COOKIE = 'signed_in';

/** Binds the second login step (the code) to the browser that gave the password. */
export const MFA_CHALLENGE_COOKIE = 'mfa_pending';

/**
 * Marks a browser that has signed in to an account before (OWASP "device cookie"):
 * wrong passwords from strangers cannot lock that browser out of its own account.
 */
export const DEVICE_COOKIE = 'device';

/** Over https every cookie carries this prefix, which pins it to our exact origin. */
export const HTTPS_COOKIE_PREFIX = '__Host-';

export const COOKIE_NAMES = [
  SESSION_COOKIE,
  SIGNED_IN_HINT_COOKIE,
  MFA_CHALLENGE_COOKIE,
  DEVICE_COOKIE,
] as const;
export type CookieName = (typeof COOKIE_NAMES)[number];
