import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Client, createTestContext, registerUser } from '../../../test/helpers';
import { appCode, passwordStep, STEP_MS, userWithTotp } from '../../../test/totp-helpers';
import { recoveryCodes } from '../../db/schema/index';
import { TestClock } from '../../lib/clock';

/** Setting up, confirming and turning off the app; recovery codes (DESIGN.md §7.3). */

const ctx = createTestContext();
beforeAll(() => ctx.setup());
beforeEach(() => ctx.reset());
afterAll(() => ctx.teardown());

const jan = { username: 'jan_k', email: 'jan@example.com' };
const PASSWORD = 'Sekretne-Haslo-42';

async function start() {
  const clock = new TestClock(Date.UTC(2026, 10, 25, 12, 0, 10));
  const app = await ctx.app({ clock });
  return { app, clock };
}

async function loginWith(
  app: Parameters<typeof passwordStep>[0],
  code: string,
  method: 'totp' | 'recovery',
) {
  const { client, answer } = await passwordStep(app, jan.username, PASSWORD);
  const response = await client.post('/api/auth/mfa/verify', {
    user_id: answer.user_id,
    code,
    method,
  });
  return response;
}

describe('setting up the authenticator app', () => {
  it('answers a 160-bit base32 secret and its otpauth address; nothing changes until confirmed', async () => {
    const { app, clock } = await start();
    const { client } = await registerUser(app, ctx.mail, jan);
    const setup = await client.post('/api/profile/totp/setup');
    expect(setup.statusCode).toBe(200);
    const { secret, otpauth_url } = setup.json();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const url = new URL(otpauth_url);
    expect(url.protocol).toBe('otpauth:');
    expect(url.searchParams.get('secret')).toBe(secret);
    expect(url.searchParams.get('issuer')).toBe('Nasze Studio');
    expect(url.searchParams.get('algorithm')).toBe('SHA1');
    expect(url.searchParams.get('digits')).toBe('6');
    expect(url.searchParams.get('period')).toBe('30');
    expect(decodeURIComponent(url.pathname)).toContain('jan_k');
    expect((await client.get('/api/profile/security')).json()).toEqual({
      totp_enabled: false,
      recovery_codes_left: 0,
      second_factors: { email_codes: false, totp: false, passkeys: 0 },
    });
    // Not on yet: the password alone signs in.
    const login = await new Client(app).post('/api/auth/login', {
      identifier: jan.username,
      password: PASSWORD,
    });
    expect(login.json()).toHaveProperty('user');

    const wrong = await client.post('/api/profile/totp/confirm', {
      code: appCode(secret, clock, 3),
    });
    expect(wrong.json()).toEqual({ error: 'invalid_code' });
    const confirmed = await client.post('/api/profile/totp/confirm', {
      code: appCode(secret, clock),
    });
    expect(confirmed.statusCode).toBe(200);
    const codes = confirmed.json().recovery_codes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes)
      expect(code.replace(/[^a-z0-9]/gi, '').length).toBeGreaterThanOrEqual(8);
    expect((await client.get('/api/profile/security')).json()).toEqual({
      totp_enabled: true,
      recovery_codes_left: 10,
      second_factors: { email_codes: false, totp: true, passkeys: 0 },
    });
    // Stored hashed, never as typed.
    const stored = await ctx.database.db.select().from(recoveryCodes);
    expect(stored.some((row) => codes.some((code) => row.codeHash.includes(code)))).toBe(false);
    // A second set-up while on is refused: the app cannot be swapped without turning it off.
    expect((await client.post('/api/profile/totp/setup')).statusCode).toBe(409);
  });

  it('needs a session and a same-origin request', async () => {
    const { app } = await start();
    const { client } = await registerUser(app, ctx.mail, jan);
    expect((await new Client(app).post('/api/profile/totp/setup')).statusCode).toBe(401);
    expect((await new Client(app).get('/api/profile/security')).statusCode).toBe(401);
    const crossSite = await client.post(
      '/api/profile/totp/setup',
      {},
      { origin: 'https://evil.example' },
    );
    expect(crossSite.statusCode).toBe(403);
  });
});

describe('recovery codes', () => {
  it('sign in once each, e-mail the owner, and count down', async () => {
    const { app, clock } = await start();
    const { client, recoveryCodes: codes } = await userWithTotp(app, ctx.mail, clock, jan);
    ctx.mail.clear();
    const first = codes[0] as string;
    // Typed in capitals and without the dash, it still counts.
    const used = await loginWith(app, first.toUpperCase().replace('-', ''), 'recovery');
    expect(used.statusCode).toBe(200);
    const notice = await ctx.mail.last(jan.email);
    expect(notice.subject).toBe('Użyto kodu zapasowego');
    expect(notice.text).toContain('Pozostałe kody zapasowe: 9.');
    expect((await loginWith(app, first, 'recovery')).json()).toEqual({ error: 'invalid_code' });
    expect((await client.get('/api/profile/security')).json().recovery_codes_left).toBe(9);
  });

  it('regenerating needs a current app code and kills every old code', async () => {
    const { app, clock } = await start();
    const owner = await userWithTotp(app, ctx.mail, clock, jan);
    const refused = await owner.client.post('/api/profile/recovery-codes', { code: '000000' });
    expect(refused.statusCode).toBe(400);
    const noCode = await owner.client.post('/api/profile/recovery-codes', {});
    expect(noCode.json().error).toBe('validation_failed');
    const fresh = await owner.client.post('/api/profile/recovery-codes', {
      code: appCode(owner.secret, clock),
    });
    expect(fresh.statusCode).toBe(200);
    const newCodes = fresh.json().recovery_codes as string[];
    expect(newCodes).toHaveLength(10);
    expect(newCodes.some((code) => owner.recoveryCodes.includes(code))).toBe(false);
    expect((await loginWith(app, owner.recoveryCodes[1] as string, 'recovery')).statusCode).toBe(
      400,
    );
    expect((await loginWith(app, newCodes[1] as string, 'recovery')).statusCode).toBe(200);
  });

  it("one user's recovery code does not open another account", async () => {
    const { app, clock } = await start();
    await userWithTotp(app, ctx.mail, clock, jan);
    const other = await userWithTotp(app, ctx.mail, clock, {
      username: 'ola',
      email: 'ola@example.com',
    });
    expect((await loginWith(app, other.recoveryCodes[0] as string, 'recovery')).statusCode).toBe(
      400,
    );
  });
});

describe('turning the app off', () => {
  it('needs a current code; then the recovery codes are gone and the password alone signs in', async () => {
    const { app, clock } = await start();
    const owner = await userWithTotp(app, ctx.mail, clock, jan);
    for (const body of [{}, { code: '' }, { code: 'abcdef' }]) {
      const response = await owner.client.post('/api/profile/totp/disable', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(
      (
        await owner.client.post('/api/profile/totp/disable', {
          code: appCode(owner.secret, clock, 2),
        })
      ).statusCode,
    ).toBe(400);
    expect((await owner.client.get('/api/profile/security')).json().totp_enabled).toBe(true);
    // A code already used (the confirming one, a step back) does not turn it off either.
    expect(
      (
        await owner.client.post('/api/profile/totp/disable', {
          code: appCode(owner.secret, clock, -1),
        })
      ).statusCode,
    ).toBe(400);

    const off = await owner.client.post('/api/profile/totp/disable', {
      code: appCode(owner.secret, clock),
    });
    expect(off.json()).toEqual({ ok: true });
    expect((await owner.client.get('/api/profile/security')).json()).toEqual({
      totp_enabled: false,
      recovery_codes_left: 0,
      second_factors: { email_codes: false, totp: false, passkeys: 0 },
    });
    expect(await ctx.database.db.select().from(recoveryCodes)).toEqual([]);
    clock.advance(STEP_MS);
    const login = await new Client(app).post('/api/auth/login', {
      identifier: jan.username,
      password: PASSWORD,
    });
    expect(login.json()).toHaveProperty('user');
  });
});
