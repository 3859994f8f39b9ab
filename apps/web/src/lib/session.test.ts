import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import {
  CURRENT_USER_QUERY_KEY,
  clearCurrentUser,
  clearReturnPath,
  isSafeReturnPath,
  RETURN_PATH_KEY,
  RETURN_TICKET_KEY,
  readReturnPath,
  rememberReturnPath,
  setCurrentUser,
  takeReturnPath,
} from './session';

const user = {
  id: 1,
  username: 'ala',
  email: 'ala@example.com',
  is_admin: false,
  mfa_enabled: false,
};

afterEach(() => sessionStorage.clear());

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
