import { HTTPS_COOKIE_PREFIX, SIGNED_IN_HINT_COOKIE } from '@studio/shared/cookies';
import { SERVER_STATE_ELEMENT_ID } from '@studio/shared/server-render';
import type { MeResponse, PublicUser } from '@studio/shared/types';
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect } from 'react';
import { api, isApiError, onApiUnauthorized } from './api-client';
import { clearAllDrafts } from './drafts';

/**
 * Who is logged in, shared by every feature (the account screens and the
 * Kontakt screen) without them importing each other. The session itself is
 * an HttpOnly cookie the page cannot read, so the truth is `GET /api/auth/me`:
 * 401 means "nobody", which is a normal answer here, not an error.
 *
 * The server sets a readable hint cookie (`signed_in=1`, `__Host-signed_in`
 * over https) with the session cookie and clears it with it. Without the hint
 * there is no session to ask about: the visitor is logged out at once, with no
 * request (a logged-out page then has no 401 in the console and renders
 * without waiting for the network).
 */

const SESSION_HINT_COOKIES = [
  SIGNED_IN_HINT_COOKIE,
  `${HTTPS_COOKIE_PREFIX}${SIGNED_IN_HINT_COOKIE}`,
];

/** Whether a session may exist: one of the hint cookies is present in `cookie`. */
export function hasSessionHint(
  cookie: string | undefined = typeof document === 'undefined' ? undefined : document.cookie,
): boolean {
  if (!cookie) return false;
  return cookie
    .split(';')
    .some((part) => SESSION_HINT_COOKIES.includes(part.split('=')[0]?.trim() ?? ''));
}

export interface CurrentSession {
  user: PublicUser;
  isStaff: boolean;
}

/**
 * A 401 while the browser believed itself signed in (issue 28): the exact words
 * of the issue. Here and not only in error-messages.ts, which every page's shell
 * would then download whole (its tables are for the forms and Kontakt, 5 KB
 * compressed) for this one sentence; error-messages.ts re-exports it.
 */
export const SESSION_EXPIRED_MESSAGE = 'Twoja sesja wygasła — zaloguj się ponownie';

export const CURRENT_USER_QUERY_KEY = ['session', 'me'] as const;
/** True once a session this browser relied on was refused (see `markSessionExpired`). */
export const SESSION_EXPIRED_QUERY_KEY = ['session', 'expired'] as const;

declare global {
  interface Window {
    /** `GET /api/auth/me`, started by the page's head when the hint is there (root.tsx THEME_SCRIPT). */
    __earlyMe?: Promise<Response>;
  }
}

/**
 * The head's `me` request, handed out once: the first check of a page load
 * reads it instead of asking again after every module has loaded (issue 34: on
 * a phone that was one more round trip before the Kontakt screen could ask for
 * its tickets). Every later check asks the server anew.
 */
function takeEarlyMe(): Promise<Response> | undefined {
  if (typeof window === 'undefined') return undefined;
  const early = window.__earlyMe;
  window.__earlyMe = undefined;
  return early;
}

export async function fetchCurrentUser(signal?: AbortSignal): Promise<CurrentSession | null> {
  if (!hasSessionHint()) return null;
  const started = takeEarlyMe();
  try {
    return await api.get<MeResponse>('/api/auth/me', {
      ...(signal ? { signal } : {}),
      ...(started ? { started } : {}),
    });
  } catch (error) {
    if (isApiError(error) && error.status === 401) return null;
    throw error;
  }
}

export const currentUserQueryOptions = {
  queryKey: CURRENT_USER_QUERY_KEY,
  queryFn: ({ signal }: { signal: AbortSignal }) => fetchCurrentUser(signal),
  // No hint (and while prerendering, where there is no cookie): known logged
  // out from the first render, so the page never shows a loading state for it.
  initialData: (): CurrentSession | null | undefined => (hasSessionHint() ? undefined : null),
  // The session changes only through our own calls, which update the cache directly.
  staleTime: 5 * 60_000,
  retry: (failureCount: number, error: unknown) =>
    !(isApiError(error) && error.status < 500) && failureCount < 2,
} as const;

export interface CurrentUserState {
  /** The logged-in user, `null` when logged out, `undefined` while the first check runs. */
  user: PublicUser | null | undefined;
  isStaff: boolean;
  isPending: boolean;
  /** The check itself failed (server down, network); the user is unknown, not logged out. */
  error: unknown;
  refetch: () => void;
}

export function useCurrentUser(): CurrentUserState {
  const query = useQuery(currentUserQueryOptions);
  const { refetch } = query;
  return {
    user: query.isPending ? undefined : (query.data?.user ?? null),
    isStaff: query.data?.isStaff ?? false,
    isPending: query.isPending,
    error: query.error,
    refetch: useCallback(() => void refetch(), [refetch]),
  };
}

/**
 * Set when the visitor logged out on purpose: the page they were on must not
 * become the place the next login returns to (RequireUser would otherwise
 * remember it when the user disappears under it).
 */
let isDeliberateLogout = false;
export const wasDeliberateLogout = () => isDeliberateLogout;

/**
 * Runs a request that ends this browser's session on purpose (logout, deleting
 * the account). The server closes the session's live streams as it ends it, so
 * a 401 can reach the app before the request returns; counted as an expired
 * session it would send the visitor to /login with „Twoja sesja wygasła”
 * instead of where the action leads. If the request fails, nothing ended.
 */
export async function endSessionOnPurpose<T>(request: () => Promise<T>): Promise<T> {
  isDeliberateLogout = true;
  try {
    return await request();
  } catch (cause) {
    isDeliberateLogout = false;
    throw cause;
  }
}

/**
 * After login or verified registration: store the user and drop every other
 * cached query, so nothing fetched for a previous visitor is shown to this one.
 */
export function setCurrentUser(queryClient: QueryClient, session: CurrentSession) {
  isDeliberateLogout = false;
  queryClient.removeQueries({ predicate: (query) => !isSessionQuery(query.queryKey) });
  queryClient.setQueryData(CURRENT_USER_QUERY_KEY, session);
  queryClient.setQueryData(SESSION_EXPIRED_QUERY_KEY, false);
}

/**
 * After logout (`deliberate`) or when the session ended elsewhere (a password
 * reset, a 401 mid-session): forget the user and everything fetched for them.
 */
export function clearCurrentUser(
  queryClient: QueryClient,
  { deliberate = false }: { deliberate?: boolean } = {},
) {
  isDeliberateLogout = deliberate;
  if (deliberate) {
    clearAllDrafts();
    queryClient.setQueryData(SESSION_EXPIRED_QUERY_KEY, false);
  }
  queryClient.removeQueries({ predicate: (query) => !isSessionQuery(query.queryKey) });
  queryClient.setQueryData(CURRENT_USER_QUERY_KEY, null);
}

/**
 * A 401 while this browser believed itself signed in: the session was revoked
 * elsewhere („To nie ja”, „Wyloguj” on another device, a password change) or
 * expired. The user is forgotten as after any ended session, but unlike a
 * logout the drafts stay (they are the same user's, keyed by their id) and
 * the current page is remembered, so signing in again brings both back.
 * Returns whether it applied: a visitor who was not signed in has nothing to lose.
 */
export function markSessionExpired(
  queryClient: QueryClient,
  { believedSignedIn = queryClient.getQueryData(CURRENT_USER_QUERY_KEY) != null } = {},
): boolean {
  if (!believedSignedIn || isDeliberateLogout) return false;
  if (typeof window !== 'undefined') {
    const { pathname, search } = window.location;
    rememberReturnPath(`${pathname}${search}`, new URLSearchParams(search).get('ticket'));
  }
  clearCurrentUser(queryClient);
  queryClient.setQueryData(SESSION_EXPIRED_QUERY_KEY, true);
  return true;
}

/**
 * Connects the app's API client to `markSessionExpired`: any 401 of a call
 * made while signed in, and a 401 of `GET /api/auth/me` itself (asked only
 * when the sign-in hint cookie says a session should exist).
 */
export function useSessionExpiryWatch(): boolean {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      onApiUnauthorized((path) => {
        markSessionExpired(
          queryClient,
          path === '/api/auth/me' ? { believedSignedIn: true } : undefined,
        );
      }),
    [queryClient],
  );
  const expired = useQuery({
    queryKey: SESSION_EXPIRED_QUERY_KEY,
    queryFn: () => false,
    initialData: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  return expired.data === true;
}

/** Updates fields of the cached user (e.g. a new username, 2FA switched on). */
export function patchCurrentUser(queryClient: QueryClient, patch: Partial<PublicUser>) {
  queryClient.setQueryData<CurrentSession | null>(CURRENT_USER_QUERY_KEY, (old) =>
    old ? { ...old, user: { ...old.user, ...patch } } : old,
  );
}

/** The login response carries only the user; staff is the admin flag (as in GET /api/auth/me). */
export const sessionFromUser = (user: PublicUser): CurrentSession => ({
  user,
  isStaff: user.is_admin,
});

export function useSessionActions() {
  const queryClient = useQueryClient();
  return {
    setUser: useCallback(
      (user: PublicUser) => setCurrentUser(queryClient, sessionFromUser(user)),
      [queryClient],
    ),
    clearUser: useCallback(
      (options?: { deliberate?: boolean }) => clearCurrentUser(queryClient, options),
      [queryClient],
    ),
    patchUser: useCallback(
      (patch: Partial<PublicUser>) => patchCurrentUser(queryClient, patch),
      [queryClient],
    ),
  };
}

/** The session's own entries (who is signed in, whether a session expired) outlive a sign-out. */
function isSessionQuery(key: readonly unknown[]) {
  return key[0] === CURRENT_USER_QUERY_KEY[0];
}

/*
 * Return path: where a logged-out visitor was sent from, so that login (or
 * registration) brings them back there. Kept in sessionStorage so it lives
 * for this tab only and survives the login → 2FA → verify steps and reloads.
 *
 *   studio.returnPath      a same-origin path with its query, e.g. "/contact?ticket=12"
 *   studio.returnTicketId  the ticket the visitor had open on /contact, e.g. "12"
 *
 * The profile's 'Wróć' clears both (SPEC.md §2 Profile).
 */
export const RETURN_PATH_KEY = 'studio.returnPath';
export const RETURN_TICKET_KEY = 'studio.returnTicketId';
/** Where a successful login goes when nothing else was stored (SPEC.md §4 Login). */
export const DEFAULT_AFTER_LOGIN = '/contact';

/** Pages a return path must never point at: coming back to them after login would loop. */
const NO_RETURN_PREFIXES = [
  '/login',
  '/register',
  '/verify-email',
  '/forgot-password',
  '/reset-password',
  '/security/lock',
];

/** Only same-origin absolute paths: a stored "//evil.example" or "https://…" is ignored. */
export function isSafeReturnPath(path: unknown): path is string {
  if (typeof path !== 'string' || !path.startsWith('/') || path.startsWith('//')) return false;
  if (path.includes('\\')) return false;
  const pathname = path.split(/[?#]/)[0] ?? '';
  return !NO_RETURN_PREFIXES.some((p) => pathname === p || pathname.startsWith(`${p}/`));
}

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    // Storage can be disabled (privacy modes); the flow then just ends on /contact.
    return null;
  }
}

function safeSet(key: string, value: string) {
  try {
    storage()?.setItem(key, value);
  } catch (error) {
    console.warn('sessionStorage is unavailable', error);
  }
}

/** Remembers where to come back after login; `ticketId` is the ticket open on /contact, if any. */
export function rememberReturnPath(path: string, ticketId?: number | string | null) {
  if (!isSafeReturnPath(path)) return;
  safeSet(RETURN_PATH_KEY, path);
  if (ticketId !== undefined && ticketId !== null && String(ticketId) !== '') {
    safeSet(RETURN_TICKET_KEY, String(ticketId));
  }
}

export function readReturnPath(): string | null {
  const path = storage()?.getItem(RETURN_PATH_KEY) ?? null;
  return isSafeReturnPath(path) ? path : null;
}

export function readReturnTicketId(): string | null {
  const id = storage()?.getItem(RETURN_TICKET_KEY) ?? null;
  return id && /^\d+$/.test(id) ? id : null;
}

export function clearReturnPath() {
  try {
    storage()?.removeItem(RETURN_PATH_KEY);
    storage()?.removeItem(RETURN_TICKET_KEY);
  } catch (error) {
    console.warn('sessionStorage is unavailable', error);
  }
}

/**
 * Where to go after a successful login or registration, and forgets it. A
 * stored ticket id is added to /contact when the path does not name one.
 */
export function takeReturnPath(fallback = DEFAULT_AFTER_LOGIN): string {
  const path = readReturnPath();
  const ticketId = readReturnTicketId();
  clearReturnPath();
  const target = path ?? fallback;
  if (!ticketId) return target;
  const url = new URL(target, 'http://x');
  if (url.pathname !== '/contact' || url.searchParams.has('ticket')) return target;
  url.searchParams.set('ticket', ticketId);
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * What the server rendered the signed-in Kontakt screen from (issue 34,
 * docs/web-app.md): the answers in the query cache, under the screen's keys,
 * and the ticket it opened. The server's render gets it from entry.server.tsx;
 * the browser reads it once from the page (a JSON script the server wrote), so
 * its first render is the server's and hydration matches. Other pages have none.
 * Here, beside the session, because the shell seeds its query cache with it.
 */
export interface ServerState {
  queries: { key: readonly unknown[]; data: unknown; updatedAt: number }[];
  /** The ticket whose thread the page shows; null when none is open. */
  openTicketId: number | null;
  /**
   * The moment and the server's time zone the times were formatted in: the browser
   * hydrates them so, then shows its own (features/tickets/lib/display-clock.ts).
   */
  clock: { now: number; timeZone: string };
  /**
   * The links in each rendered message's body by message id, `[start, end, href]`
   * each (an empty list for a body without): the thread hydrates from them without
   * starting linkifyjs (features/tickets/lib/link-segments.ts). Absent on pages
   * rendered before this field existed.
   */
  links?: Record<string, [start: number, end: number, href: string][]>;
}

function readServerState(): ServerState | null {
  if (typeof document === 'undefined') return null;
  const text = document.getElementById(SERVER_STATE_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as ServerState;
  } catch {
    return null;
  }
}

const ServerStateContext = createContext<ServerState | null>(readServerState());

export const ServerStateProvider = ServerStateContext.Provider;

/** The state the page was server-rendered from, or null (prerendered and client-rendered pages). */
export function useServerState(): ServerState | null {
  return useContext(ServerStateContext);
}

/** Puts the server's answers into a new query cache, as fetched when the server read them. */
export function seedQueryClient(client: QueryClient, state: ServerState) {
  for (const query of state.queries) {
    client.setQueryData(query.key, query.data, { updatedAt: query.updatedAt });
  }
}
