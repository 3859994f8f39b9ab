// Kept apart from api.mjs, whose load tools need autocannon: the staff bench does not.
import { ADMIN, PASSWORD } from './seed.mjs';

/** Logs in through the API (a real argon2 check) and returns the session cookie. */
export async function login(baseUrl, identifier = ADMIN.email) {
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ identifier, password: PASSWORD, rememberMe: true }),
  });
  if (!response.ok) throw new Error(`login failed: ${response.status} ${await response.text()}`);
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith('sid='));
  if (!cookie) throw new Error('login returned no sid cookie');
  return cookie.split(';')[0];
}
