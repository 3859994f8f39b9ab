import { COOKIE_NAMES } from '@studio/shared/cookies';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Client, codeFrom, createTestContext, registerUser } from '../../../test/helpers';

/*
 * The cookie and privacy documents are checked against COOKIE_NAMES
 * (apps/web/src/content/legal.test.ts). This makes that list complete: every
 * cookie the server sets on the way through registration, two-step login and
 * logout is one of its names.
 */

const ctx = createTestContext();
beforeAll(() => ctx.setup());
beforeEach(() => ctx.reset());
afterAll(() => ctx.teardown());

const seen = new Set<string>();
function record(response: LightMyRequestResponse) {
  for (const cookie of response.cookies as Array<{ name: string }>) seen.add(cookie.name);
  return response;
}

describe('cookies the server sets', () => {
  it('are all in the shared list the legal documents are checked against', async () => {
    const app = await ctx.app();
    const account = { username: 'dorota', email: 'dorota@example.com', password: 'Haslo-Dory-42' };
    const { client, user } = await registerUser(app, ctx.mail, account);
    record(await client.get('/api/auth/me'));
    record(await client.post('/api/profile/mfa/enable/request'));
    const enableCode = codeFrom(await ctx.mail.last(account.email));
    record(await client.post('/api/profile/mfa/enable/confirm', { code: enableCode }));
    record(await client.post('/api/auth/logout'));

    const browser = new Client(app);
    const login = record(
      await browser.post('/api/auth/login', {
        identifier: account.username,
        password: account.password,
        rememberMe: true,
      }),
    );
    expect(login.json()).toMatchObject({ mfa_required: true });
    const code = codeFrom(await ctx.mail.last(account.email));
    record(await browser.post('/api/auth/mfa/verify', { userId: user.id, code }));
    record(await browser.get('/api/auth/me'));
    record(await browser.post('/api/auth/logout'));

    // The journey went through the session, its hint and the two-step cookie.
    expect([...seen].sort()).toEqual([...COOKIE_NAMES].sort());
  });
});
