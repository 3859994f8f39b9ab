import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Client, codeFrom, createTestContext, registerUser } from '../../../test/helpers';
import { mailTitled } from '../../../test/mail-helpers';
import { securityLog } from '../../db/schema/index';
import { MemoryEventBus } from '../../events/bus';

/** Issue 19: changing the password and the e-mail address while signed in. */
const ctx = createTestContext();
beforeAll(() => ctx.setup());
beforeEach(() => ctx.reset());
afterAll(() => ctx.teardown());

const PASSWORD = 'Sekretne-Haslo-42';
const NEW_PASSWORD = 'Zupelnie-Nowe-Haslo-7';
type App = Parameters<typeof registerUser>[0];

async function login(app: App, identifier: string, password = PASSWORD) {
  const client = new Client(app);
  const response = await client.post('/api/auth/login', { identifier, password });
  return { client, response };
}

const mailsTo = (to: string) => ctx.mail.messages.filter((m) => m.to === to);

describe('POST /api/profile/password', () => {
  it('changes the password: other sessions end on every instance, this one stays, the owner is told', async () => {
    const bus = new MemoryEventBus();
    const first = await ctx.app({ bus });
    const second = await ctx.app({ bus });
    const { client: here } = await registerUser(first, ctx.mail, {
      username: 'jan',
      email: 'jan@example.com',
    });
    const { client: elsewhere } = await login(second, 'jan');
    expect((await elsewhere.get('/api/auth/me')).statusCode).toBe(200);

    const changed = await here.post('/api/profile/password', {
      current_password: PASSWORD,
      new_password: NEW_PASSWORD,
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({ ok: true });
    expect((await elsewhere.get('/api/auth/me')).statusCode).toBe(401);
    expect((await here.get('/api/auth/me')).statusCode).toBe(200);

    expect((await login(first, 'jan')).response.statusCode).toBe(401);
    expect((await login(second, 'jan', NEW_PASSWORD)).response.statusCode).toBe(200);
    const notice = await mailTitled(ctx.mail, 'jan@example.com', 'Hasło zostało zmienione');
    expect(notice.text).toContain('http://localhost:3000/profile');
    const events = await ctx.database.db.select().from(securityLog);
    expect(events.some((e) => e.event === 'password_changed')).toBe(true);
  });

  it('refuses a wrong current password with 400 invalid_credentials and changes nothing', async () => {
    const app = await ctx.app();
    const { client } = await registerUser(app, ctx.mail, {
      username: 'ewa',
      email: 'ewa@example.com',
    });
    const { client: other } = await login(app, 'ewa');
    const wrong = await client.post('/api/profile/password', {
      current_password: 'nie-to-haslo-123',
      new_password: NEW_PASSWORD,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ error: 'invalid_credentials' });
    expect((await other.get('/api/auth/me')).statusCode).toBe(200);
    expect((await login(app, 'ewa')).response.statusCode).toBe(200);
    const weak = await client.post('/api/profile/password', {
      current_password: PASSWORD,
      new_password: 'password123',
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error).toBe('weak_password');
    expect((await client.post('/api/profile/password', {})).json().error).toBe('validation_failed');
    expect(
      (await new Client(app).post('/api/profile/password', { current_password: 'x' })).statusCode,
    ).toBe(401);
  });

  it('throttles wrong current passwords like login failures, parallel bursts included', async () => {
    const app = await ctx.app();
    const { client } = await registerUser(app, ctx.mail, {
      username: 'zgaduj',
      email: 'zgaduj@example.com',
    });
    const guesses = await Promise.all(
      Array.from({ length: 14 }, (_, i) =>
        client.post('/api/profile/password', {
          current_password: `zgadywane-${i}-haslo`,
          new_password: NEW_PASSWORD,
        }),
      ),
    );
    const statuses = guesses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 400)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(4);
    // Even the right password waits now: the budget holds.
    const right = await client.post('/api/profile/password', {
      current_password: PASSWORD,
      new_password: NEW_PASSWORD,
    });
    expect(right.statusCode).toBe(429);
  });
});

describe('POST /api/profile/email and /confirm', () => {
  it('sends a code to the new address; the code switches it, the old address is told, sessions stay', async () => {
    const app = await ctx.app();
    const { client } = await registerUser(app, ctx.mail, {
      username: 'karol',
      email: 'karol@example.com',
    });
    const { client: phone } = await login(app, 'karol');
    const asked = await client.post('/api/profile/email', {
      new_email: 'karol.nowy@example.com',
      password: PASSWORD,
    });
    expect(asked.statusCode).toBe(200);
    const codeMail = await ctx.mail.last('karol.nowy@example.com');
    expect(codeMail.subject).toBe('Zmiana adresu e-mail');
    expect((await client.get('/api/auth/me')).json().user.email).toBe('karol@example.com');

    const confirmed = await client.post('/api/profile/email/confirm', { code: codeFrom(codeMail) });
    expect(confirmed.statusCode).toBe(200);
    expect((await client.get('/api/auth/me')).json().user.email).toBe('karol.nowy@example.com');
    expect((await phone.get('/api/auth/me')).json().user.email).toBe('karol.nowy@example.com');
    const notice = await mailTitled(
      ctx.mail,
      'karol@example.com',
      'Adres e-mail konta został zmieniony',
    );
    expect(notice.text).toContain('karol.nowy@example.com');
    // The new address signs in; the code cannot be used twice.
    expect((await login(app, 'karol.nowy@example.com')).response.statusCode).toBe(200);
    const again = await client.post('/api/profile/email/confirm', { code: codeFrom(codeMail) });
    expect(again.json()).toEqual({ error: 'invalid_code' });
  });

  it('refuses a wrong password, and throttles wrong codes', async () => {
    const app = await ctx.app();
    const { client } = await registerUser(app, ctx.mail, {
      username: 'basia',
      email: 'basia@example.com',
    });
    const wrongPassword = await client.post('/api/profile/email', {
      new_email: 'basia2@example.com',
      password: 'nie-to-haslo-123',
    });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json()).toEqual({ error: 'invalid_credentials' });
    expect(mailsTo('basia2@example.com')).toHaveLength(0);

    await client.post('/api/profile/email', {
      new_email: 'basia2@example.com',
      password: PASSWORD,
    });
    const code = codeFrom(await ctx.mail.last('basia2@example.com'));
    const wrongCode = code === '000000' ? '111111' : '000000';
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const response = await client.post('/api/profile/email/confirm', { code: wrongCode });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(statuses[10]).toBe(429);
    // The code died after its five tries, right digits or not.
    const late = await client.post('/api/profile/email/confirm', { code });
    expect([400, 429]).toContain(late.statusCode);
    expect((await client.get('/api/auth/me')).json().user.email).toBe('basia@example.com');
  });

  it("a taken address answers the same, sends no code, and tells that address's owner", async () => {
    const app = await ctx.app();
    const { client } = await registerUser(app, ctx.mail, {
      username: 'tadek',
      email: 'tadek@example.com',
    });
    await registerUser(app, ctx.mail, { username: 'zajety', email: 'zajety@example.com' });
    ctx.mail.clear();
    const asked = await client.post('/api/profile/email', {
      new_email: 'ZAJETY@example.com',
      password: PASSWORD,
    });
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toEqual({ ok: true });
    const notice = await mailTitled(ctx.mail, 'zajety@example.com', 'Próba zmiany adresu e-mail');
    expect(notice.text).not.toMatch(/^\d{6}$/m);
    const confirm = await client.post('/api/profile/email/confirm', { code: '123456' });
    expect(confirm.json()).toEqual({ error: 'invalid_code' });
    expect((await client.get('/api/auth/me')).json().user.email).toBe('tadek@example.com');
  });

  it('a pending change dies with a password change', async () => {
    const app = await ctx.app();
    const { client } = await registerUser(app, ctx.mail, {
      username: 'irena',
      email: 'irena@example.com',
    });
    await client.post('/api/profile/email', {
      new_email: 'irena2@example.com',
      password: PASSWORD,
    });
    const code = codeFrom(await ctx.mail.last('irena2@example.com'));
    await client.post('/api/profile/password', {
      current_password: PASSWORD,
      new_password: NEW_PASSWORD,
    });
    const confirm = await client.post('/api/profile/email/confirm', { code });
    expect(confirm.json()).toEqual({ error: 'invalid_code' });
  });
});
