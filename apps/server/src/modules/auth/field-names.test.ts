import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Client, codeFrom, createTestContext, registerUser } from '../../../test/helpers';
import { quickUser } from '../../../test/tickets-helpers';
import { TestClock } from '../../lib/clock';

/** Decision 008: snake_case fields, with the camelCase spellings the web app sends still working. */
const ctx = createTestContext();
beforeAll(() => ctx.setup());
beforeEach(() => ctx.reset());
afterAll(() => ctx.teardown());

const gosia = { username: 'gosia', email: 'gosia@example.com', password: 'Sekretne-Haslo-42' };

/** Whether the session cookie of an answer outlives the browser (remember-me). */
function isPersistentSession(setCookie: string | string[] | undefined): boolean {
  const sid = [setCookie ?? []].flat().find((line) => line.startsWith('sid='));
  if (!sid) throw new Error('no session cookie');
  return /;\s*Expires=/i.test(sid);
}

async function enableMfa() {
  const clock = new TestClock(Date.now());
  const app = await ctx.app({ clock });
  const { client, user } = await registerUser(app, ctx.mail, gosia);
  await client.post('/api/profile/mfa/enable/request');
  const code = codeFrom(await ctx.mail.last(gosia.email));
  expect((await client.post('/api/profile/mfa/enable/confirm', { code })).statusCode).toBe(200);
  ctx.mail.clear();
  return { app, clock, userId: user.id };
}

async function passwordStep(client: Client, clock: TestClock) {
  // Code e-mails to one address are throttled (3 a minute): each step comes a minute later.
  clock.advance(61_000);
  const answer = await client.post('/api/auth/login', {
    identifier: gosia.username,
    password: gosia.password,
  });
  expect(answer.json()).toMatchObject({ mfa_required: true });
  return codeFrom(await ctx.mail.last(gosia.email));
}

describe('field names: snake_case, camelCase still accepted', () => {
  it('login takes remember_me and the deprecated rememberMe; snake_case wins when both are sent', async () => {
    const app = await ctx.app();
    await registerUser(app, ctx.mail, gosia);
    const login = async (extra: Record<string, boolean>) => {
      const answer = await new Client(app).post('/api/auth/login', {
        identifier: gosia.username,
        password: gosia.password,
        ...extra,
      });
      expect(answer.statusCode).toBe(200);
      return isPersistentSession(answer.headers['set-cookie']);
    };
    expect(await login({})).toBe(false);
    expect(await login({ remember_me: true })).toBe(true);
    expect(await login({ rememberMe: true })).toBe(true);
    expect(await login({ remember_me: false, rememberMe: true })).toBe(false);
  });

  it('the 2FA code step takes user_id and the deprecated userId', async () => {
    const { app, clock, userId } = await enableMfa();
    for (const body of [
      { user_id: userId, remember_me: true },
      { userId, rememberMe: true },
    ]) {
      const browser = new Client(app);
      const code = await passwordStep(browser, clock);
      const verified = await browser.post('/api/auth/mfa/verify', { ...body, code });
      expect(verified.statusCode).toBe(200);
      expect(isPersistentSession(verified.headers['set-cookie'])).toBe(true);
      ctx.mail.clear();
    }
  });

  it('resending a 2FA code takes user_id too, and refuses a body with neither spelling', async () => {
    const { app, clock, userId } = await enableMfa();
    const browser = new Client(app);
    await passwordStep(browser, clock);
    ctx.mail.clear();
    clock.advance(61_000);
    const resent = await browser.post('/api/auth/mfa/resend', { user_id: userId });
    expect(resent.statusCode).toBe(200);
    expect(codeFrom(await ctx.mail.last(gosia.email))).toMatch(/^\d{6}$/);
    const neither = await browser.post('/api/auth/mfa/resend', {});
    expect(neither.statusCode).toBe(400);
    expect(neither.json()).toEqual({
      error: 'validation_failed',
      details: [{ path: 'user_id', message: 'required' }],
    });
  });

  it('me answers is_staff and the deprecated isStaff, with the same value', async () => {
    const app = await ctx.app();
    const staff = await quickUser(app, { username: 'szef', isAdmin: true });
    const customer = await quickUser(app, { username: 'klient' });
    const staffMe = (await staff.client.get('/api/auth/me')).json();
    expect(staffMe).toMatchObject({ is_staff: true, isStaff: true });
    const customerMe = (await customer.client.get('/api/auth/me')).json();
    expect(customerMe).toMatchObject({ is_staff: false, isStaff: false });
  });
});
