import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSessionHint, setSessionHint, TEST_USER } from '~/test/account-screens';
import { draftKey, writeDraft } from './drafts';
import {
  CURRENT_USER_QUERY_KEY,
  clearCurrentUser,
  clearReturnPath,
  currentUserQueryOptions,
  endSessionOnPurpose,
  fetchCurrentUser,
  hasSessionHint,
  isSafeReturnPath,
  markSessionExpired,
  RETURN_PATH_KEY,
  RETURN_TICKET_KEY,
  readReturnPath,
  rememberReturnPath,
  SESSION_EXPIRED_QUERY_KEY,
  setCurrentUser,
  takeReturnPath,
} from './session';

const user = TEST_USER;

afterEach(() => {
  sessionStorage.clear();
  clearSessionHint();
  vi.unstubAllGlobals();
});

describe('return path', () => {
  it('stores the path and ticket under the documented keys and gives them back once', () => {
    rememberReturnPath('/contact?ticket=12', '12');
    expect(sessionStorage.getItem(RETURN_PATH_KEY)).toBe('/contact?ticket=12');
    expect(sessionStorage.getItem(RETURN_TICKET_KEY)).toBe('12');
    expect(takeReturnPath()).toBe('/contact?ticket=12');
    expect(takeReturnPath()).toBe('/contact');
  });

  it('adds a stored ticket id to /contact when the path has none', () => {
    sessionStorage.setItem(RETURN_TICKET_KEY, '5');
    expect(takeReturnPath()).toBe('/contact?ticket=5');
  });

  it('refuses other origins and auth pages', () => {
    expect(isSafeReturnPath('//evil.example/x')).toBe(false);
    expect(isSafeReturnPath('https://evil.example')).toBe(false);
    expect(isSafeReturnPath('/\\evil.example')).toBe(false);
    expect(isSafeReturnPath('/login?x=1')).toBe(false);
    expect(isSafeReturnPath('/forgot-password/sent')).toBe(false);
    expect(isSafeReturnPath('/profile')).toBe(true);
    sessionStorage.setItem(RETURN_PATH_KEY, '//evil.example');
    expect(readReturnPath()).toBeNull();
    expect(takeReturnPath()).toBe('/contact');
  });

  it('clearReturnPath forgets both keys (the profile’s Wróć)', () => {
    rememberReturnPath('/profile', 3);
    clearReturnPath();
    expect(sessionStorage.getItem(RETURN_PATH_KEY)).toBeNull();
    expect(sessionStorage.getItem(RETURN_TICKET_KEY)).toBeNull();
  });
});

describe('current user cache', () => {
  it('login stores the user and drops data cached for anyone before', () => {
    const client = new QueryClient();
    client.setQueryData(['tickets'], [{ id: 1 }]);
    setCurrentUser(client, { user, isStaff: false });
    expect(client.getQueryData(CURRENT_USER_QUERY_KEY)).toEqual({ user, isStaff: false });
    expect(client.getQueryData(['tickets'])).toBeUndefined();
  });

  it('logout leaves a known logged-out state', () => {
    const client = new QueryClient();
    setCurrentUser(client, { user, isStaff: false });
    client.setQueryData(['tickets'], []);
    clearCurrentUser(client);
    expect(client.getQueryData(CURRENT_USER_QUERY_KEY)).toBeNull();
    expect(client.getQueryData(['tickets'])).toBeUndefined();
  });
});

describe('session hint cookie', () => {
  it('is found under either name, among other cookies, and nowhere else', () => {
    expect(hasSessionHint('signed_in=1')).toBe(true);
    expect(hasSessionHint('theme=dark; __Host-signed_in=1; x=2')).toBe(true);
    expect(hasSessionHint('a=1;signed_in=1')).toBe(true);
    expect(hasSessionHint('')).toBe(false);
    expect(hasSessionHint(undefined)).toBe(false);
    expect(hasSessionHint('not_signed_in=1; signed_in_x=1; x=signed_in')).toBe(false);
  });

  it('reads document.cookie by default', () => {
    expect(hasSessionHint()).toBe(false);
    setSessionHint();
    expect(hasSessionHint()).toBe(true);
    clearSessionHint();
    expect(hasSessionHint()).toBe(false);
  });

  it('without the hint the visitor is logged out at once, with no request', async () => {
    const fetch = vi.fn(async () => new Response('{}', { status: 500 }));
    vi.stubGlobal('fetch', fetch);
    expect(await fetchCurrentUser()).toBeNull();
    const client = new QueryClient();
    // Known from the first render: the query starts with data, not pending.
    expect(await client.fetchQuery(currentUserQueryOptions)).toBeNull();
    expect(client.getQueryState(CURRENT_USER_QUERY_KEY)?.status).toBe('success');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('with the hint asks the server, and a 401 still means logged out', async () => {
    setSessionHint();
    const answers = [
      new Response(JSON.stringify({ user, isStaff: false }), { status: 200 }),
      new Response(JSON.stringify({ error: 'unauthorized' }), { status: 401 }),
    ];
    const fetch = vi.fn(async () => answers.shift() as Response);
    vi.stubGlobal('fetch', fetch);
    expect(await fetchCurrentUser()).toEqual({ user, isStaff: false });
    expect(await fetchCurrentUser()).toBeNull();
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(String((fetch.mock.calls[0] as unknown[])[0])).toBe('/api/auth/me');
    expect(currentUserQueryOptions.initialData()).toBeUndefined();
  });

  it('reads the answer the page head asked for once, then asks the server anew', async () => {
    setSessionHint();
    window.__earlyMe = Promise.resolve(
      new Response(JSON.stringify({ user, isStaff: true }), { status: 200 }),
    );
    const fetch = vi.fn(async () => new Response(JSON.stringify({ user, isStaff: false })));
    vi.stubGlobal('fetch', fetch);
    expect(await fetchCurrentUser()).toEqual({ user, isStaff: true });
    expect(fetch).not.toHaveBeenCalled();
    expect(window.__earlyMe).toBeUndefined();
    expect(await fetchCurrentUser()).toEqual({ user, isStaff: false });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('a head request that failed is a network error like any other, and the retry asks anew', async () => {
    setSessionHint();
    window.__earlyMe = Promise.reject(new TypeError('Failed to fetch'));
    window.__earlyMe.catch(() => undefined);
    const fetch = vi.fn(async () => new Response(JSON.stringify({ user, isStaff: false })));
    vi.stubGlobal('fetch', fetch);
    await expect(fetchCurrentUser()).rejects.toThrow();
    expect(await fetchCurrentUser()).toEqual({ user, isStaff: false });
  });
});

describe('a session that ended elsewhere (issue 28)', () => {
  afterEach(() => localStorage.clear());

  it('a 401 while signed in forgets the user and data, keeps the drafts, and marks it expired', () => {
    const client = new QueryClient();
    setCurrentUser(client, { user, isStaff: false });
    client.setQueryData(['tickets'], [{ id: 1 }]);
    writeDraft(draftKey(user.id, 5), 'Połowa odpowiedzi');
    writeDraft(draftKey(user.id, null), 'Nowe zgłoszenie');
    expect(markSessionExpired(client)).toBe(true);
    expect(client.getQueryData(CURRENT_USER_QUERY_KEY)).toBeNull();
    expect(client.getQueryData(['tickets'])).toBeUndefined();
    expect(client.getQueryData(SESSION_EXPIRED_QUERY_KEY)).toBe(true);
    expect(localStorage.getItem(draftKey(user.id, 5))).toBe('Połowa odpowiedzi');
    expect(localStorage.getItem(draftKey(user.id, null))).toBe('Nowe zgłoszenie');
    // Signing in again clears the notice.
    setCurrentUser(client, { user, isStaff: false });
    expect(client.getQueryData(SESSION_EXPIRED_QUERY_KEY)).toBe(false);
  });

  it('a 401 while the session is being ended on purpose is no expiry; a failed ending changes nothing', async () => {
    const client = new QueryClient();
    setCurrentUser(client, { user, isStaff: false });
    // The server closes the live streams before the logout's own answer arrives.
    await endSessionOnPurpose(async () => {
      expect(markSessionExpired(client)).toBe(false);
    });
    expect(client.getQueryData(SESSION_EXPIRED_QUERY_KEY)).toBe(false);
    expect(client.getQueryData(CURRENT_USER_QUERY_KEY)).not.toBeNull();

    setCurrentUser(client, { user, isStaff: false });
    await expect(
      endSessionOnPurpose(() => Promise.reject(new Error('Niepoprawny kod'))),
    ).rejects.toThrow('Niepoprawny kod');
    expect(markSessionExpired(client)).toBe(true);
  });

  it('a visitor who was not signed in has no session to lose', () => {
    const client = new QueryClient();
    client.setQueryData(CURRENT_USER_QUERY_KEY, null);
    expect(markSessionExpired(client)).toBe(false);
    expect(client.getQueryData(SESSION_EXPIRED_QUERY_KEY)).toBeUndefined();
  });

  it('a deliberate logout still removes every draft', () => {
    const client = new QueryClient();
    setCurrentUser(client, { user, isStaff: false });
    writeDraft(draftKey(user.id, 5), 'tekst');
    clearCurrentUser(client, { deliberate: true });
    expect(localStorage.getItem(draftKey(user.id, 5))).toBeNull();
    expect(markSessionExpired(client)).toBe(false);
  });
});
