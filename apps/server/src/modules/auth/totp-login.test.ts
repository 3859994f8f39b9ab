import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { codeFrom, createTestContext } from '../../../test/helpers';
import { mailTitled } from '../../../test/mail-helpers';
import { appCode, passwordStep, STEP_MS, userWithTotp } from '../../../test/totp-helpers';
import { securityLog, sessions, userTotp } from '../../db/schema/index';
import { TestClock } from '../../lib/clock';

/** The authenticator app as a second factor, with a clock the test moves (DESIGN.md §7.3). */

const ctx = createTestContext();
beforeAll(() => ctx.setup());
beforeEach(() => ctx.reset());
afterAll(() => ctx.teardown());

const tamara = { username: 'tamara', email: 'tamara@example.com' };
const PASSWORD = 'Sekretne-Haslo-42';

async function setup() {
  const clock = new TestClock(Date.UTC(2026, 10, 25, 12, 0, 10));
  const app = await ctx.app({ clock });
  const owner = await userWithTotp(app, ctx.mail, clock, tamara);
  ctx.mail.clear();
  const verify = async (code: string, method = 'totp') => {
    const { client, answer } = await passwordStep(app, tamara.username, PASSWORD);
    const response = await client.post('/api/auth/mfa/verify', {
      user_id: answer.user_id,
      code,
      method,
    });
    return { response, client };
  };
  return { app, clock, owner, verify };
}

describe('login with the authenticator app', () => {
  it('asks for the app code with the recovery fallback, and sends no e-mail', async () => {
    const { app, owner } = await setup();
    const { client, answer } = await passwordStep(app, tamara.email, PASSWORD);
    expect(answer).toEqual({
      mfa_required: true,
      user_id: owner.user.id,
      methods: ['totp', 'recovery'],
    });
    expect((await client.get('/api/auth/me')).statusCode).toBe(401);
    expect(ctx.mail.messages).toEqual([]);
    // E-mail codes are off for this account: neither sending nor using one is possible.
    const send = await client.post('/api/auth/mfa/send-email', { user_id: answer.user_id });
    expect(send.statusCode).toBe(400);
    const byMail = await client.post('/api/auth/mfa/verify', {
      user_id: answer.user_id,
      code: '123456',
    });
    expect(byMail.json()).toEqual({ error: 'invalid_code' });
    expect(ctx.mail.messages).toEqual([]);
  });

  it('accepts codes of the step before, now and after; refuses two steps away', async () => {
    const { owner, clock, verify } = await setup();
    // The step before now must be one the set-up's confirming code did not spend.
    clock.advance(STEP_MS);
    for (const steps of [-2, 2]) {
      const { response } = await verify(appCode(owner.secret, clock, steps));
      expect(response.statusCode, `step ${steps}`).toBe(400);
    }
    // In order, since every accepted step retires itself and all before it.
    for (const steps of [-1, 0, 1]) {
      const { response, client } = await verify(appCode(owner.secret, clock, steps));
      expect(response.statusCode, `step ${steps}`).toBe(200);
      expect((await client.get('/api/auth/me')).json().user.username).toBe('tamara');
      clock.advance(STEP_MS);
    }
  });

  it('refuses a code used once already, and an older one after a newer one', async () => {
    const { owner, clock, verify } = await setup();
    const code = appCode(owner.secret, clock);
    expect((await verify(code)).response.statusCode).toBe(200);
    const replay = await verify(code);
    expect(replay.response.json()).toEqual({ error: 'invalid_code' });
    expect((await replay.client.get('/api/auth/me')).statusCode).toBe(401);
    // Still inside the ±1 window 30 s later, but its step is spent.
    clock.advance(STEP_MS);
    expect((await verify(code)).response.statusCode).toBe(400);
    expect((await verify(appCode(owner.secret, clock, -1))).response.statusCode).toBe(400);
    expect((await verify(appCode(owner.secret, clock))).response.statusCode).toBe(200);
  });

  it('lets the same code through only once when sent twice at the same moment', async () => {
    const { app, owner, clock } = await setup();
    const code = appCode(owner.secret, clock);
    const browsers = await Promise.all(
      [1, 2, 3].map(() => passwordStep(app, tamara.username, PASSWORD)),
    );
    const answers = await Promise.all(
      browsers.map(({ client, answer }) =>
        client.post('/api/auth/mfa/verify', { user_id: answer.user_id, code, method: 'totp' }),
      ),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 400, 400]);
  });

  it('one password step opens one session: two different recovery codes sent at the same moment give one 200', async () => {
    const { app, owner } = await setup();
    const { client, answer } = await passwordStep(app, tamara.username, PASSWORD);
    const sessionsBefore = await app.deps.db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, owner.user.id));
    const [first, second] = owner.recoveryCodes;
    const answers = await Promise.all(
      [first, second].map((code) =>
        client.post('/api/auth/mfa/verify', { user_id: answer.user_id, code, method: 'recovery' }),
      ),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    expect(answers.find((r) => r.statusCode === 400)?.json()).toEqual({ error: 'invalid_code' });
    const sessionsAfter = await app.deps.db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, owner.user.id));
    expect(sessionsAfter).toHaveLength(sessionsBefore.length + 1);
  });

  it('a parallel burst of guesses gets no more tries than a sequence', async () => {
    const { app, owner, clock } = await setup();
    const right = appCode(owner.secret, clock);
    const wrong = right === '000000' ? '111111' : '000000';
    const { client, answer } = await passwordStep(app, tamara.username, PASSWORD);
    const burst = await Promise.all(
      Array.from({ length: 30 }, () =>
        client.post('/api/auth/mfa/verify', {
          user_id: answer.user_id,
          code: wrong,
          method: 'totp',
        }),
      ),
    );
    const statuses = burst.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 400)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20);
    // Locked now: even the right code waits, and recovery codes share the budget.
    const locked = await client.post('/api/auth/mfa/verify', {
      user_id: answer.user_id,
      code: right,
      method: 'totp',
    });
    expect(locked.statusCode).toBe(429);
    const recovery = await client.post('/api/auth/mfa/verify', {
      user_id: answer.user_id,
      code: owner.recoveryCodes[0],
      method: 'recovery',
    });
    expect(recovery.statusCode).toBe(429);
    const log = await ctx.database.db.select().from(securityLog);
    expect(log.filter((row) => row.event === 'mfa_failed')).toHaveLength(10);
    expect(log.filter((row) => row.event === 'mfa_locked')).toHaveLength(1);
    // After the lock ages out (and with a new password step: the old one expired), the right code works.
    clock.advance(15 * 60_000 + 1000);
    const again = await passwordStep(app, tamara.username, PASSWORD);
    const later = await again.client.post('/api/auth/mfa/verify', {
      user_id: again.answer.user_id,
      code: appCode(owner.secret, clock),
      method: 'totp',
    });
    expect(later.statusCode).toBe(200);
  });

  it("refuses another user's challenge, and one user's code for another", async () => {
    const { app, owner, clock } = await setup();
    const other = await userWithTotp(app, ctx.mail, clock, {
      username: 'bogdan',
      email: 'bogdan@example.com',
    });
    // Bogdan's browser holds a challenge for Bogdan only; it cannot finish Tamara's sign-in.
    const { client: bogdansBrowser } = await passwordStep(app, 'bogdan', PASSWORD);
    const crossed = await bogdansBrowser.post('/api/auth/mfa/verify', {
      user_id: owner.user.id,
      code: appCode(owner.secret, clock),
      method: 'totp',
    });
    expect(crossed.json()).toEqual({ error: 'invalid_code' });
    expect((await bogdansBrowser.get('/api/auth/me')).statusCode).toBe(401);
    // Tamara's challenge with Bogdan's app code.
    const { client, answer } = await passwordStep(app, 'tamara', PASSWORD);
    const wrongApp = await client.post('/api/auth/mfa/verify', {
      user_id: answer.user_id,
      code: appCode(other.secret, clock),
      method: 'totp',
    });
    expect(wrongApp.statusCode).toBe(400);
    // Tamara's code was not spent by the crossed try.
    const mine = await client.post('/api/auth/mfa/verify', {
      user_id: answer.user_id,
      code: appCode(owner.secret, clock),
      method: 'totp',
    });
    expect(mine.statusCode).toBe(200);
  });

  it('keeps the secret encrypted at rest', async () => {
    const { owner } = await setup();
    const [row] = await ctx.database.db.select().from(userTotp);
    expect(row?.secretCiphertext).toMatch(/^v1\./);
    expect(row?.secretCiphertext).not.toContain(owner.secret);
  });
});

describe('the app together with e-mailed codes', () => {
  it('lists "email" last and mails a code only on request', async () => {
    const { app, owner, clock } = await setup();
    // Turn e-mail codes on too, through the profile calls.
    expect((await owner.client.post('/api/profile/mfa/enable/request')).statusCode).toBe(200);
    const enableCode = codeFrom(await ctx.mail.last(tamara.email));
    expect(
      (await owner.client.post('/api/profile/mfa/enable/confirm', { code: enableCode })).statusCode,
    ).toBe(200);
    // The change's alert is sent in the background; it must not land after the clear.
    await mailTitled(ctx.mail, tamara.email, 'Włączono kody logowania e-mailem');
    ctx.mail.clear();

    const { client, answer } = await passwordStep(app, tamara.username, PASSWORD);
    expect(answer.methods).toEqual(['totp', 'recovery', 'email']);
    expect(ctx.mail.messages).toEqual([]);
    expect(
      (await client.post('/api/auth/mfa/send-email', { user_id: answer.user_id })).statusCode,
    ).toBe(200);
    const mail = await ctx.mail.last(tamara.email);
    expect(mail.subject).toBe('Kod logowania');
    // `method` defaults to "email".
    const verified = await client.post('/api/auth/mfa/verify', {
      user_id: answer.user_id,
      code: codeFrom(mail),
    });
    expect(verified.statusCode).toBe(200);
    // The app still works on the next sign-in.
    const next = await passwordStep(app, tamara.username, PASSWORD);
    const byApp = await next.client.post('/api/auth/mfa/verify', {
      user_id: next.answer.user_id,
      code: appCode(owner.secret, clock),
      method: 'totp',
    });
    expect(byApp.statusCode).toBe(200);
  });
});
