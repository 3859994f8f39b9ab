import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  Client,
  codeFrom,
  createTestContext,
  registerUser,
  resetTokenFrom,
} from '../../../test/helpers';
import { emailCodes } from '../../db/schema/index';
import { TestClock } from '../../lib/clock';
import { passwords } from './passwords';

/** Attacks of findings 5, 6, 17 and 23 (security review 2026-11): codes, registration, reset. */
const ctx = createTestContext();
beforeAll(() => ctx.setup());
beforeEach(() => ctx.reset());
afterEach(() => vi.restoreAllMocks());
afterAll(() => ctx.teardown());

const ola = { username: 'ola', email: 'ola@example.com', password: 'Sekretne-Haslo-42' };

async function withMfa(clock: TestClock) {
  const app = await ctx.app({ clock });
  const { client, user } = await registerUser(app, ctx.mail, ola);
  await client.post('/api/profile/mfa/enable/request');
  const code = codeFrom(await ctx.mail.last(ola.email));
  expect((await client.post('/api/profile/mfa/enable/confirm', { code })).statusCode).toBe(200);
  return { app, owner: client, userId: user.id };
}

/** A pending 2FA login in a fresh browser (stays under 3 code e-mails a minute). */
async function passwordStep(app: Awaited<ReturnType<typeof ctx.app>>, clock: TestClock) {
  clock.advance(61_000);
  const browser = new Client(app);
  const r = await browser.post('/api/auth/login', { identifier: 'ola', password: ola.password });
  expect(r.json()).toMatchObject({ mfa_required: true });
  return browser;
}

describe('code throttles', () => {
  it('20 parallel wrong 2FA codes across 4 pending logins get at most 10 checks, the rest 429', async () => {
    const clock = new TestClock(Date.now());
    const { app, userId } = await withMfa(clock);
    const browsers: Client[] = [];
    for (let i = 0; i < 4; i++) browsers.push(await passwordStep(app, clock));
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        browsers[i % 4]!.post('/api/auth/mfa/verify', { userId, code: '000000' }),
      ),
    );
    const codes = answers.map((answer) => answer.statusCode);
    expect(codes.filter((code) => code === 400).length).toBeLessThanOrEqual(10);
    expect(codes.filter((code) => code === 429).length).toBeGreaterThanOrEqual(10);
    // And no more than 10 guesses reached the codes themselves.
    const tried = await ctx.database.db
      .select({ attempts: emailCodes.attempts })
      .from(emailCodes)
      .where(eq(emailCodes.purpose, 'login'));
    expect(tried.reduce((sum, row) => sum + row.attempts, 0)).toBeLessThanOrEqual(10);
  });

  it('2FA-change codes get an account cap of 10 wrong an hour across resends, even for the right code', async () => {
    const clock = new TestClock(Date.now());
    const app = await ctx.app({ clock });
    const { client } = await registerUser(app, ctx.mail, ola);
    for (let round = 0; round < 2; round++) {
      clock.advance(61_000);
      await client.post('/api/profile/mfa/enable/request');
      for (let i = 0; i < 5; i++)
        await client.post('/api/profile/mfa/enable/confirm', { code: '000000' });
    }
    clock.advance(61_000);
    await client.post('/api/profile/mfa/enable/resend');
    const code = codeFrom(await ctx.mail.last(ola.email));
    const capped = await client.post('/api/profile/mfa/enable/confirm', { code });
    expect(capped.statusCode).toBe(429);
  });

  it('a wrong registration code and a made-up reset token cost no argon2 hash', async () => {
    const app = await ctx.app();
    const hash = vi.spyOn(passwords, 'hash');
    const client = new Client(app);
    await client.post('/api/auth/register', ola);
    const code = codeFrom(await ctx.mail.last(ola.email));
    const wrong = await client.post('/api/auth/verify-email', {
      ...ola,
      code: code === '000000' ? '111111' : '000000',
    });
    expect(wrong.statusCode).toBe(400);
    const reset = await client.post('/api/auth/password-reset/confirm', {
      token: 'x'.repeat(43),
      password: 'Nowe-Haslo-2026',
    });
    expect(reset.statusCode).toBe(400);
    expect(hash).not.toHaveBeenCalled();
  });

  it('one address cannot probe or mail more than 10 different addresses an hour', async () => {
    const app = await ctx.app();
    await registerUser(app, ctx.mail, ola);
    ctx.mail.clear();
    const prober = new Client(app);
    const answers = [];
    for (let i = 0; i < 12; i++) {
      const email = i === 0 ? ola.email : `ktos${i}@example.com`;
      answers.push(
        (await prober.post('/api/auth/register', { ...ola, username: `osoba${i}`, email }))
          .statusCode,
      );
    }
    expect(answers.slice(0, 10)).toEqual([409, ...Array(9).fill(200)]);
    expect(answers.slice(10)).toEqual([429, 429]);
    const reset = await prober.post('/api/auth/password-reset/request', {
      email: 'inny@example.com',
    });
    expect(reset.statusCode).toBe(429);
    expect(ctx.mail.messages).toHaveLength(9);
  });

  it('registering with a known e-mail 100 times from one address ends in 429', async () => {
    const app = await ctx.app();
    await registerUser(app, ctx.mail, ola);
    const prober = new Client(app);
    const answers = [];
    for (let i = 0; i < 100; i++) {
      answers.push(
        (await prober.post('/api/auth/register', { ...ola, username: `sonda${i}` })).statusCode,
      );
    }
    // registerUser made the first of the 30 calls an hour this address has.
    expect(answers.filter((status) => status === 409)).toHaveLength(29);
    expect(answers.slice(29).every((status) => status === 429)).toBe(true);
  });

  it('a password reset voids pending 2FA logins and unused deletion codes', async () => {
    const clock = new TestClock(Date.now());
    const { app, owner, userId } = await withMfa(clock);
    const thief = await passwordStep(app, clock);
    const loginCode = codeFrom(await ctx.mail.last(ola.email));
    clock.advance(61_000);
    await owner.post('/api/profile/delete/request');
    const deleteCode = codeFrom(await ctx.mail.last(ola.email));
    ctx.mail.clear();
    await new Client(app).post('/api/auth/password-reset/request', { email: ola.email });
    const token = resetTokenFrom(await ctx.mail.last(ola.email));
    const newPassword = 'Nowe-Haslo-2026';
    const reset = await new Client(app).post('/api/auth/password-reset/confirm', {
      token,
      password: newPassword,
    });
    expect(reset.statusCode).toBe(200);
    const stolen = await thief.post('/api/auth/mfa/verify', { userId, code: loginCode });
    expect(stolen.statusCode).toBe(400);

    // The owner signs in again with the new password; the old deletion code is dead.
    clock.advance(61_000);
    const back = new Client(app);
    ctx.mail.clear();
    await back.post('/api/auth/login', { identifier: 'ola', password: newPassword });
    const code = codeFrom(await ctx.mail.last(ola.email));
    expect((await back.post('/api/auth/mfa/verify', { userId, code })).statusCode).toBe(200);
    const deletion = await back.post('/api/profile/delete/confirm', { code: deleteCode });
    expect(deletion.statusCode).toBe(400);
  });
});
