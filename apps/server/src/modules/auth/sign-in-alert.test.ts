import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Client, createTestContext, registerUser } from '../../../test/helpers';
import { mailTitled, settle } from '../../../test/mail-helpers';
import { TestClock } from '../../lib/clock';

/** Issue 19: a sign-in from a browser not seen before on the account e-mails its owner. */
const ctx = createTestContext();
beforeAll(() => ctx.setup());
beforeEach(() => ctx.reset());
afterAll(() => ctx.teardown());

const PASSWORD = 'Sekretne-Haslo-42';
const ALERT = 'Nowe logowanie na Twoje konto';
const EDGE =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0';

const alertsTo = (to: string) =>
  ctx.mail.messages.filter((m) => m.to === to && m.subject === ALERT);

describe('sign-in alerts', () => {
  it('a new browser gets an alert with the Warsaw time, browser, address and the sessions link; a known one does not', async () => {
    // 16:30 UTC in November is 17:30 in Warsaw.
    const app = await ctx.app({ clock: new TestClock(Date.parse('2026-11-25T16:30:00Z')) });
    const { client: registered } = await registerUser(app, ctx.mail, {
      username: 'ala',
      email: 'ala@example.com',
    });
    // The browser that registered signs out and in again: it is the account's own.
    await registered.post('/api/auth/logout', {});
    expect(
      (await registered.post('/api/auth/login', { identifier: 'ala', password: PASSWORD }))
        .statusCode,
    ).toBe(200);

    const stranger = new Client(app, { origin: 'http://localhost:3000', 'user-agent': EDGE });
    const login = await stranger.post('/api/auth/login', { identifier: 'ala', password: PASSWORD });
    expect(login.statusCode).toBe(200);
    const alert = await mailTitled(ctx.mail, 'ala@example.com', ALERT);
    expect(alert.text).toContain('25 listopada 2026');
    expect(alert.text).toContain('17:30');
    expect(alert.text).toContain('Przeglądarka: Microsoft Edge 131 · Windows 10');
    expect(alert.text).toContain('Adres IP: 127.0.0.1');
    expect(alert.text).toContain('http://localhost:3000/profile#sessions');

    // The same browser again: it holds the account's device cookie now.
    await stranger.post('/api/auth/logout', {});
    expect(
      (await stranger.post('/api/auth/login', { identifier: 'ala', password: PASSWORD }))
        .statusCode,
    ).toBe(200);
    await settle();
    expect(alertsTo('ala@example.com')).toHaveLength(1);
  });

  it("another account's device cookie does not make a browser known", async () => {
    const app = await ctx.app();
    const { client } = await registerUser(app, ctx.mail, {
      username: 'bartek',
      email: 'bartek@example.com',
    });
    await registerUser(app, ctx.mail, { username: 'celina', email: 'celina@example.com' });
    await client.post('/api/auth/logout', {});
    // Bartek's browser, known to Bartek's account only, signs in to Celina's.
    const login = await client.post('/api/auth/login', {
      identifier: 'celina',
      password: PASSWORD,
    });
    expect(login.statusCode).toBe(200);
    await mailTitled(ctx.mail, 'celina@example.com', ALERT);
    expect(alertsTo('bartek@example.com')).toHaveLength(0);
  });

  it('with e-mailed codes on, the alert follows the code step', async () => {
    const app = await ctx.app();
    const { client } = await registerUser(app, ctx.mail, {
      username: 'darek',
      email: 'darek@example.com',
    });
    await client.post('/api/profile/mfa/enable/request', {});
    const enable = await mailTitled(
      ctx.mail,
      'darek@example.com',
      'Włączenie weryfikacji dwuetapowej',
    );
    const code = enable.text.match(/^(\d{6})$/m)?.[1];
    expect((await client.post('/api/profile/mfa/enable/confirm', { code })).statusCode).toBe(200);

    const stranger = new Client(app);
    const first = await stranger.post('/api/auth/login', {
      identifier: 'darek',
      password: PASSWORD,
    });
    expect(first.json().mfa_required).toBe(true);
    const loginMail = await mailTitled(ctx.mail, 'darek@example.com', 'Kod logowania');
    await settle();
    expect(alertsTo('darek@example.com')).toHaveLength(0);
    const verified = await stranger.post('/api/auth/mfa/verify', {
      userId: first.json().user_id,
      code: loginMail.text.match(/^(\d{6})$/m)?.[1],
    });
    expect(verified.statusCode).toBe(200);
    await mailTitled(ctx.mail, 'darek@example.com', ALERT);
  });

  it('a mail server that is down does not fail or hold up the login', async () => {
    const app = await ctx.app();
    await registerUser(app, ctx.mail, { username: 'ewelina', email: 'ewelina@example.com' });
    const offline = await ctx.app({ env: { SMTP_URL: 'smtp://127.0.0.1:9' } });
    const started = Date.now();
    const login = await new Client(offline).post('/api/auth/login', {
      identifier: 'ewelina',
      password: PASSWORD,
    });
    expect(login.statusCode).toBe(200);
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
